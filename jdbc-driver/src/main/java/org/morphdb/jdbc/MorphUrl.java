package org.morphdb.jdbc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * A parsed {@code jdbc:morph:mem:NAME[;key=value...]} URL merged with the connection
 * {@code Properties}.
 *
 * <p>Rules: keys are case-insensitive and stored under their canonical spelling; an
 * unknown key, a key given twice or a value of the wrong form in the URL is a malformed
 * URL (08001). From {@code Properties} only the known options are taken (tools add
 * {@code user}, {@code password} and their own keys, which MorphDB ignores); when the URL
 * and the properties both name an option, the URL wins.
 */
record MorphUrl(String name, Map<String, String> options) {
  static final String PREFIX = "jdbc:morph:";
  static final String MEM_PREFIX = PREFIX + "mem:";
  /** A durable database in a directory; the engine is given the name {@code file:PATH}. */
  static final String FILE_PREFIX = PREFIX + "file:";

  MorphUrl {
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /** True for every URL this driver answers for, well-formed or not. */
  static boolean isMorphUrl(String url) {
    return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
  }

  static MorphUrl parse(String url, Properties info) throws SQLException {
    if (!isMorphUrl(url)) {
      throw malformed(url, "it must start with " + MEM_PREFIX);
    }
    boolean file = url.regionMatches(true, 0, FILE_PREFIX, 0, FILE_PREFIX.length());
    if (!file && !url.regionMatches(true, 0, MEM_PREFIX, 0, MEM_PREFIX.length())) {
      throw malformed(url, "expected " + MEM_PREFIX + "NAME or " + FILE_PREFIX + "PATH");
    }
    String[] parts = url.substring((file ? FILE_PREFIX : MEM_PREFIX).length()).split(";", -1);
    String name = parts[0].trim();
    if (name.isEmpty()) {
      throw malformed(url, file ? "the database directory is missing" : "the database name is missing");
    }
    if (!file && name.regionMatches(true, 0, "file:", 0, 5)) {
      throw malformed(url, "an in-memory database name may not start with 'file:'");
    }
    name = file ? "file:" + name : name;
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      String part = parts[i].trim();
      if (part.isEmpty()) {
        continue;
      }
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw malformed(url, "expected key=value but found '" + part + "'");
      }
      String rawKey = part.substring(0, eq).trim();
      DriverOption option = DriverOption.byKey(rawKey)
          .orElseThrow(() -> malformed(url, "unknown option '" + rawKey + "'"));
      if (options.containsKey(option.key())) {
        throw malformed(url, "option '" + option.key() + "' is given twice");
      }
      options.put(option.key(), normalize(url, option, part.substring(eq + 1)));
    }
    if (info != null) {
      for (String key : info.stringPropertyNames()) {
        Optional<DriverOption> option = DriverOption.byKey(key);
        if (option.isPresent() && !options.containsKey(option.get().key())) {
          options.put(option.get().key(), normalize(url, option.get(), info.getProperty(key)));
        }
      }
    }
    return new MorphUrl(name, options);
  }

  boolean autoRetry() {
    return Boolean.parseBoolean(value(DriverOption.AUTO_RETRY));
  }

  int maxRetries() {
    return (int) Math.min(Integer.MAX_VALUE, Long.parseLong(value(DriverOption.MAX_RETRIES)));
  }

  private String value(DriverOption option) {
    return options.getOrDefault(option.key(), option.defaultValue());
  }

  private static String normalize(String url, DriverOption option, String value)
      throws SQLException {
    try {
      return option.normalize(value);
    } catch (IllegalArgumentException e) {
      throw malformed(url, e.getMessage());
    }
  }

  private static SQLException malformed(String url, String why) {
    return new SQLNonTransientConnectionException(
        "Malformed MorphDB URL '" + url + "': " + why, "08001");
  }
}
