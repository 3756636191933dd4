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
        runRow(row);
      } catch (MorphException e) {
        error = Messages.WireError.of(e);
        break;
      } catch (RuntimeException | StackOverflowError e) {
        error = Messages.WireError.of(new MorphException(ErrorCode.INTERNAL_ERROR,
            "Internal error in the MorphDB server: " + e, e));
        break;
      }
    }
    long[] ran = done == counts.length ? counts : java.util.Arrays.copyOf(counts, done);
    return new BatchReply(kind, tableVersions, ran, keys == null ? null : keyColumns, keys, error);
  }

  private void runRow(List<Object> row) {
    Response r = session.execute(new ExecuteRequest(call.statementId(), null, row, call.clientTableVersions(),
        0, call.generatedKeyColumns()));
    if (r.rows() != null) {
      r.rows().close(); // a batch item returns no rows; the driver refuses a query before sending
    }
    kind = r.kind();
    tableVersions = r.tableVersions();
    counts[done] = r.updateCount();
    if (keys != null) {
      if (r.generatedKeys() != null) {
        keyColumns = r.generatedKeys().columns();
        keys.add(r.generatedKeys().rows());
      } else {
        keys.add(List.of());
      }
    }
    done++;
  }
}
