package org.morphdb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.SchemaVersionMismatchException;

class ErrorsTest {

  static Class<? extends SQLException> expectedClass(String state) {
    switch (state.substring(0, 2)) {
      case "40": return SQLTransactionRollbackException.class;
      case "23": return SQLIntegrityConstraintViolationException.class;
      case "42": return SQLSyntaxErrorException.class;
      case "0A": return SQLFeatureNotSupportedException.class;
      case "22": return SQLDataException.class;
      case "08": return SQLNonTransientConnectionException.class;
      default: return SQLException.class;
    }
  }

  @ParameterizedTest
  @EnumSource(ErrorCode.class)
  void everyCodeMapsByItsSqlStateClass(ErrorCode code) {
    MorphException cause = new MorphException(code, "boom " + code);
    SQLException e = Errors.toSqlException(cause);
    assertEquals(expectedClass(code.sqlState()), e.getClass());
    assertEquals(code.sqlState(), e.getSQLState());
    assertEquals(code.vendorCode(), e.getErrorCode());
    assertEquals("boom " + code, e.getMessage());
    assertSame(cause, e.getCause());
  }

  @Test
  void contractCodes() {
    assertEquals(1003, Errors.toSqlException(new MorphException(ErrorCode.LOCK_CONFLICT, "x")).getErrorCode());
    SQLException mismatch = Errors.toSqlException(new SchemaVersionMismatchException("T", 5, 1, 2));
    assertEquals("MR001", mismatch.getSQLState());
    assertEquals(1005, mismatch.getErrorCode());
    assertEquals(SQLException.class, mismatch.getClass());
    SQLException cancelled = Errors.toSqlException(new MorphException(ErrorCode.CANCELLED, "x"));
    assertEquals(SQLException.class, cancelled.getClass());
  }

  @Test
  void otherRuntimeExceptionsBecomeInternalErrors() {
    IllegalStateException bug = new IllegalStateException("oops");
    SQLException e = Errors.fromEngine(bug);
    assertEquals("XX000", e.getSQLState());
    assertSame(bug, e.getCause());
    assertTrue(e.getMessage().contains("oops"));
    assertEquals(SQLException.class, e.getClass());
  }

  @Test
  void nullCodeIsInternal() {
    SQLException e = Errors.fromEngine(new MorphException(null, "no code"));
    assertEquals("XX000", e.getSQLState());
  }
}
