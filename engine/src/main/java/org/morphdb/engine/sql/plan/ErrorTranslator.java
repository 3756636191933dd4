package org.morphdb.engine.sql.plan;

import java.time.DateTimeException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/** Turns whatever Calcite or generated code throws into a {@link MorphException}. */
final class ErrorTranslator {
  private static final Pattern OBJECT_NOT_FOUND =
      Pattern.compile("(?:Object|Table) '([^']*)' not found(?: within '([^']*)')?");
  private static final Pattern COLUMN_NOT_FOUND =
      Pattern.compile("Column '([^']*)' not found in (?:any table|table '([^']*)')");

  private ErrorTranslator() {}

  /** A failure while parsing, validating or planning a statement. */
  static MorphException planning(Throwable e) {
    rethrowFatal(e);
    MorphException m = find(e, MorphException.class);
    if (m != null) {
      return m;
    }
    if (isStackOverflow(e)) {
      return MorphException.tooComplex(e);
    }
    MorphException missing = missingLibrary(e);
    if (missing != null) {
      return missing;
    }
    SqlParseException parse = find(e, SqlParseException.class);
    if (parse != null) {
      return new MorphException(ErrorCode.SYNTAX_ERROR, "Syntax error: " + firstLine(parse.getMessage()), e);
    }
    CalciteContextException ctx = find(e, CalciteContextException.class);
    SqlValidatorException val = find(e, SqlValidatorException.class);
    if (ctx != null || val != null) {
      String msg = val != null ? val.getMessage() : ctx.getMessage();
      return validation(msg, e);
    }
    if (find(e, RelOptPlanner.CannotPlanException.class) != null
        || find(e, UnsupportedOperationException.class) != null) {
      return new MorphException(ErrorCode.FEATURE_NOT_SUPPORTED,
          "Statement not supported: " + firstLine(rootMessage(e)), e);
    }
    ErrorCode data = dataError(e, false);
    if (data != null) {
      return new MorphException(data, message(data, e), e);
    }
    return new MorphException(ErrorCode.INVALID_STATEMENT,
        "Cannot prepare statement: " + firstLine(rootMessage(e)), e);
  }

  /** A failure while running a plan. */
  static MorphException execution(Throwable e) {
    rethrowFatal(e);
    MorphException m = find(e, MorphException.class);
    if (m != null) {
      return m;
    }
    if (isStackOverflow(e)) {
      return new MorphException(ErrorCode.DATA_EXCEPTION, "Stack overflow while running the statement", e);
    }
    MorphException missing = missingLibrary(e);
    if (missing != null) {
      return missing;
    }
    ErrorCode code = dataError(e, true);
    if (code != null) {
      return new MorphException(code, message(code, e), e);
    }
    CalciteContextException ctx = find(e, CalciteContextException.class);
    if (ctx != null) {
      return validation(ctx.getMessage(), e);
    }
    return new MorphException(ErrorCode.DATA_EXCEPTION, "Error while running the statement: "
        + firstLine(rootMessage(e)), e);
  }

  private static MorphException validation(String msg, Throwable e) {
    String text = stripPosition(msg);
    Matcher t = OBJECT_NOT_FOUND.matcher(text);
    if (t.find()) {
      return new MorphException(ErrorCode.TABLE_NOT_FOUND, "Table '" + t.group(1) + "' not found", e);
    }
    Matcher c = COLUMN_NOT_FOUND.matcher(text);
    if (c.find()) {
      return new MorphException(ErrorCode.COLUMN_NOT_FOUND, c.group(2) == null
          ? "Column '" + c.group(1) + "' not found"
          : "Column '" + c.group(1) + "' not found in table '" + c.group(2) + "'", e);
    }
    if (text.startsWith("Unknown identifier") || text.startsWith("Unknown field")) {
      return new MorphException(ErrorCode.COLUMN_NOT_FOUND, text, e);
    }
    return new MorphException(ErrorCode.INVALID_STATEMENT, msg == null ? e.toString() : firstLine(msg), e);
  }

  /**
   * The data error a failure stands for, or null. {@code byMessage}: also judge run-time
   * exceptions of generic types by their message (never for planning failures, whose
   * messages quote plans).
   */
  private static ErrorCode dataError(Throwable e, boolean byMessage) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String msg = t.getMessage() == null ? "" : t.getMessage().toLowerCase();
      if (t instanceof ArithmeticException) {
        if (msg.contains("by zero") || msg.contains("division undefined")) {
          return ErrorCode.DIVISION_BY_ZERO;
        }
        return msg.contains("overflow") || msg.contains("out of range")
            ? ErrorCode.NUMERIC_OVERFLOW : ErrorCode.DATA_EXCEPTION;
      }
      if (t instanceof NumberFormatException || t instanceof DateTimeException) {
        return ErrorCode.INVALID_CAST;
      }
      if (!byMessage) {
        continue;
      }
      if (msg.contains("overflow") && (msg.contains("numeric") || msg.contains("value"))) {
        return ErrorCode.NUMERIC_OVERFLOW;
      }
      if (msg.contains("division by zero")) {
        return ErrorCode.DIVISION_BY_ZERO;
      }
      if (msg.contains("more than one value in agg single_value")) {
        return ErrorCode.CARDINALITY_VIOLATION;
      }
      if (msg.contains("cast") || msg.contains("cannot convert") || msg.startsWith("invalid ")) {
        return ErrorCode.INVALID_CAST;
      }
      if (t instanceof NullPointerException || t instanceof ClassCastException
          || t instanceof IndexOutOfBoundsException) {
        return ErrorCode.DATA_EXCEPTION;
      }
    }
    return null;
  }

  private static String message(ErrorCode code, Throwable e) {
    return switch (code) {
      case DIVISION_BY_ZERO -> "Division by zero";
      case NUMERIC_OVERFLOW -> "Numeric value out of range: " + firstLine(rootMessage(e));
      case INVALID_CAST -> "Invalid value for cast: " + firstLine(rootMessage(e));
      default -> "Data exception: " + firstLine(rootMessage(e));
    };
  }

  /**
   * A function whose library the lean driver jar leaves out (JSON functions need Jackson's
   * databind, see docs/decisions.md): the feature is missing from this packaging, not the data
   * wrong.
   */
  private static MorphException missingLibrary(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof NoClassDefFoundError || t instanceof ClassNotFoundException) {
        return new MorphException(ErrorCode.FEATURE_NOT_SUPPORTED, "Not supported by this MorphDB build:"
            + " the statement needs " + firstLine(t.getMessage()).replace('/', '.')
            + ", which the driver jar leaves out (JSON functions need jackson-databind and json-path"
            + " on the class path)", e);
      }
    }
    return null;
  }

  /** Out of memory and the like are the JVM's problem, not the statement's. */
  private static void rethrowFatal(Throwable e) {
    if (e instanceof VirtualMachineError vm && !(e instanceof StackOverflowError)) {
      throw vm;
    }
  }

  static <T extends Throwable> T find(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  private static boolean isStackOverflow(Throwable e) {
    return find(e, StackOverflowError.class) != null;
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    String msg = null;
    for (; t != null; t = t.getCause()) {
      if (t.getMessage() != null) {
        msg = t.getMessage();
      }
      if (t.getCause() == null || t.getCause() == t) {
        break;
      }
    }
    return msg != null ? msg : e.toString();
  }

  private static String stripPosition(String msg) {
    if (msg == null) {
      return "";
    }
    return msg.replaceFirst("^From line \\d+, column \\d+ to line \\d+, column \\d+: ", "")
        .replaceFirst("^At line \\d+, column \\d+: ", "");
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
