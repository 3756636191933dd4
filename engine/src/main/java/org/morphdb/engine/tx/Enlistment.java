package org.morphdb.engine.tx;

import org.morphdb.engine.catalog.TableDef;

/**
 * A table's binding in a read-write transaction: its schema {@code initial} (I) as of
 * {@code tableEnlistTs}, the moment the transaction first touched it.
 */
public record Enlistment(int tableId, long tableEnlistTs, TableDef initial) {}
