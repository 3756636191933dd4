package org.morphdb.integrations;

import java.util.concurrent.atomic.AtomicInteger;

/** URLs of fresh in-memory MorphDB databases, one per test, kept for the life of the JVM. */
public final class TestDatabases {
  private static final AtomicInteger COUNTER = new AtomicInteger();

  private TestDatabases() {}

  /** A URL naming a database no other test uses; {@code keep=true} so pools may close connections. */
  public static String freshUrl(String prefix, String... options) {
    StringBuilder url = new StringBuilder("jdbc:morph:mem:")
        .append(prefix).append('_').append(ProcessHandle.current().pid())
        .append('_').append(COUNTER.incrementAndGet()).append(";keep=true");
    for (String option : options) {
      url.append(';').append(option);
    }
    return url.toString();
  }
}
