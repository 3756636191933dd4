package org.morphdb.engine.tx;

/**
 * Life of a transaction. ACTIVE → COMMITTING (it holds a commitTs; eager abort may no longer
 * touch it) → COMMITTED, or ACTIVE → ABORTED (by its own rollback or failure, or eagerly by
 * a DDL). The move out of ACTIVE is a compare-and-set, which decides the race between a
 * transaction's own thread and a DDL aborting it.
 */
public enum TxState { ACTIVE, COMMITTING, COMMITTED, ABORTED }
