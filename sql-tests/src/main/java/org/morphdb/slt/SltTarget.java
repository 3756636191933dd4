package org.morphdb.slt;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Where sqllogictest files run: the engine name that {@code skipif} / {@code onlyif} compare
 * with, and a source of fresh databases, one per file.
 */
public final class SltTarget {
  /** Placeholder in a URL template for the per-file database name. */
  public static final String DB_PLACEHOLDER = "{db}";

  private static final AtomicInteger DATABASES = new AtomicInteger();

  /** One database: every call opens another connection to it. */
  @FunctionalInterface
  public interface Database {
    Connection connect() throws SQLException;
  }

  private final String engine;
  private final String description;
  private final Supplier<Database> databases;

  private SltTarget(String engine, String description, Supplier<Database> databases) {
    this.engine = Objects.requireNonNull(engine);
    this.description = description;
    this.databases = databases;
  }

  /** MorphDB, engine name {@code morphdb}, {@code jdbc:morph:mem:slt_<n>}. */
  public static SltTarget morph() {
    return url("jdbc:morph:mem:" + DB_PLACEHOLDER);
  }

  /** H2, engine name {@code h2}; an in-memory database is dropped with its last connection. */
  public static SltTarget h2() {
    return url("jdbc:h2:mem:" + DB_PLACEHOLDER);
  }

  /** HSQLDB, engine name {@code hsqldb}, in MVCC mode, shut down with its last connection. */
  public static SltTarget hsqldb() {
    return url("jdbc:hsqldb:mem:" + DB_PLACEHOLDER + ";shutdown=true;hsqldb.tx=mvcc");
  }

  /**
   * Any JDBC URL template: {@value #DB_PLACEHOLDER} is replaced by a fresh database name
   * ({@code slt_<n>}) for every file; a template ending in {@code :} gets the name appended.
   * The engine name comes from the URL's subprotocol ({@code jdbc:morph:} is {@code morphdb}).
   */
  public static SltTarget url(String template) {
    String t = template.endsWith(":") ? template + DB_PLACEHOLDER : template;
    if (!t.contains(DB_PLACEHOLDER)) {
      throw new IllegalArgumentException("URL template '" + template + "' must contain "
          + DB_PLACEHOLDER + " or end with ':', so that every file gets a fresh database");
    }
    return new SltTarget(engineOf(t), t, () -> {
      String url = t.replace(DB_PLACEHOLDER, "slt_" + DATABASES.incrementAndGet());
      return () -> DriverManager.getConnection(url);
    });
  }

  /** Any other source of fresh databases, e.g. a pool or a data source per file. */
  public static SltTarget of(String engine, String description, Supplier<Database> databases) {
    return new SltTarget(engine, description, databases);
  }

  /** The engine name of a JDBC URL: its subprotocol, {@code morphdb} for {@code jdbc:morph:}. */
  public static String engineOf(String url) {
    String[] parts = url.split(":", 3);
    if (parts.length < 3 || !parts[0].equals("jdbc")) {
      throw new IllegalArgumentException("not a JDBC URL: " + url);
    }
    String sub = parts[1].toLowerCase(Locale.ROOT);
    return sub.equals("morph") ? "morphdb" : sub;
  }

  public String engine() {
    return engine;
  }

  /** What the databases are, e.g. the URL template. */
  public String description() {
    return description;
  }

  /** A new, empty database for one file. */
  public Database newDatabase() {
    return databases.get();
  }

  @Override
  public String toString() {
    return engine + " (" + description + ")";
  }
}
