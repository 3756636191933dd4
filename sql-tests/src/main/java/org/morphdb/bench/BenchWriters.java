package org.morphdb.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Writer threads on the big table, one auto-commit connection each, mixing an UPDATE of a
 * random row and an INSERT of a new one half and half. Closed loop (as fast as they go) or
 * paced at a fixed offered rate, logging each operation's latency from its intended start.
 */
final class BenchWriters {
  private final Dbms.Db db;
  private final int rows;
  private final AtomicLong nextId;
  private final double ratePerSec;
  private final LongAdder done = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final List<Thread> threads = new ArrayList<>();
  private final List<LatencyLog> logs = new ArrayList<>();
  private volatile long[] lastIntended;
  private volatile boolean stop;
  private volatile String firstError;

  /** {@code ratePerSec} 0: closed loop; otherwise the offered rate over all threads. */
  BenchWriters(Dbms.Db db, int rows, AtomicLong nextId, double ratePerSec) {
    this.db = db;
    this.rows = rows;
    this.nextId = nextId;
    this.ratePerSec = ratePerSec;
  }

  void start(int count) {
    lastIntended = new long[count];
    long start = System.nanoTime();
    for (int i = 0; i < count; i++) {
      int index = i;
      LatencyLog log = new LatencyLog();
      logs.add(log);
      long period = ratePerSec > 0 ? Math.round(count * 1e9 / ratePerSec) : 0;
      // paced threads start half a period apart so that their operations interleave
      long first = start + period * i / count;
      Thread t = new Thread(() -> loop(index, log, first, period), "bench-writer-" + i);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
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

  private void loop(int index, LatencyLog log, long first, long period) {
    try (Connection c = db.connect();
         PreparedStatement update = c.prepareStatement("UPDATE big SET a = ?, b = ? WHERE id = ?");
         PreparedStatement insert = c.prepareStatement("INSERT INTO big VALUES (?, ?, ?, ?)")) {
      ThreadLocalRandom random = ThreadLocalRandom.current();
      long intended = first;
      while (!stop) {
        if (period > 0) {
          long wait = intended - System.nanoTime();
          if (wait > 0) {
            LockSupport.parkNanos(wait);
          }
        }
        write(random, update, insert);
        if (period > 0) {
          log.add(intended, System.nanoTime());
          long[] last = lastIntended;
          last[index] = intended;
          lastIntended = last; // volatile write publishes the progress
          intended += period;
        }
      }
    } catch (SQLException e) {
      error(e);
    }
  }

  private void write(ThreadLocalRandom random, PreparedStatement update, PreparedStatement insert) {
    try {
      if (random.nextBoolean()) {
        update.setInt(1, random.nextInt(rows));
        update.setInt(2, random.nextInt(1000));
        update.setLong(3, 1 + random.nextInt(rows));
        update.executeUpdate();
      } else {
        long id = nextId.getAndIncrement();
        insert.setLong(1, id);
        insert.setInt(2, random.nextInt(rows));
        insert.setInt(3, (int) (id % 1000));
        insert.setString(4, "new " + id);
        insert.executeUpdate();
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
