package org.morphdb.crash;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./morph crashtest}: a child JVM writes to a file database and runs DDL until it is
 * killed with SIGKILL at a random moment after its first acknowledged commit; then the database is reopened here and checked:
 * every commit the child saw acknowledged is there, whole (both rows of its pair), CHECK
 * TABLE is clean, no job is left RUNNING and no index short of PUBLIC. Repeated for every
 * kill, the database carrying over, so later rounds also recover what earlier ones left.
 * With {@code --target h2|hsqldb} the child inserts single rows with auto-commit into H2 or
 * HSQLDB in their default file settings, and the acknowledged commits missing after each
 * reopen are counted (and forgotten, so each counts once) instead of failing the run.
 */
public final class CrashTest {
  /** What the test is asked to do. */
  public record Config(int kills, Path dir, long seed, int writers, boolean async, int maxRunMillis,
      CrashTarget target) {
    public Config(int kills, Path dir, long seed, int writers, boolean async, int maxRunMillis) {
      this(kills, dir, seed, writers, async, maxRunMillis, CrashTarget.MORPH);
    }
  }

  private final Config config;
  private final PrintStream out;
  private final Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
  /** Acknowledged commits found missing at a reopen (H2, HSQLDB; for MorphDB a failure). */
  private long lost;
  /** Jobs a kill interrupted, ended at reopen: id and start → DONE or FAILED. */
  private final Map<String, String> interruptedJobs = new LinkedHashMap<>();

  public CrashTest(Config config, PrintStream out) {
    this.config = config;
    this.out = out;
  }

  public static int runCli(String[] args, PrintStream out, PrintStream err) throws IOException {
    int kills = 20;
    long seed = System.nanoTime();
    boolean async = false;
    int writers = 3;
    Path dir = null;
    CrashTarget target = CrashTarget.MORPH;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--kills" -> kills = Integer.parseInt(args[++i]);
        case "--seed" -> seed = Long.parseLong(args[++i]);
        case "--writers" -> writers = Integer.parseInt(args[++i]);
        case "--async" -> async = true;
        case "--dir" -> dir = Path.of(args[++i]);
        case "--target" -> target = CrashTarget.parse(args[++i]);
        case "--help" -> {
          out.println("crashtest [--kills N] [--seed S] [--writers N] [--async] [--dir DIR] [--target morph|h2|hsqldb]");
          return 0;
        }
        default -> {
          err.println("crashtest: unknown option " + args[i]);
          return 2;
        }
      }
    }
    if (dir == null) {
      dir = Files.createTempDirectory("morph-crashtest");
    }
    List<String> failures = new CrashTest(new Config(kills, dir, seed, writers, async, 1500, target), out).run();
    failures.forEach(f -> err.println("FAILED: " + f));
    return failures.isEmpty() ? 0 : 1;
  }

  private String url() {
    return config.target().url(config.dir(), config.async());
  }

  /** Acknowledged commits found missing (counted for H2 and HSQLDB; MorphDB fails on one). */
  public long lost() {
    return lost;
  }

  /** Runs every round; returns what went wrong (empty: every check passed). */
  public List<String> run() throws IOException {
    Random random = new Random(config.seed());
    long start = System.nanoTime();
    Files.createDirectories(config.dir());
    out.printf("crashtest: %d kills of a child JVM writing to %s (seed %d, %s)%n", config.kills(),
        config.dir().resolve("db"), config.seed(), config.target().describe(config.async()));
    List<String> failures = new ArrayList<>();
    long checked = 0;
    int rounds = 0;
    for (int round = 1; round <= config.kills() && failures.isEmpty(); round++) {
      long firstId = round * 1_000_000_000L;
      int acksBefore = acknowledged.size();
      long lostBefore = lost;
      String noAck = killChildAfter(round, firstId, 50 + random.nextInt(config.maxRunMillis()));
      if (noAck != null) {
        failures.add(noAck);
      }
      failures.addAll(check(round));
      checked += acknowledged.size() + lost - lostBefore; // every acknowledged commit, once per reopen
      rounds = round;
      out.printf("kill %d: %d commits acknowledged (%d in all), reopened: %s%s%n", round,
          acknowledged.size() + lost - lostBefore - acksBefore, acknowledged.size() + lost,
          failures.isEmpty() ? "ok" : "FAILED",
          config.target().mustKeepEveryCommit() ? "" : ", " + (lost - lostBefore) + " acknowledged missing");
    }
    long done = interruptedJobs.values().stream().filter("DONE"::equals).count();
    out.printf("crashtest: %d kills, %d commits acknowledged, %d checks of an acknowledged commit, "
        + "%d acknowledged missing, %d failures; %d jobs interrupted (%d completed, %d walked back); %.0f s%n",
        rounds, acknowledged.size() + lost, checked, lost, failures.size(), interruptedJobs.size(), done,
        interruptedJobs.size() - done, (System.nanoTime() - start) / 1e9);
    return failures;
  }

  /** A child that got nothing acknowledged within this time is a failure (a busy machine can take a minute to start a JVM). */
  static final int FIRST_ACK_SECONDS = 300;

  /** Runs a child, kills it {@code millis} after its first acknowledged commit; returns a failure or null. */
  private String killChildAfter(int round, long firstId, int millis) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String mode = config.target() == CrashTarget.MORPH ? "run" : "plain";
    Path stderr = config.dir().resolve("child-stderr.txt");
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        CrashWorker.class.getName(), mode, url(), Long.toString(firstId), Integer.toString(config.writers()))
        .redirectError(stderr.toFile()).start();
    CountDownLatch firstAck = new CountDownLatch(1);
    Thread reader = new Thread(() -> readAcks(child, firstAck), "crashtest-acks");
    reader.start();
    try {
      // the random moment is counted from the first acknowledged commit, so every round
      // has something to check (a slow machine can take many seconds to start a JVM)
      if (!firstAck.await(FIRST_ACK_SECONDS, TimeUnit.SECONDS)) {
        boolean alive = child.isAlive();
        child.destroyForcibly();
        child.waitFor(60, TimeUnit.SECONDS);
        return "round " + round + ": the child JVM acknowledged no commit within " + FIRST_ACK_SECONDS
            + " s (" + (alive ? "still running" : "exited " + child.exitValue()) + "); its stderr ends: "
            + tail(stderr);
      }
      Thread.sleep(millis);
      child.destroyForcibly(); // SIGKILL: no shutdown hook, no finally block runs
      child.waitFor(60, TimeUnit.SECONDS);
      reader.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      child.destroyForcibly();
    }
    return null;
  }

  private static String tail(Path file) throws IOException {
    String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    return text.substring(Math.max(0, text.length() - 2000));
  }

  private void readAcks(Process child, CountDownLatch firstAck) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        if (line.startsWith("ACK ")) {
          acknowledged.add(Long.parseLong(line.substring(4)));
          firstAck.countDown();
        }
      }
    } catch (IOException | NumberFormatException e) {
      // the child died mid-line: that id was not acknowledged yet
    }
  }

  private List<String> check(int round) {
    List<String> failures = new ArrayList<>();
    try (Connection c = connectAfterKill(); Statement s = c.createStatement()) {
      Set<Long> ids = new HashSet<>();
      Set<String> pairs = new HashSet<>();
      try (ResultSet rs = s.executeQuery("SELECT ID, PAIR FROM CT")) {
        while (rs.next()) {
          ids.add(rs.getLong(1));
          pairs.add(rs.getLong(1) + "|" + rs.getLong(2));
        }
      }
      if (!config.target().mustKeepEveryCommit()) {
        countLost(ids);
        config.target().release(c);
        return failures;
      }
      for (long id : acknowledged) {
        if (!ids.contains(id) || !ids.contains(-id)) {
          failures.add("round " + round + ": acknowledged commit " + id + " is missing");
        }
      }
      for (String p : pairs) {
        String[] two = p.split("\\|");
        if (!pairs.contains(two[1] + "|" + two[0])) {
          failures.add("round " + round + ": half a commit is visible: " + p);
        }
      }
      failures.addAll(rowsOf(s, "CHECK TABLE CT", "round " + round + ": CHECK TABLE: "));
      failures.addAll(rowsOf(s, "SELECT JOB_ID, STATEMENT FROM SYS.DDL_JOBS WHERE STATE = 'RUNNING'",
          "round " + round + ": job still running: "));
      failures.addAll(rowsOf(s, "SELECT INDEX_NAME, STATE FROM INFORMATION_SCHEMA.INDEXES WHERE STATE <> 'PUBLIC'",
          "round " + round + ": index left short of PUBLIC: "));
      try (ResultSet rs = s.executeQuery("SELECT JOB_ID, STARTED, STATE FROM SYS.DDL_JOBS"
          + " WHERE ERROR LIKE 'Interrupted by a crash%'")) {
        while (rs.next()) {
          interruptedJobs.put(rs.getLong(1) + "@" + rs.getString(2), rs.getString(3));
        }
      }
    } catch (SQLException e) {
      failures.add("round " + round + ": reopen failed: " + e.getSQLState() + " " + e.getMessage());
    }
    return failures;
  }

  /**
   * The reopen. HSQLDB refuses its database while the killed process's lock file heartbeat is
   * less than about 10 s old: it is retried for up to a minute (the others answer at once).
   */
  private Connection connectAfterKill() throws SQLException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try {
        return DriverManager.getConnection(url());
      } catch (SQLException e) {
        boolean lockHeld = config.target() == CrashTarget.HSQLDB && String.valueOf(e.getMessage()).contains("lock");
        if (!lockHeld || System.nanoTime() > deadline) {
          throw e;
        }
        try {
          Thread.sleep(1000);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /** H2, HSQLDB: the acknowledged ids not found are counted and forgotten. */
  private void countLost(Set<Long> ids) {
    for (var it = acknowledged.iterator(); it.hasNext(); ) {
      if (!ids.contains(it.next())) {
        it.remove();
        lost++;
      }
    }
  }

  private static List<String> rowsOf(Statement s, String sql, String prefix) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder(prefix);
        for (int i = 1; i <= n; i++) {
          b.append(i > 1 ? " " : "").append(rs.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }
}
