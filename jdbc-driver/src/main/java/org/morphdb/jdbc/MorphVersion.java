package org.morphdb.jdbc;

/** Product and driver version, in one place. */
final class MorphVersion {
  private MorphVersion() {}

  static final String PRODUCT_NAME = "MorphDB";
  static final String DRIVER_NAME = "MorphDB JDBC Driver";
  static final int MAJOR = 0;
  static final int MINOR = 1;
  static final String VERSION = "0.1.0";
  static final int JDBC_MAJOR = 4;
  static final int JDBC_MINOR = 2;
}
