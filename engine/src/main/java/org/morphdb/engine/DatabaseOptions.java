package org.morphdb.engine;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;

/**
 * Options fixed by the session that creates a database (DESIGN.md "Public contract").
 *
 * @param backfillShare the percentage of the machine's CPU (all its cores) an index backfill
 *     may use while foreground commits run (docs/decisions.md "Backfill's share of the machine")
 * @param explicit the database options the creating URL named, lower-cased keys
 */
public record DatabaseOptions(
    int nodes, long delayMillis, long lockTimeoutMillis, long completenessTimeoutMillis,
    long lagMillis, String unsafe, boolean keep, int backfillShare, Map<String, String> explicit) {

  static final Set<String> DATABASE_KEYS =
      Set.of("nodes", "delay", "locktimeout", "completenesstimeout", "lag", "unsafe", "keep",
          "backfillshare", "durability", "writedelay");

  /** The database options a file database records at creation; the others hold for one open. */
  static final Set<String> CREATION_KEYS =
      Set.of("nodes", "delay", "locktimeout", "completenesstimeout", "lag", "unsafe", "backfillshare");

  /** A file database's commits: {@code sync} (forced before commit returns) or {@code async}. */
  public String durability() {
    return explicit.getOrDefault("durability", "sync");
  }

  /** With {@code durability=async}: the log is forced at least this often, in ms. */
  public long writeDelayMillis() {
    return Long.parseLong(explicit.getOrDefault("writedelay", "200"));
  }

  /** The default of {@link #backfillShare}: system property {@code morph.backfill.share}, else this. */
  public static final int DEFAULT_BACKFILL_SHARE = 6;

  /** The CPU an index backfill may use while foreground commits run, in cores. */
  public double backfillCores() {
    return backfillShare / 100.0 * Runtime.getRuntime().availableProcessors();
  }
  static final Set<String> SESSION_KEYS = Set.of("node", "autoretry", "maxretries", "ddlintransaction", "user", "password", "ifexists");

  public static DatabaseOptions parse(Map<String, String> options) {
    Map<String, String> given = new HashMap<>();
    for (Map.Entry<String, String> e : options.entrySet()) {
      String key = e.getKey().toLowerCase(Locale.ROOT);
      if (DATABASE_KEYS.contains(key)) {
        given.put(key, e.getValue().trim());
      } else if (!SESSION_KEYS.contains(key)) {
        throw MorphException.of(ErrorCode.CANNOT_CONNECT, "Unknown connection option '%s'", e.getKey());
      }
    }
    int nodes = (int) number(given, "nodes", 1, 1, 64);
    long delay = number(given, "delay", nodes == 1 ? 0 : 5, 0, 60_000);
    String unsafe = given.get("unsafe");
    if (unsafe != null && !unsafe.equals("stale-cache") && !unsafe.equals("skip-states")) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT,
          "Option unsafe must be stale-cache or skip-states, not '%s'", unsafe);
    }
    String durability = given.get("durability");
    if (durability != null && !durability.equals("sync") && !durability.equals("async")) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT, "Option durability must be sync or async, not '%s'", durability);
    }
    number(given, "writedelay", 200, 1, 60_000);
    return new DatabaseOptions(nodes, delay,
        number(given, "locktimeout", 10_000, 1, Long.MAX_VALUE),
        number(given, "completenesstimeout", 5_000, 1, Long.MAX_VALUE),
        number(given, "lag", 0, 0, 60_000), unsafe,
        Boolean.parseBoolean(given.getOrDefault("keep", "false")),
        (int) number(given, "backfillshare", defaultBackfillShare(), 1, 100), Map.copyOf(given));
  }

  private static int defaultBackfillShare() {
    int share = Integer.getInteger("morph.backfill.share", DEFAULT_BACKFILL_SHARE);
    return Math.max(1, Math.min(100, share));
  }

  private static long number(Map<String, String> given, String key, long dflt, long min, long max) {
    String v = given.get(key);
    if (v == null) {
      return dflt;
    }
    try {
      long n = Long.parseLong(v);
      if (n < min || n > max) {
        throw MorphException.of(ErrorCode.CANNOT_CONNECT, "Option %s=%s is out of range [%d, %d]", key, v, min, max);
      }
      return n;
    } catch (NumberFormatException e) {
      throw MorphException.of(ErrorCode.CANNOT_CONNECT, "Option %s must be a number, not '%s'", key, v);
    }
  }

  /** Fails with 08001 when a later session names a database option with a different value. */
  public void checkCompatible(DatabaseOptions requested, String dbName) {
    for (Map.Entry<String, String> e : requested.explicit.entrySet()) {
      DatabaseOptions mine = this;
      String myValue = switch (e.getKey()) {
        case "nodes" -> String.valueOf(mine.nodes);
        case "delay" -> String.valueOf(mine.delayMillis);
        case "locktimeout" -> String.valueOf(mine.lockTimeoutMillis);
        case "completenesstimeout" -> String.valueOf(mine.completenessTimeoutMillis);
        case "lag" -> String.valueOf(mine.lagMillis);
        case "unsafe" -> String.valueOf(mine.unsafe);
        case "backfillshare" -> String.valueOf(mine.backfillShare);
        case "durability" -> mine.durability();
        case "writedelay" -> String.valueOf(mine.writeDelayMillis());
        default -> String.valueOf(mine.keep);
      };
      String theirs = e.getKey().equals("keep") ? String.valueOf(Boolean.parseBoolean(e.getValue())) : e.getValue();
      if (!myValue.equals(theirs)) {
        throw MorphException.of(ErrorCode.CANNOT_CONNECT,
            "Database %s already exists with %s=%s; this connection asks for %s", dbName, e.getKey(), myValue, theirs);
      }
    }
  }
}
