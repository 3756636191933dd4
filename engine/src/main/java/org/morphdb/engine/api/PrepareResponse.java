package org.morphdb.engine.api;

import java.util.List;
import java.util.Map;

/**
 * A prepared statement's handle and its description.
 *
 * @param statementId   handle to pass in {@link ExecuteRequest#statementId()}
 * @param kind          what the statement does
 * @param parameters    one entry per '?' in order
 * @param columns       result columns (empty unless {@code kind == QUERY})
 * @param tableVersions table id → table version the description was made against; the
 *                      client sends these back as its schema versions (clientSV)
 */
public record PrepareResponse(
    long statementId, StatementKind kind, List<ColumnMeta> parameters,
    List<ColumnMeta> columns, Map<Integer, Integer> tableVersions) {}
