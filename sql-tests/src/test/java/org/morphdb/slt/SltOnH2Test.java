package org.morphdb.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The runner against H2 (and HSQLDB): the corpus's select1 and our own files pass. */
class SltOnH2Test {
  private static final Path OWN_FILES = Path.of("src/test/resources/slt");
  private static final Path REGRESSIONS = Path.of("src/test/resources/slt-regressions");

  @Test
  void select1FromTheCorpusPassesOnH2() {
    SltFileResult r = new SltRunner(SltTarget.h2()).run(SltSource.corpus("select1.test"));
    SltTests.assertPassed(r);
    assertEquals(1031, r.passed(), r.summary());
    assertEquals(0, r.skipped());
  }

  @TestFactory
  Stream<DynamicTest> ownFilesPassOnH2() throws IOException {
    return SltTests.eachFile(SltTarget.h2(), OWN_FILES.toString());
  }

  @TestFactory
  Stream<DynamicTest> ownFilesPassOnHsqldb() throws IOException {
    return SltTests.eachFile(SltTarget.hsqldb(), OWN_FILES.toString());
  }

  /** The regression files say what SQLite answers; H2 agrees, HSQLDB where it runs them. */
  @TestFactory
  Stream<DynamicTest> regressionFilesPassOnH2AndHsqldb() throws IOException {
    return Stream.concat(SltTests.eachFile(SltTarget.h2(), REGRESSIONS.toString()),
        SltTests.eachFile(SltTarget.hsqldb(), REGRESSIONS.toString()));
  }

  @Test
  void recordsFileCountsSkippedRecords() {
    SltFileResult r =
        new SltRunner(SltTarget.h2()).run(SltSource.file(OWN_FILES.resolve("records.test")));
    assertEquals(2, r.skipped(), r.summary());
    assertEquals(18, r.passed(), r.summary());
  }

  @Test
  void haltStopsTheFile() {
    SltFileResult r =
        new SltRunner(SltTarget.h2()).run(SltSource.file(OWN_FILES.resolve("halt.test")));
    assertEquals(3, r.passed());
    assertEquals(0, r.skipped(), "a halt is not a record, even when conditional");
    assertEquals(17, r.haltedAtLine());
  }

  @Test
  void wrongResultsAreReportedWithFileLineSqlExpectedAndGot() {
    Path file = Path.of("src/test/resources/slt-runner/wrong.test");
    SltFileResult r = new SltRunner(SltTarget.h2(), 3).run(SltSource.file(file));
    assertEquals(2, r.passed(), r.summary());
    assertEquals(7, r.failed(), r.summary());
    assertEquals(3, r.failures().size(), "only the first failures are kept");
    SltFailure first = r.failures().get(0);
    assertEquals(file + ":9", first.location());
    assertEquals("INSERT INTO w VALUES (1)", first.sql());
    assertEquals("ok", first.expected());
    assertTrue(first.actual().startsWith("error 23505/23505: "), first.actual());
    assertEquals("error", r.failures().get(1).expected());
    assertEquals("ok", r.failures().get(1).actual());
    assertEquals("error 42000", r.failures().get(2).expected());

    List<SltFailure> all = new SltRunner(SltTarget.h2()).run(SltSource.file(file)).failures();
    assertEquals(List.of(9, 12, 15, 18, 24, 29, 32), all.stream().map(SltFailure::line).toList());
    assertEquals("1\n2", all.get(3).expected());
    assertEquals("1\n2\n3", all.get(3).actual());
    assertEquals("3 values hashing to c0710d6b4f15dfa88f600b0e6b624077\n1\n2\n3",
        all.get(4).actual());
    assertEquals("1 columns instead of 2 ('II')", all.get(5).actual());
    assertEquals(file + ":32 [con1]", all.get(6).location());
  }

  @Test
  void parseErrorIsTheFileResultNotAnException() {
    Path file = Path.of("src/test/resources/slt-runner/malformed.test");
    SltFileResult r = new SltRunner(SltTarget.h2()).run(SltSource.file(file));
    assertEquals(file + ":4: query needs its column types, one letter per column (I integer, "
        + "R real, T text), e.g. 'query IIT rowsort'", r.error());
    assertEquals(0, r.passed() + r.failed());
  }

  @Test
  void unreachableDatabaseIsTheFileResult() {
    SltFileResult r = new SltRunner(SltTarget.url("jdbc:nosuchdb:"))
        .run(SltSource.file(OWN_FILES.resolve("halt.test")));
    assertTrue(r.error().startsWith("cannot open connection 'main' to nosuchdb"), r.error());
  }
}
