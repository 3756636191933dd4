package org.morphdb.jdbc;

import java.sql.SQLException;
import java.sql.Wrapper;

/**
 * {@link Wrapper} for the driver's objects, which wrap nothing: each unwraps only to the
 * interfaces and classes it is itself, and anything else fails with HY000.
 */
interface SelfWrapper extends Wrapper {
  @Override
  default <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface != null && iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw Errors.create("Not a wrapper for " + iface, "HY000");
  }

  @Override
  default boolean isWrapperFor(Class<?> iface) {
    return iface != null && iface.isInstance(this);
  }
}
