package org.morphdb.engine.sql.plan;

import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.rel.type.TimeFrames;
import org.apache.calcite.schema.SchemaPlus;

/**
 * The DataContext of one execution: the {@link TableSource} ({@link ScanSpec#SOURCE}),
 * the parameter values ({@code "?0"}, {@code "?1"}, ...: the caller's, then the lifted
 * literals'), objects stashed at code generation, and the statement's clock (CURRENT_TIMESTAMP
 * is fixed for the whole execution).
 */
final class MorphDataContext implements DataContext {
  private final SchemaPlus rootSchema;
  private JavaTypeFactory typeFactory;
  private final TableSource source;
  private final Object[] parameters;
  private final Map<String, Object> stash;
  private final long utcMillis;
  private final TimeZone timeZone;
  private final AtomicBoolean cancel = new AtomicBoolean();

  MorphDataContext(SchemaPlus rootSchema, TableSource source, Object[] parameters,
      Map<String, Object> stash) {
    this.rootSchema = rootSchema;
    this.source = source;
    this.parameters = parameters;
    this.stash = stash;
    this.utcMillis = System.currentTimeMillis();
    this.timeZone = TimeZone.getDefault();
  }

  @Override
  public SchemaPlus getRootSchema() {
    return rootSchema;
  }

  @Override
  public JavaTypeFactory getTypeFactory() {
    if (typeFactory == null) {
      typeFactory = SqlConfig.typeFactory();
    }
    return typeFactory;
  }

  @Override
  public QueryProvider getQueryProvider() {
    return null;
  }

  @Override
  public Object get(String name) {
    int i = parameterIndex(name);
    if (i >= 0) {
      return i < parameters.length ? parameters[i] : null;
    }
    if (name.equals(ScanSpec.SOURCE)) {
      return source;
    }
    Object v = stash.get(name);
    return v != null ? v : variable(name);
  }

  /**
   * N of a parameter's name {@code "?N"}, or -1 for any other name. Calcite's generated code
   * asks for a parameter each time it evaluates an expression that uses it, e.g. a filter's
   * bounds once per row, so the common names ({@code "?0"} to {@code "?9"}) are read from
   * their one digit instead of parsed (parsing took a fifth of an index range scan's time).
   */
  static int parameterIndex(String name) {
    if (name.isEmpty() || name.charAt(0) != '?') {
      return -1;
    }
    if (name.length() == 2) {
      int digit = name.charAt(1) - '0';
      if (digit >= 0 && digit <= 9) {
        return digit;
      }
    }
    return Integer.parseInt(name, 1, name.length(), 10);
  }

  private Object variable(String name) {
    long local = utcMillis + timeZone.getOffset(utcMillis);
    return switch (name) {
      case "utcTimestamp" -> utcMillis;
      case "currentTimestamp", "localTimestamp" -> local;
      case "sysTimestamp" -> local;
      case "timeZone" -> timeZone;
      case "locale" -> Locale.ROOT;
      case "cancelFlag" -> cancel;
      case "timeFrameSet" -> TimeFrames.CORE;
      case "user", "systemUser" -> "SA";
      default -> null;
    };
  }
}
