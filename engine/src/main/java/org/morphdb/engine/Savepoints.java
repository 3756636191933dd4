package org.morphdb.engine;

import java.util.ArrayList;
import java.util.List;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.StatementKind;
import org.morphdb.engine.sql.parser.SqlTransactionControl;
import org.morphdb.engine.tx.Transaction;

/**
 * A session's transaction-control statements: COMMIT and ROLLBACK as SQL, and savepoints.
 * A savepoint is a position in the transaction's write set; rolling back to it undoes the
 * writes made since and keeps the locks taken (two-phase locking releases locks only at the
 * end), as other lock-based databases do. Names are case-folded like any identifier; a
 * second savepoint of the same name replaces the first (SQL's rule).
 */
final class Savepoints {
  private record Mark(String name, int position) {}

  private final SessionImpl session;
  private final List<Mark> marks = new ArrayList<>();

  Savepoints(SessionImpl session) {
    this.session = session;
  }

  Response run(SqlTransactionControl control) {
    String name = control.savepoint() == null ? null : control.savepoint().getSimple();
    switch (control.action()) {
      case COMMIT -> session.commit();
      case ROLLBACK -> session.rollback();
      case SAVEPOINT -> set(name);
      case ROLLBACK_TO -> rollbackTo(name);
      case RELEASE -> release(name);
    }
    return Response.ok(StatementKind.OTHER);
  }

  private void set(String name) {
    if (session.autoCommit()) {
      throw MorphException.of(ErrorCode.INVALID_SAVEPOINT,
          "SAVEPOINT %s: there is no transaction to mark while auto-commit is on", name);
    }
    Transaction tx = session.currentTransaction(); // a savepoint begins the transaction
    tx.throwIfAborted();
    marks.removeIf(m -> m.name().equals(name));
    marks.add(new Mark(name, tx.writes().savepoint()));
  }

  private void rollbackTo(String name) {
    int i = find(name);
    Transaction tx = session.transaction();
    tx.throwIfAborted(); // an aborted transaction can only roll back whole
    tx.writes().rollbackTo(marks.get(i).position());
    marks.subList(i + 1, marks.size()).clear(); // the savepoint itself stays
  }

  private void release(String name) {
    int i = find(name);
    marks.subList(i, marks.size()).clear();
  }

  private int find(String name) {
    for (int i = marks.size() - 1; i >= 0; i--) {
      if (marks.get(i).name().equals(name)) {
        return i;
      }
    }
    throw MorphException.of(ErrorCode.INVALID_SAVEPOINT, "Savepoint %s does not exist in this transaction", name);
  }

  /** The transaction ended: its savepoints with it. */
  void clear() {
    marks.clear();
  }
}
