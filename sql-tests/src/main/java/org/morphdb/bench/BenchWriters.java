package org.morphdb.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Writer threads on the big table (or another of its shape), one auto-commit connection
 * each: half the writes UPDATE a random live row, a quarter INSERT a row above the highest
 * id, a quarter DELETE the lowest live row, so the table keeps its size however long they
 * run (the ids alive slide upwards).
 * Closed loop (as fast as they go) or paced at a fixed offered rate, logging each
 * operation's latency from its intended start.
 * {@link #start} returns once every thread has prepared its statements (the first statement
 * planned on a database can take seconds), and they all begin writing then.
 */
final class BenchWriters {
  private static final long READY_TIMEOUT_SECONDS = 120;

  private final Dbms.Db db;
  private final Ids ids;
  private final double ratePerSec;
  private final LongAdder done = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final List<Thread> threads = new ArrayList<>();
  private final List<LatencyLog> logs = new ArrayList<>();
  private final CountDownLatch go = new CountDownLatch(1);
  private volatile long startNanos;
  private volatile long[] lastIntended;
  private volatile boolean stop;
  private volatile String firstError;

  /** The table the writers write, and its live ids: (lowest deleted, highest inserted]. */
  static final class Ids {
    private final String table;
    private final int rows;
    private final AtomicLong deleted = new AtomicLong();
    private final AtomicLong inserted;

    /** Ids 1..rows of {@code big}. */
    Ids(int rows) {
      this("big", rows);
    }

    Ids(String table, int rows) {
      this.table = table;
      this.rows = rows;
      this.inserted = new AtomicLong(rows);
    }

    long random(ThreadLocalRandom random) {
      long lo = deleted.get() + 1;
      long hi = inserted.get();
      return hi <= lo ? lo : lo + random.nextLong(hi - lo + 1);
    }
  }

  /** {@code ratePerSec} 0: closed loop; otherwise the offered rate over all threads. */
  BenchWriters(Dbms.Db db, Ids ids, double ratePerSec) {
    this.db = db;
    this.ids = ids;
    this.ratePerSec = ratePerSec;
  }

  void start(int count) throws InterruptedException {
    lastIntended = new long[count];
    CountDownLatch ready = new CountDownLatch(count);
    long period = ratePerSec > 0 ? Math.round(count * 1e9 / ratePerSec) : 0;
    for (int i = 0; i < count; i++) {
      int index = i;
      LatencyLog log = new LatencyLog();
      logs.add(log);
      Thread t = new Thread(() -> run(index, log, period, count, ready), "bench-writer-" + i);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
    if (!ready.await(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      throw new IllegalStateException("writers not ready after " + READY_TIMEOUT_SECONDS + " s");
    }
    startNanos = System.nanoTime();
    go.countDown();
  }

  long done() {
    return done.sum();
  }

  long errors() {
    return errors.sum();
  }

  String firstError() {
    return firstError;
  }

  List<LatencyLog> logs() {
    return logs;
  }

  /** The writer threads (for measuring their CPU time and allocation). */
  List<Thread> threads() {
    return threads;
  }

  /** Waits until every paced thread has run the operations meant to start before {@code t}. */
  void awaitCaughtUp(long t, long timeoutNanos) {
    long deadline = System.nanoTime() + timeoutNanos;
    for (int i = 0; i < lastIntended.length; i++) {
      while (lastIntended[i] < t && System.nanoTime() < deadline && threads.get(i).isAlive()) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
      }
    }
  }

  void stop() throws InterruptedException {
    stop = true;
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(60));
    }
  }

  private void run(int index, LatencyLog log, long period, int count, CountDownLatch ready) {
    try (Connection c = db.connect();
         PreparedStatement update =
             c.prepareStatement("UPDATE " + ids.table + " SET a = ?, b = ? WHERE id = ?");
         PreparedStatement insert =
             c.prepareStatement("INSERT INTO " + ids.table + " VALUES (?, ?, ?, ?)");
         PreparedStatement delete =
             c.prepareStatement("DELETE FROM " + ids.table + " WHERE id = ?")) {
      ready.countDown();
      go.await();
      // paced threads start a fraction of a period apart so that their operations interleave
      loop(index, log, startNanos + period * index / count, period,
          new PreparedStatement[] {update, insert, delete});
    } catch (SQLException e) {
      error(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      ready.countDown(); // a thread that failed to prepare must not hold up start()
    }
  }

  private void loop(int index, LatencyLog log, long first, long period, PreparedStatement[] ps) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long intended = first;
    while (!stop) {
      if (period > 0) {
        long wait = intended - System.nanoTime();
        if (wait > 0) {
          LockSupport.parkNanos(wait);
        }
      }
      write(random, ps[0], ps[1], ps[2]);
      if (period > 0) {
        log.add(intended, System.nanoTime());
        long[] last = lastIntended;
        last[index] = intended;
        lastIntended = last; // volatile write publishes the progress
        intended += period;
      }
    }
  }

  private void write(ThreadLocalRandom random, PreparedStatement update,
      PreparedStatement insert, PreparedStatement delete) {
    try {
      int dice = random.nextInt(4);
      if (dice < 2) {
        update.setInt(1, random.nextInt(ids.rows));
        update.setInt(2, random.nextInt(1000));
        update.setLong(3, ids.random(random));
        update.executeUpdate();
      } else if (dice == 2) {
        long id = ids.inserted.incrementAndGet();
        insert.setLong(1, id);
        insert.setInt(2, random.nextInt(ids.rows));
        insert.setInt(3, (int) (id % 1000));
        insert.setString(4, "new " + id);
        insert.executeUpdate();
      } else {
        delete.setLong(1, ids.deleted.incrementAndGet());
        delete.executeUpdate();
      }
      done.increment();
    } catch (SQLException e) {
      error(e);
    }
  }

  private void error(SQLException e) {
    errors.increment();
    if (firstError == null) {
      firstError = e.getSQLState() + " " + e.getMessage();
    }
  }
}
