package org.morphdb.jdbc;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.logging.Logger;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.Session;
import org.morphdb.jdbc.remote.RemoteSession;

/**
 * The MorphDB JDBC driver, for URLs {@code jdbc:morph:mem:NAME[;key=value...]} and, for a
 * database hosted by {@code ./morph server}, {@code jdbc:morph://host[:port]/NAME[;key=value...]}
 * (see {@link RemoteUrl}). Every option
 * (see {@link #getPropertyInfo}) is passed to the engine; {@code autoRetry} and
 * {@code maxRetries} are also read by the driver's {@link RetryPolicy}.
 */
public final class MorphDriver implements Driver {
  private static final MorphDriver INSTANCE = new MorphDriver();

  static {
    try {
      DriverManager.registerDriver(INSTANCE);
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Returns null for a URL that is not a MorphDB URL; 08001 for a malformed MorphDB URL. */
  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (url == null) {
      throw Errors.create("The URL is null", "08001");
    }
    if (!MorphUrl.isMorphUrl(url)) {
      return null;
    }
    if (RemoteUrl.isRemoteUrl(url)) {
      return connectRemote(url, info);
    }
    MorphUrl parsed = MorphUrl.parse(url, info);
    Session session;
    try {
      session = Databases.connect(parsed.name(), parsed.options());
    } catch (RuntimeException e) {
      throw Errors.fromEngine(e);
    }
    return new MorphConnection(session, url, new RetryPolicy(parsed.autoRetry(), parsed.maxRetries()));
  }

  /** {@code jdbc:morph://host[:port]/NAME}: the same connection over a {@link RemoteSession}. */
  private static Connection connectRemote(String url, Properties info) throws SQLException {
    RemoteUrl parsed = RemoteUrl.parse(url, info);
    Session session;
    try {
      session = RemoteSession.connect(parsed.target());
    } catch (RuntimeException e) {
      throw Errors.fromEngine(e);
    }
    MorphUrl engine = parsed.engine();
    return new MorphConnection(session, url, new RetryPolicy(engine.autoRetry(), engine.maxRetries()));
  }

  @Override
  public boolean acceptsURL(String url) throws SQLException {
    if (url == null) {
      throw Errors.create("The URL is null", "08001");
    }
    return MorphUrl.isMorphUrl(url);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    Map<String, String> given;
    try {
      given = MorphUrl.parse(url, info).options();
    } catch (SQLException | RuntimeException e) {
      given = Map.of();
    }
    DriverOption[] options = DriverOption.values();
    DriverPropertyInfo[] result = new DriverPropertyInfo[options.length];
    for (int i = 0; i < options.length; i++) {
      DriverOption o = options[i];
      DriverPropertyInfo p = new DriverPropertyInfo(o.key(), given.getOrDefault(o.key(), o.defaultValue()));
      p.description = (o.databaseOption() ? "Database option: " : "Connection option: ") + o.description();
      p.required = false;
      p.choices = o.choices().length == 0 ? null : o.choices();
      result[i] = p;
    }
    return result;
  }

  @Override public int getMajorVersion() { return MorphVersion.MAJOR; }
  @Override public int getMinorVersion() { return MorphVersion.MINOR; }
  @Override public boolean jdbcCompliant() { return false; }
  @Override public Logger getParentLogger() { return Logger.getLogger("org.morphdb.jdbc"); }
}
