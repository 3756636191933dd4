package org.morphdb.jdbc;

import java.util.concurrent.atomic.AtomicInteger;

/** Fresh database URLs for the integration tests, so tests never share a database. */
final class EngineUrls {
  private static final AtomicInteger SEQUENCE = new AtomicInteger();

  private EngineUrls() {}

  static String fresh(String prefix, String options) {
    return "jdbc:morph:mem:" + prefix + "_" + SEQUENCE.incrementAndGet() + "_" + System.nanoTime()
        + (options.isEmpty() ? "" : ";" + options);
  }

  static String fresh(String prefix) {
    return fresh(prefix, "");
  }
}
