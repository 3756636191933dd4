package org.morphdb.jdbc;

import java.sql.SQLException;
import java.util.List;
import org.morphdb.engine.api.StatementKind;
import org.morphdb.jdbc.remote.BatchMessages;
import org.morphdb.jdbc.remote.RemoteSession;

/**
 * A prepared statement's batch sent to a server in EXECUTE_BATCH requests (docs/protocol.md,
 * "Batches"): one request per chunk of rows instead of one per row. The server runs the rows
 * in order and stops at the first that fails; what happens then is what happens embedded,
 * where each row goes through the {@link RetryPolicy} alone: a schema version mismatch
 * re-prepares the statement and the rows are resent from the failing one, a 40001 in
 * auto-commit is retried from it, and any other error is a BatchUpdateException with the
 * counts of the rows done. Each row gets the retries it would get alone, as the retry count
 * starts again whenever a row got done.
 */
final class RemoteBatch {
  private final MorphStatement statement;
  private final PreparedCommand command;
  private final RemoteSession session;
  private final List<List<Object>> rows;
  private final List<String> keysAsked;
  private final long[] counts;
  /** Rows done so far: the next request starts here. */
  private int done;

  RemoteBatch(MorphStatement statement, PreparedCommand command, RemoteSession session,
      List<List<Object>> rows, List<String> keysAsked) {
    this.statement = statement;
    this.command = command;
    this.session = session;
    this.rows = rows;
    this.keysAsked = keysAsked;
    this.counts = new long[rows.size()];
  }

  long[] run() throws SQLException {
    try {
      statement.send(command, this::sendRest, () -> done);
    } catch (SQLException e) {
      throw MorphStatement.batchFailure(e, counts, done);
    }
    return counts;
  }

  /** Sends the rows not done yet, chunk after chunk; throws the error of the row that failed. */
  private Void sendRest() {
    while (done < rows.size()) {
      BatchMessages.BatchReply reply = session.executeBatch(command.id(), command.tableVersions(),
          keysAsked, rows, done);
      accept(reply);
      if (reply.error() != null) {
        throw reply.error().toException();
      }
    }
    return null;
  }

  private void accept(BatchMessages.BatchReply reply) {
    long[] ran = reply.counts();
    for (int i = 0; i < ran.length; i++) {
      counts[done + i] = reply.kind() == StatementKind.DML ? Math.max(ran[i], 0) : 0;
      if (reply.keys() != null) {
        statement.addGeneratedKeys(reply.keyColumns(), reply.keys().get(i));
      }
    }
    done += ran.length;
  }
}
