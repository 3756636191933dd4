package org.morphdb.jdbc;

import java.util.Locale;
import java.util.Optional;

/**
 * The options a URL or {@code Properties} may carry. Keys are matched case-insensitively
 * and passed to the engine under their canonical spelling ({@link #key()}).
 */
enum DriverOption {
  NODES("nodes", Kind.COUNT, "1", true, "number of compute nodes of the database"),
  DELAY("delay", Kind.COUNT, null, true,
      "catalog activation delay in ms (default 0 with one node, 5 with several)"),
  LOCK_TIMEOUT("lockTimeout", Kind.COUNT, "10000", true, "lock wait timeout in ms"),
  COMPLETENESS_TIMEOUT("completenessTimeout", Kind.COUNT, "5000", true,
      "how long a node waits for metadata completeness, in ms"),
  LAG("lag", Kind.COUNT, "0", true, "test only: random delay up to this many ms on each node's catalog channel"),
  UNSAFE("unsafe", Kind.CHOICE, null, true,
      "test only negative control: stale-cache or skip-states", "stale-cache", "skip-states"),
  KEEP("keep", Kind.BOOLEAN, "false", true, "keep the database for the life of the JVM"),
  BACKFILL_SHARE("backfillShare", Kind.COUNT, null, true,
      "percentage of the machine's CPU (all cores) an index backfill may use while writers commit,"
          + " 1-100 (default 6, or system property morph.backfill.share)"),
  DURABILITY("durability", Kind.CHOICE, "sync", true,
      "file databases: sync (a commit returns once its log record is forced, group commit) or async"
          + " (forced every writeDelay ms; a process crash loses nothing, a power loss the last moments)",
      "sync", "async"),
  WRITE_DELAY("writeDelay", Kind.COUNT, "200", true, "with durability=async: the log is forced at least every this many ms"),
  IF_EXISTS("ifExists", Kind.BOOLEAN, "false", false, "file databases: fail (08001) instead of creating a missing database"),
  NODE("node", Kind.COUNT, null, false, "compute node this connection attaches to (default round-robin)"),
  AUTO_RETRY("autoRetry", Kind.BOOLEAN, "true", false,
      "retry schema-version mismatches, and 40001 aborts in auto-commit mode, transparently"),
  MAX_RETRIES("maxRetries", Kind.COUNT, "10", false, "bound on transparent retries of one statement"),
  DDL_IN_TRANSACTION("ddlInTransaction", Kind.CHOICE, "commit", false,
      "DDL in a transaction that used tables: commit it first, or fail with 25001 (error)",
      "commit", "error");

  enum Kind { COUNT, BOOLEAN, CHOICE }

  private final String key;
  private final Kind kind;
  private final String defaultValue;
  private final boolean databaseOption;
  private final String description;
  private final String[] choices;

  DriverOption(String key, Kind kind, String defaultValue, boolean databaseOption,
      String description, String... choices) {
    this.key = key;
    this.kind = kind;
    this.defaultValue = defaultValue;
    this.databaseOption = databaseOption;
    this.description = description;
    this.choices = kind == Kind.BOOLEAN ? new String[] {"true", "false"} : choices;
  }

  String key() { return key; }

  String defaultValue() { return defaultValue; }

  /** Fixed by the connection that creates the database (as opposed to per connection). */
  boolean databaseOption() { return databaseOption; }

  String description() { return description; }

  String[] choices() { return choices.clone(); }

  static Optional<DriverOption> byKey(String key) {
    String k = key.trim().toLowerCase(Locale.ROOT);
    for (DriverOption o : values()) {
      if (o.key.toLowerCase(Locale.ROOT).equals(k)) {
        return Optional.of(o);
      }
    }
    return Optional.empty();
  }

  /** Returns the value in canonical form, or an error message when it is not valid. */
  String normalize(String value) {
    String v = value.trim();
    switch (kind) {
      case COUNT:
        try {
          if (Long.parseLong(v) < 0) {
            throw new IllegalArgumentException(key + " must not be negative: " + value);
          }
          return Long.toString(Long.parseLong(v));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(key + " must be a whole number: " + value);
        }
      case BOOLEAN:
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
          return v.toLowerCase(Locale.ROOT);
        }
        throw new IllegalArgumentException(key + " must be true or false: " + value);
      default:
        for (String c : choices) {
          if (c.equalsIgnoreCase(v)) {
            return c;
          }
        }
        throw new IllegalArgumentException(
            key + " must be one of " + String.join(", ", choices) + ": " + value);
    }
  }
}
