package org.morphdb.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The CI subset of SQLite's sqllogictest corpus on MorphDB, through the JDBC driver: every
 * record not listed in {@code docs/slt-skips.md} must pass. What is in the subset, and what is
 * not yet and why, is written in that document; keep the two in step.
 *
 * <p>With {@code morph.test.store=file} (the surefire run on durable databases) every file runs
 * on its own {@code jdbc:morph:file:} database, which is closed and opened again where queries
 * follow statements ({@link SltRunner#withReopens()}): the queries read what the checkpoint and
 * the log brought back. The files of {@link #SYNCED_ON_FILE} commit with {@code durability=sync}.
 */
class SltCorpusSubsetTest {
  /** The skip document, relative to this module. */
  static final Path SKIPS = Path.of("../docs/slt-skips.md");

  /**
   * The files, with the records each must pass (a guard against a file silently running
   * fewer records, e.g. a {@code halt} or a parse change).
   */
  static final Map<String, Integer> SUBSET = Map.ofEntries(
      Map.entry("select1.test", 1031),
      Map.entry("select2.test", 1031),
      Map.entry("select3.test", 3351),
      Map.entry("select4.test", 3857),
      Map.entry("select5.test", 1436),
      Map.entry("evidence/in1.test", 130),
      Map.entry("evidence/in2.test", 53),
      Map.entry("evidence/slt_lang_aggfunc.test", 5),
      Map.entry("evidence/slt_lang_createtrigger.test", 6),
      Map.entry("evidence/slt_lang_createview.test", 15),
      Map.entry("evidence/slt_lang_dropindex.test", 8),
      Map.entry("evidence/slt_lang_droptable.test", 12),
      Map.entry("evidence/slt_lang_droptrigger.test", 9),
      Map.entry("evidence/slt_lang_dropview.test", 13),
      Map.entry("evidence/slt_lang_reindex.test", 6),
      Map.entry("evidence/slt_lang_replace.test", 6),
      Map.entry("evidence/slt_lang_update.test", 23),
      Map.entry("index/between/1000/slt_good_0.test", 3792),
      Map.entry("index/commute/1000/slt_good_0.test", 4741),
      Map.entry("index/delete/10000/slt_good_0.test", 20347),
      Map.entry("index/in/10/slt_good_0.test", 10035),
      Map.entry("index/orderby/10/slt_good_0.test", 10053),
      Map.entry("index/orderby_nosort/10/slt_good_0.test", 10053),
      Map.entry("index/random/1000/slt_good_0.test", 2067),
      Map.entry("index/view/10000/slt_good_0.test", 10622),
      Map.entry("random/aggregates/slt_good_0.test", 10012),
      Map.entry("random/expr/slt_good_0.test", 10012),
      Map.entry("random/groupby/slt_good_0.test", 10012),
      Map.entry("random/select/slt_good_0.test", 10012));

  /**
   * The files that run on file databases with every commit forced (group commit): the DDL
   * files (evidence) and the write-heavy index files (deletes, updates, inserts through the
   * log with index maintenance). The rest loads its tables with thousands of single-row
   * commits and then queries them; it runs with {@code durability=async}, which writes the
   * same log and checkpoints but forces them in the background, so a reopen (a clean close)
   * finds the same files and CI is spared thousands of forces per file.
   */
  static final Set<String> SYNCED_ON_FILE = Set.of(
      "evidence/in1.test", "evidence/in2.test", "evidence/slt_lang_aggfunc.test",
      "evidence/slt_lang_createtrigger.test", "evidence/slt_lang_createview.test",
      "evidence/slt_lang_dropindex.test", "evidence/slt_lang_droptable.test",
      "evidence/slt_lang_droptrigger.test", "evidence/slt_lang_dropview.test",
      "evidence/slt_lang_reindex.test", "evidence/slt_lang_replace.test",
      "evidence/slt_lang_update.test", "index/commute/1000/slt_good_0.test",
      "index/delete/10000/slt_good_0.test", "index/random/1000/slt_good_0.test");

  static boolean onFile() {
    return "file".equals(System.getProperty("morph.test.store"));
  }

  /** A fresh file database per file under morph.test.dir. */
  static SltTarget fileTarget(String durability) {
    Path dir = Path.of(System.getProperty("morph.test.dir", "target/file-dbs"), "slt-" + System.nanoTime());
    return SltTarget.url("jdbc:morph:file:" + dir.toAbsolutePath() + "/" + SltTarget.DB_PLACEHOLDER
        + ";durability=" + durability);
  }

  /** In memory; on file, with reopens, synced for the files of {@link #SYNCED_ON_FILE}. */
  static SltRunner runnerFor(String file, SltSkips skips) {
    if (!onFile()) {
      return new SltRunner(SltTarget.morph(), SltRunner.DEFAULT_FAILURES_KEPT, skips);
    }
    SltTarget target = fileTarget(SYNCED_ON_FILE.contains(file) ? "sync" : "async");
    return new SltRunner(target, SltRunner.DEFAULT_FAILURES_KEPT, skips).withReopens();
  }

  /** Files run this many at a time, each on its own database (the machines have 2 cores). */
  static final int THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));

  /** A generous bound that only catches a hang. */
  static final long FILE_TIMEOUT_MINUTES = 20;

  @Test
  void everySyncedFileIsInTheSubset() {
    for (String f : SYNCED_ON_FILE) {
      assertTrue(SUBSET.containsKey(f), f + " runs synced on file databases but is not in the subset");
    }
  }

  @TestFactory
  Stream<DynamicTest> corpusSubsetPassesOnMorph() throws IOException {
    SltSkips skips = SltSkips.read(SKIPS);
    List<String> files = new ArrayList<>(SUBSET.keySet());
    files.sort(null);
    // all files start at once on a small pool; each dynamic test waits for its own
    ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
      Thread t = new Thread(r, "slt-subset");
      t.setDaemon(true);
      return t;
    });
    Map<String, Future<SltFileResult>> results = new LinkedHashMap<>();
    for (String f : files) {
      SltRunner runner = runnerFor(f, skips);
      results.put(f, pool.submit(() -> runner.run(SltSource.corpus(f))));
    }
    pool.shutdown();
    return files.stream().map(f -> DynamicTest.dynamicTest(f, () -> {
      assertFalse(skips.skipsFile(SltSource.CORPUS + f), f + " is both in the subset and skipped");
      SltFileResult r = results.get(f).get(FILE_TIMEOUT_MINUTES, TimeUnit.MINUTES);
      SltTests.assertPassed(r);
      assertEquals(SUBSET.get(f), r.passed(), r.summary());
      if (onFile() && !f.startsWith("evidence/")) {
        // (the evidence files are short DDL stories, several without a query after a statement)
        assertTrue(r.reopens() > 0, "the file database was never reopened: " + r.summary());
      }
    }));
  }
}
