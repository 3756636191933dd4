package org.morphdb.slt;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One record of a sqllogictest file. Every record knows the line it starts on and the
 * {@code skipif} / {@code onlyif} conditions written above it.
 */
public sealed interface SltRecord {

  /** The label of the connection a record runs on when it names none. */
  String MAIN_CONNECTION = "main";

  /** 1-based line of the record's first line (its {@code statement}/{@code query}/... line). */
  int line();

  List<Condition> conditions();

  /**
   * Whether this record runs on {@code engine}: no {@code skipif} names it and every
   * {@code onlyif} does.
   */
  default boolean appliesTo(String engine) {
    for (Condition c : conditions()) {
      if (c.skip() == c.engine().equalsIgnoreCase(engine)) {
        return false;
      }
    }
    return true;
  }

  /** {@code skipif ENGINE} (skip = true) or {@code onlyif ENGINE} (skip = false). */
  record Condition(boolean skip, String engine) {
    public Condition {
      Objects.requireNonNull(engine);
    }
  }

  /**
   * {@code statement ok} or {@code statement error [SQLSTATE[/VENDOR]]}; {@code error} is null for
   * {@code ok}.
   */
  record Statement(int line, List<Condition> conditions, String connection, String sql,
                   ExpectedError error) implements SltRecord {
    public boolean expectsError() {
      return error != null;
    }
  }

  /**
   * What a {@code statement error} record asserts; each part is optional (null = not checked).
   *
   * @param sqlState        the exception's SQLState, e.g. {@code 40001}
   * @param vendorCode      the exception's vendor code, e.g. {@code 1002}
   * @param messageFragment text the exception's message must contain (lines after {@code ----})
   */
  record ExpectedError(String sqlState, Integer vendorCode, String messageFragment) {
    static final ExpectedError ANY = new ExpectedError(null, null, null);

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder("error");
      if (sqlState != null) {
        b.append(' ').append(sqlState);
        if (vendorCode != null) {
          b.append('/').append(vendorCode);
        }
      }
      if (messageFragment != null) {
        b.append(" containing \"").append(messageFragment).append('"');
      }
      return b.toString();
    }
  }

  /** {@code query TYPES [SORT] [LABEL] [CONNECTION]} with its expected results. */
  record Query(int line, List<Condition> conditions, String connection, String sql, String types,
               SortMode sort, String label, ExpectedResult expected) implements SltRecord {
    public int columns() {
      return types.length();
    }
  }

  /** {@code hash-threshold N}: results with more than N values are written as a hash. */
  record HashThreshold(int line, List<Condition> conditions, int threshold) implements SltRecord {
  }

  /** {@code halt}: stop running the file here. */
  record Halt(int line, List<Condition> conditions) implements SltRecord {
  }

  /** How a query's values are ordered before they are compared. */
  enum SortMode {
    /** As the database returned them. */
    NOSORT,
    /** Rows sorted, comparing their formatted values as strings, column by column. */
    ROWSORT,
    /** Every value sorted on its own, ignoring row boundaries. */
    VALUESORT;

    public String keyword() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * A query's expected results: either the formatted values (in file order, one value per line
   * or tab-separated rows) or {@code N values hashing to MD5}.
   */
  record ExpectedResult(List<String> values, int hashedCount, String hash) {
    public static ExpectedResult ofValues(List<String> values) {
      return new ExpectedResult(List.copyOf(values), values.size(), null);
    }

    public static ExpectedResult ofHash(int count, String hash) {
      return new ExpectedResult(null, count, hash);
    }

    public boolean isHash() {
      return hash != null;
    }

    /** Number of values expected. */
    public int count() {
      return hashedCount;
    }
  }
}
