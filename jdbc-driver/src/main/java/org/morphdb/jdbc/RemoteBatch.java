package org.morphdb.jdbc;

import java.sql.SQLException;
import java.util.List;
import org.morphdb.jdbc.remote.BatchMessages;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.jdbc.remote.RemoteSession;

/**
 * A JDBC batch sent to a server in EXECUTE_BATCH requests (docs/protocol.md, "Batches"): one
 * request per chunk of rows instead of one per row; a row holds a prepared statement's
 * parameters, or a plain statement batch's SQL text. The server runs the rows
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
  /** The row of a plain statement batch that returned a result set, or -1. */
  private int query = -1;

  private RemoteBatch(MorphStatement statement, PreparedCommand command, RemoteSession session,
      List<List<Object>> rows, List<String> keysAsked) {
    this.statement = statement;
    this.command = command;
    this.session = session;
    this.rows = rows;
    this.keysAsked = keysAsked;
    this.counts = new long[rows.size()];
  }

  /** A prepared statement's batch: each row holds its parameters. */
  static RemoteBatch prepared(MorphStatement statement, PreparedCommand command, RemoteSession session,
      List<List<Object>> rows, List<String> keysAsked) {
    return new RemoteBatch(statement, command, session, rows, keysAsked);
  }

  /** A plain statement's batch: each row holds one SQL text (statement id 0 on the wire). */
  static RemoteBatch plain(MorphStatement statement, RemoteSession session, List<String> sql) {
    List<List<Object>> rows = new java.util.ArrayList<>(sql.size());
    for (String s : sql) {
      rows.add(List.of(s));
    }
    return new RemoteBatch(statement, null, session, rows, null);
  }

  long[] run() throws SQLException {
    session.chunksBegin();
    try {
      statement.send(command, this::sendRest, () -> done);
    } catch (SQLException e) {
      throw Errors.batchFailure(e, counts, done);
    } finally {
      session.chunksEnd();
    }
    if (query >= 0) { // as embedded: the query ran, its result is dropped, and the batch fails there
      SQLException e = Errors.create("The statement returns a result set: " + rows.get(query).get(0), Errors.IS_A_QUERY);
      throw Errors.batchFailure(e, counts, query);
    }
    statement.batchDone(counts);
    return counts;
  }

  /** Sends the rows not done yet, chunk after chunk; throws the error of the row that failed. */
  private Void sendRest() {
    while (done < rows.size() && query < 0) {
      BatchMessages.BatchReply reply = command == null
          ? session.executeBatch(0, java.util.Map.of(), keysAsked, rows, done)
          : session.executeBatch(command.id(), command.tableVersions(), keysAsked, rows, done);
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
      if (ran[i] == Protocol.BATCH_ROW_RETURNED_ROWS) {
        query = done + i;
        done = query;
        return;
      }
      counts[done + i] = ran[i];
      if (reply.keys() != null) {
        statement.addGeneratedKeys(reply.keyColumns(), reply.keys().get(i));
      }
    }
    done += ran.length;
  }
}
