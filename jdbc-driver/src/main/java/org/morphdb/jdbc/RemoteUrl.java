package org.morphdb.jdbc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.morphdb.jdbc.remote.Protocol;
import org.morphdb.jdbc.remote.RemoteTarget;

/**
 * A parsed {@code jdbc:morph://host[:port]/NAME[;key=value...]} URL: a database hosted by
 * {@code ./morph server}. The options of {@link DriverOption} follow the same rules as in
 * {@link MorphUrl} (they are checked here and sent to the server); the options only a remote
 * connection has ({@link #REMOTE_KEYS}) are read here, from the URL or the
 * {@code Properties}: {@code user}, {@code password}, {@code connectTimeout} (ms, default
 * 10000), {@code socketTimeout} (ms, default 0: none), {@code fetchSize} (rows per result
 * chunk, default 1000), {@code tls} (true: TLS, the server's certificate checked against the
 * JVM's trust store, or against {@code tlsCert}, a PEM file, which implies {@code tls=true}),
 * {@code tlsKeyStore} and {@code tlsKeyStorePassword} (the client's key and certificate, for a
 * server that requires one; implies {@code tls=true}).
 */
record RemoteUrl(MorphUrl engine, RemoteTarget target) {
  static final String PREFIX = "jdbc:morph://";
  static final List<String> REMOTE_KEYS = List.of("user", "password", "connectTimeout", "socketTimeout", "fetchSize",
      "tls", "tlsCert", "tlsKeyStore", "tlsKeyStorePassword");

  static boolean isRemoteUrl(String url) {
    return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
  }

  static RemoteUrl parse(String url, Properties info) throws SQLException {
    String rest = url.substring(PREFIX.length());
    int slash = rest.indexOf('/');
    if (slash < 0) {
      throw malformed(url, "expected " + PREFIX + "host[:port]/NAME");
    }
    String[] hostPort = hostAndPort(url, rest.substring(0, slash));
    String path = rest.substring(slash + 1);
    int semicolon = path.indexOf(';');
    String name = (semicolon < 0 ? path : path.substring(0, semicolon)).trim();
    if (name.isEmpty() || name.contains("/")) {
      throw malformed(url, "expected one database name after the host, as in " + PREFIX + "localhost/NAME");
    }
    Map<String, String> remote = new LinkedHashMap<>();
    List<String> engineParts = new ArrayList<>();
    for (String part : (semicolon < 0 ? "" : path.substring(semicolon + 1)).split(";", -1)) {
      int eq = part.indexOf('=');
      String key = eq < 0 ? null : remoteKey(part.substring(0, eq));
      if (key == null) {
        engineParts.add(part);
      } else if (remote.put(key, part.substring(eq + 1).trim()) != null) {
        throw malformed(url, "option '" + key + "' is given twice");
      }
    }
    if (info != null) {
      for (String key : info.stringPropertyNames()) {
        String k = remoteKey(key);
        if (k != null) {
          remote.putIfAbsent(k, info.getProperty(key));
        }
      }
    }
    MorphUrl engine = engineOptions(url, name, engineParts, info);
    RemoteTarget target = new RemoteTarget(hostPort[0], port(url, hostPort[1]), name, engine.options(),
        remote.get("user"), remote.get("password"), count(url, remote, "connectTimeout", 10_000),
        count(url, remote, "socketTimeout", 0), Math.max(1, count(url, remote, "fetchSize", Protocol.DEFAULT_FETCH_ROWS)),
        tls(url, remote), remote.get("tlsCert"), remote.get("tlsKeyStore"), remote.get("tlsKeyStorePassword"));
    return new RemoteUrl(engine, target);
  }

  /** The engine options, checked by {@link MorphUrl}'s rules; errors name the URL as given. */
  private static MorphUrl engineOptions(String url, String name, List<String> parts, Properties info)
      throws SQLException {
    String asMem = MorphUrl.MEM_PREFIX + name + (parts.isEmpty() ? "" : ";" + String.join(";", parts));
    try {
      return MorphUrl.parse(asMem, info);
    } catch (SQLException e) {
      throw new SQLNonTransientConnectionException(e.getMessage().replace(asMem, url), "08001", e);
    }
  }

  private static String remoteKey(String key) {
    String k = key.trim();
    for (String known : REMOTE_KEYS) {
      if (known.equalsIgnoreCase(k)) {
        return known;
      }
    }
    return null;
  }

  private static String[] hostAndPort(String url, String authority) throws SQLException {
    String a = authority.trim();
    if (a.startsWith("[")) { // IPv6 literal
      int close = a.indexOf(']');
      if (close < 0) {
        throw malformed(url, "unclosed '[' in the host");
      }
      String after = a.substring(close + 1);
      if (!after.isEmpty() && !after.startsWith(":")) {
        throw malformed(url, "unexpected '" + after + "' after the host");
      }
      return new String[] {a.substring(1, close), after.isEmpty() ? null : after.substring(1)};
    }
    int colon = a.lastIndexOf(':');
    String host = colon < 0 ? a : a.substring(0, colon);
    if (host.isEmpty()) {
      throw malformed(url, "the host is missing");
    }
    return new String[] {host, colon < 0 ? null : a.substring(colon + 1)};
  }

  private static int port(String url, String port) throws SQLException {
    if (port == null) {
      return Protocol.DEFAULT_PORT;
    }
    try {
      int p = Integer.parseInt(port.trim());
      if (p > 0 && p < 65536) {
        return p;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw malformed(url, "the port must be a number from 1 to 65535: '" + port + "'");
  }

  private static int count(String url, Map<String, String> remote, String key, int defaultValue)
      throws SQLException {
    String v = remote.get(key);
    if (v == null) {
      return defaultValue;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw malformed(url, key + " must be a whole number >= 0: " + v);
  }

  /** {@code tls=true}, or implied by {@code tlsCert} or {@code tlsKeyStore}. */
  private static boolean tls(String url, Map<String, String> remote) throws SQLException {
    String v = remote.get("tls");
    if (v == null) {
      return remote.containsKey("tlsCert") || remote.containsKey("tlsKeyStore");
    }
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw malformed(url, "tls must be true or false: " + v);
    }
    return Boolean.parseBoolean(v);
  }

  private static SQLException malformed(String url, String why) {
    return new SQLNonTransientConnectionException("Malformed MorphDB URL '" + url + "': " + why, "08001");
  }
}
