package org.morphdb.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.morphdb.slt.SltRecord.Query;
import org.morphdb.slt.SltRecord.SortMode;
import org.morphdb.slt.SltRecord.Statement;

class SltParserTest {

  private static SltRecord only(String text) throws SltParseException {
    List<SltRecord> records = SltParser.parse("t.test", text).records();
    assertEquals(1, records.size(), records.toString());
    return records.get(0);
  }

  private static String parseError(String text) {
    return assertThrows(SltParseException.class, () -> SltParser.parse("bad.test", text))
        .getMessage();
  }

  @Test
  void statementOkAndErrorWithConnectionsAndSqlStates() throws Exception {
    Statement ok = (Statement) only("statement ok\nCREATE TABLE t\n  (x INT)\n");
    assertEquals("CREATE TABLE t\n  (x INT)", ok.sql());
    assertEquals(SltRecord.MAIN_CONNECTION, ok.connection());
    assertFalse(ok.expectsError());

    assertEquals("con1", ((Statement) only("statement ok con1\nSELECT 1")).connection());

    Statement any = (Statement) only("statement error\nBAD");
    assertTrue(any.expectsError());
    assertNull(any.error().sqlState());

    Statement state = (Statement) only("statement error 40001 con2\nCOMMIT");
    assertEquals("40001", state.error().sqlState());
    assertNull(state.error().vendorCode());
    assertEquals("con2", state.connection());

    Statement vendor = (Statement) only("statement error con2 40001/1002\nCOMMIT");
    assertEquals("40001", vendor.error().sqlState());
    assertEquals(1002, vendor.error().vendorCode());
    assertEquals("con2", vendor.connection());

    Statement message = (Statement) only("statement error 42S02\nSELECT * FROM nope\n----\nnope\n");
    assertEquals("nope", message.error().messageFragment());
  }

  @Test
  void queryTokensSortModesLabelsAndConnections() throws Exception {
    Query q = (Query) only(
        "query IRT rowsort label-7\nSELECT a,\n b, c FROM t\n----\n1\n2.000\nx\n");
    assertEquals("IRT", q.types());
    assertEquals(SortMode.ROWSORT, q.sort());
    assertEquals("label-7", q.label());
    assertEquals(SltRecord.MAIN_CONNECTION, q.connection());
    assertEquals("SELECT a,\n b, c FROM t", q.sql());
    assertEquals(List.of("1", "2.000", "x"), q.expected().values());

    Query duck = (Query) only("query I con2 rowsort\nSELECT 1");
    assertEquals("con2", duck.connection());
    assertEquals(SortMode.ROWSORT, duck.sort());
    assertEquals(List.of(), duck.expected().values());

    Query trailing = (Query) only("query II valuesort con1\nSELECT 1, 2\n----\n1\t2");
    assertEquals("con1", trailing.connection());
    assertEquals(SortMode.VALUESORT, trailing.sort());
    assertEquals(List.of("1", "2"), trailing.expected().values());

    Query plain = (Query) only("query T\nSELECT 'a'\n----\na");
    assertEquals(SortMode.NOSORT, plain.sort());
    assertNull(plain.label());

    Query hashed = (Query) only("query I nosort\nSELECT 1\n----\n"
        + "30 values hashing to 3c13dee48d9356ae19af2515e05e6b54");
    assertTrue(hashed.expected().isHash());
    assertEquals(30, hashed.expected().count());
    assertEquals("3c13dee48d9356ae19af2515e05e6b54", hashed.expected().hash());
  }

  @Test
  void conditionsCommentsHaltAndThreshold() throws Exception {
    List<SltRecord> records = SltParser.parse("t.test", """
        # a comment
        hash-threshold 8

        skipif mysql # not compatible
        onlyif h2
        # comment inside a record
        statement ok
        SELECT 1
        # comment in the SQL

        onlyif sqlite
        halt
        """).records();
    assertEquals(3, records.size());
    assertEquals(8, assertInstanceOf(SltRecord.HashThreshold.class, records.get(0)).threshold());
    Statement s = assertInstanceOf(Statement.class, records.get(1));
    assertEquals(7, s.line());
    assertEquals("SELECT 1", s.sql());
    assertTrue(s.appliesTo("h2"));
    assertFalse(s.appliesTo("mysql"));
    assertFalse(s.appliesTo("morphdb"));
    SltRecord.Halt halt = assertInstanceOf(SltRecord.Halt.class, records.get(2));
    assertTrue(halt.appliesTo("sqlite"));
    assertFalse(halt.appliesTo("morphdb"));
  }

  @Test
  void malformedFilesNameTheFileAndLine() {
    assertEquals("bad.test:4: query needs its column types, one letter per column (I integer, "
            + "R real, T text), e.g. 'query IIT rowsort'",
        parseError("statement ok\nSELECT 1\n\nquery\nSELECT 1"));
    assertEquals("bad.test:2: unknown record type 'statment' (expected statement, query, "
        + "hash-threshold, halt, skipif or onlyif)", parseError("\nstatment ok\nSELECT 1"));
    assertEquals("bad.test:1: statement without SQL: the SQL goes on the lines below "
        + "'statement ok'", parseError("statement ok\n\nSELECT 1"));
    assertEquals("bad.test:1: unexpected '4000' (expected a connection label like con1, or a "
        + "SQLSTATE like 40001 or 40001/1002)", parseError("statement error 4000\nCOMMIT"));
    assertEquals("bad.test:1: unexpected 'conn1' (expected a connection label like con1)",
        parseError("statement ok con1 conn1\nCOMMIT"));
    assertEquals("bad.test:1: two sort modes: 'rowsort' and 'nosort'",
        parseError("query I rowsort nosort\nSELECT 1"));
    assertEquals("bad.test:4: malformed hash result, expected 'N values hashing to "
        + "<32 lowercase hex digits>'",
        parseError("query I\nSELECT 1\n----\n3 values hashing to xyz"));
    assertEquals("bad.test:4: 3 expected values do not fill rows of 2 columns",
        parseError("query II\nSELECT 1, 2\n----\n1\n2\n3"));
    assertEquals("bad.test:1: hash-threshold needs one non-negative number, e.g. "
        + "'hash-threshold 8'", parseError("hash-threshold many"));
    assertEquals("bad.test:1: skipif/onlyif must be followed by a record in the same block",
        parseError("skipif h2\n\nstatement ok\nSELECT 1"));
    assertEquals("bad.test:3: 'statement ok' has no results section; use 'query' for a result",
        parseError("statement ok\nSELECT 1\n----\n1"));
  }

  @Test
  void malformedFileOnDiskReportsPathAndLine() {
    Path file = Path.of("src/test/resources/slt-runner/malformed.test");
    SltParseException e = assertThrows(SltParseException.class, () -> SltSource.file(file).parse());
    assertEquals(file + ":4: query needs its column types, one letter per column (I integer, "
        + "R real, T text), e.g. 'query IIT rowsort'", e.getMessage());
    assertEquals(4, e.line());
    assertEquals(0, e.getStackTrace().length, "parse errors carry no stack trace");
  }
}
