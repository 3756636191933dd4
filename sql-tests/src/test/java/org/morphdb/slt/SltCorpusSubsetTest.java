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
import org.junit.jupiter.api.TestFactory;

/**
 * The CI subset of SQLite's sqllogictest corpus on MorphDB, through the JDBC driver: every
 * record not listed in {@code docs/slt-skips.md} must pass. What is in the subset, and what is
 * not yet and why, is written in that document; keep the two in step.
 *
 * <p>With {@code morph.test.store=file} (the surefire run on durable databases) each file runs
 * on its own {@code jdbc:morph:file:} database, and only the files of {@link #ON_FILE} run.
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
   * The part that runs on file databases: the DDL files (evidence) and the write-heavy index
   * files (deletes, updates, inserts through the log with index maintenance). The query-heavy
   * rest (select1-5, the random and the other index files) exercises nothing a file database
   * changes, and would add about ten minutes of CI on the 2-core machine (measured: the whole
   * subset took 636 s on file, one file at a time, under a load average of 12).
   */
  static final Set<String> ON_FILE = Set.of(
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

  /** MorphDB in memory, or on a fresh file database per file under morph.test.dir. */
  static SltTarget target() {
    if (!onFile()) {
      return SltTarget.morph();
    }
    Path dir = Path.of(System.getProperty("morph.test.dir", "target/file-dbs"), "slt-" + System.nanoTime());
    return SltTarget.url("jdbc:morph:file:" + dir.toAbsolutePath() + "/" + SltTarget.DB_PLACEHOLDER);
  }

  /** Files run this many at a time, each on its own database (the machines have 2 cores). */
  static final int THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));

  /** A generous bound that only catches a hang. */
  static final long FILE_TIMEOUT_MINUTES = 20;

  @TestFactory
  Stream<DynamicTest> corpusSubsetPassesOnMorph() throws IOException {
    SltSkips skips = SltSkips.read(SKIPS);
    SltRunner runner = new SltRunner(target(), SltRunner.DEFAULT_FAILURES_KEPT, skips);
    List<String> files = new ArrayList<>(onFile() ? ON_FILE : SUBSET.keySet());
    files.sort(null);
    // all files start at once on a small pool; each dynamic test waits for its own
    ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
      Thread t = new Thread(r, "slt-subset");
      t.setDaemon(true);
      return t;
    });
    Map<String, Future<SltFileResult>> results = new LinkedHashMap<>();
    for (String f : files) {
      results.put(f, pool.submit(() -> runner.run(SltSource.corpus(f))));
    }
    pool.shutdown();
    return files.stream().map(f -> DynamicTest.dynamicTest(f, () -> {
      assertTrue(SUBSET.containsKey(f), f + " runs on file databases but is not in the subset");
      assertFalse(skips.skipsFile(SltSource.CORPUS + f), f + " is both in the subset and skipped");
      SltFileResult r = results.get(f).get(FILE_TIMEOUT_MINUTES, TimeUnit.MINUTES);
      SltTests.assertPassed(r);
      assertEquals(SUBSET.get(f), r.passed(), r.summary());
    }));
  }
}
