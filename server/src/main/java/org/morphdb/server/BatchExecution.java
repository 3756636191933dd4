package org.morphdb.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.ExecuteRequest;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.Session;
import org.morphdb.engine.api.StatementKind;
import org.morphdb.jdbc.remote.BatchMessages.BatchCall;
import org.morphdb.jdbc.remote.BatchMessages.BatchReply;
import org.morphdb.jdbc.remote.Messages;
import org.morphdb.jdbc.remote.Protocol;

/**
 * Runs the rows of an EXECUTE_BATCH request in order, each through the same {@link
 * Session#execute} a single EXECUTE uses, and stops at the first row that fails. In
 * auto-commit each row commits as it runs, so the rows before a failure stay committed, as
 * with the embedded driver; in a transaction they stay in it. The failure is part of the
 * reply (with the counts of the rows done), not an error reply, so the driver knows where to
 * go on from.
 */
final class BatchExecution {
  private final Session session;
  private final BatchCall call;
  private final java.util.function.BooleanSupplier cancelled;
  private final long[] counts;
  private final List<List<Object[]>> keys;
  private List<ColumnMeta> keyColumns = List.of();
  private StatementKind kind = StatementKind.DML;
  private Map<Integer, Integer> tableVersions;
  private int done;

  BatchExecution(Session session, BatchCall call, java.util.function.BooleanSupplier cancelled) {
    this.session = session;
    this.call = call;
    this.cancelled = cancelled;
    this.counts = new long[call.rows().size()];
    this.keys = call.generatedKeyColumns() == null ? null : new ArrayList<>(call.rows().size());
    this.tableVersions = call.clientTableVersions();
  }

  BatchReply run() {
    Messages.WireError error = null;
    for (List<Object> row : call.rows()) {
      try {
        if (cancelled.getAsBoolean()) { // a CANCEL between two rows: the statement of neither saw it
          throw new MorphException(ErrorCode.CANCELLED, "The batch was cancelled");
        }
        if (!runRow(row)) {
          break; // a query in a plain statement batch: the driver reports it (07003)
        }
      } catch (MorphException e) {
        error = Messages.WireError.of(e);
        break;
      } catch (RuntimeException | StackOverflowError e) {
        error = Messages.WireError.of(RequestDispatcher.internalError(e));
        break;
      }
    }
    long[] ran = done == counts.length ? counts : java.util.Arrays.copyOf(counts, done);
    return new BatchReply(kind, tableVersions, ran, keys == null ? null : keyColumns, keys, error);
  }

  /** Runs one row; false when it returned a result set, which ends the batch. */
  private boolean runRow(List<Object> row) {
    Response r = session.execute(request(row));
    if (r.rows() != null) {
      r.rows().close();
    }
    kind = r.kind();
    tableVersions = r.tableVersions();
    counts[done] = switch (r.kind()) { // as the driver's Statement.getLargeUpdateCount answers
      case QUERY -> Protocol.BATCH_ROW_RETURNED_ROWS;
      case DML -> Math.max(r.updateCount(), 0);
      default -> 0;
    };
    if (keys != null) {
      if (r.generatedKeys() != null) {
        keyColumns = r.generatedKeys().columns();
        keys.add(r.generatedKeys().rows());
      } else {
        keys.add(List.of());
      }
    }
    done++;
    return r.kind() != StatementKind.QUERY;
  }

  /**
   * A row of a prepared statement holds its parameters; a row of a plain statement batch
   * (statement id 0) holds its SQL text.
   */
  private ExecuteRequest request(List<Object> row) {
    if (call.statementId() != 0) {
      return new ExecuteRequest(call.statementId(), null, row, call.clientTableVersions(), 0,
          call.generatedKeyColumns());
    }
    if (row.size() != 1 || !(row.get(0) instanceof String sql)) {
      throw new MorphException(ErrorCode.SYNTAX_ERROR, "A plain statement batch row holds one SQL text");
    }
    return new ExecuteRequest(0, sql, List.of(), Map.of(), 0, call.generatedKeyColumns());
  }
}
