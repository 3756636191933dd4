package org.morphdb.fuzz;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A negative control for the fuzzer: {@code jdbc:misbehaving:NAME} is H2's
 * {@code jdbc:h2:mem:NAME}, except that a statement containing {@code 'boom'} throws an
 * IllegalStateException and one containing {@code 'slow'} sleeps until cancelled.
 */
final class MisbehavingDriver implements Driver {
  static final String PREFIX = "jdbc:misbehaving:";
  private static boolean registered;

  private interface Call {
    Object call(Method m, Object[] args) throws Throwable;
  }

  static synchronized void register() {
    if (!registered) {
      try {
        DriverManager.registerDriver(new MisbehavingDriver());
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
      registered = true;
    }
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    Connection h2 = DriverManager.getConnection("jdbc:h2:mem:" + url.substring(PREFIX.length()));
    return proxy(Connection.class, h2, (m, args) -> m.getName().equals("createStatement")
        && args == null ? statement(h2.createStatement()) : m.invoke(h2, args));
  }

  private static Statement statement(Statement st) {
    Thread[] running = new Thread[1];
    return proxy(Statement.class, st, (m, args) -> {
      if (m.getName().equals("execute") && args != null && args[0] instanceof String sql) {
        if (sql.contains("'boom'")) {
          throw new IllegalStateException("boom");
        }
        if (sql.contains("'slow'")) {
          running[0] = Thread.currentThread();
          try {
            Thread.sleep(60_000);
          } catch (InterruptedException e) {
            throw new SQLException("cancelled", "57014");
          }
        }
      }
      if (m.getName().equals("cancel") && running[0] != null) {
        running[0].interrupt();
        return null;
      }
      return m.invoke(st, args);
    });
  }

  private static <T> T proxy(Class<T> type, Object target, Call call) {
    return type.cast(Proxy.newProxyInstance(MisbehavingDriver.class.getClassLoader(),
        new Class<?>[] {type}, (p, m, args) -> {
          try {
            return call.call(m, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        }));
  }

  @Override
  public boolean acceptsURL(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    return new DriverPropertyInfo[0];
  }

  @Override
  public int getMajorVersion() {
    return 1;
  }

  @Override
  public int getMinorVersion() {
    return 0;
  }

  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }
}
