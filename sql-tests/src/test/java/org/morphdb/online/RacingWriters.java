package org.morphdb.online;

import static org.morphdb.online.OnlineDb.get;
import static org.morphdb.online.OnlineDb.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The writers of {@link ForeignKeyRaceTest}'s race on the tables of
 * {@link ForeignKeyRaceTest#tables}, extended with parents 1000..1009 (never deleted) and
 * 100..399 (parent i referenced by child i). Node 1 inserts children of parents 1000..1009
 * and, every third write once {@link #violate} is set, children of missing parents. Node 2
 * inserts parents and deletes them again, updates the never-deleted ones, and every third
 * write once {@link #violate} is set deletes a referenced parent (100, 101, ...). Only an
 * orphaning write may fail, and only with 23503.
 */
final class RacingWriters {
  private static final int WRITES = 900;

  final AtomicBoolean violate;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final List<Future<List<String>>> writers = new ArrayList<>();

  RacingWriters(OnlineDb db, int round, boolean violateFromTheStart) throws SQLException {
    violate = new AtomicBoolean(violateFromTheStart);
    int base = 100_000 + round * 1_000;
    Connection children = db.connect(1);
    Connection parents = db.connect(2);
    writers.add(db.async(() -> run(i -> {
      boolean bad = i % 3 == 0 && violate.get();
      int pid = bad ? 900_000 + i : 1000 + i % 10;
      return new Write("INSERT INTO c (id, pid) VALUES (" + (base + i) + ", " + pid + ")", bad);
    }, children)));
    int[] nextReferenced = {100};
    writers.add(db.async(() -> run(i -> {
      if (i % 3 == 0) {
        return violate.get() ? new Write("DELETE FROM p WHERE id = " + nextReferenced[0]++, true)
            : new Write("UPDATE p SET w = w + 1 WHERE id = " + (1000 + i % 10), false);
      }
      return i % 3 == 1 ? new Write("INSERT INTO p (id, w) VALUES (" + (base + i) + ", 0)", false)
          : new Write("DELETE FROM p WHERE id = " + (base + i - 1), false); // the one just inserted: unreferenced
    }, parents)));
  }

  /** One write: its SQL, and whether it would orphan a child. */
  private record Write(String sql, boolean orphaning) {}

  private interface Plan {
    Write write(int i);
  }

  private List<String> run(Plan plan, Connection c) {
    List<String> unexpected = new ArrayList<>();
    for (int i = 0; !stop.get() && i < WRITES; i++) {
      Write w = plan.write(i);
      try {
        update(c, w.sql());
      } catch (SQLException e) {
        if (!(w.orphaning() && "23503".equals(e.getSQLState()))) {
          unexpected.add(w.sql() + " -> " + e.getSQLState() + " " + e.getMessage());
        }
      }
    }
    return unexpected;
  }

  /** Stops both writers; returns the errors they met that no rule explains. */
  List<String> stop() {
    stop.set(true);
    List<String> out = new ArrayList<>();
    for (Future<List<String>> w : writers) {
      out.addAll(get(w));
    }
    return out;
  }
}
