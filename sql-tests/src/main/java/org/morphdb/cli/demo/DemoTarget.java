package org.morphdb.cli.demo;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The database a demo run works on: MorphDB with several compute nodes, or H2 for the
 * comparison. Connection {@code i} of a run goes to node {@code i % nodes}.
 *
 * @param name       what the summary calls it
 * @param url        JDBC URL of the database
 * @param nodes      compute nodes (1 for H2)
 * @param morph      true for MorphDB: SYS.DDL_JOBS progress and CHECK TABLE are available
 */
public record DemoTarget(String name, String url, int nodes, boolean morph) {
  public static final String MORPH_URL = "jdbc:morph:mem:demo;nodes=3";
  /** H2 waits for its table locks instead of failing after its default 1 s (LOCK_TIMEOUT). */
  public static final String H2_URL = "jdbc:h2:mem:demo;LOCK_TIMEOUT=600000";

  public static DemoTarget morphDb() {
    return new DemoTarget("MorphDB", MORPH_URL, 3, true);
  }

  /** MorphDB on a durable database in {@code dir} (its table is dropped and made again). */
  public static DemoTarget morphDbFile(java.nio.file.Path dir) {
    return new DemoTarget("MorphDB (file)", "jdbc:morph:file:" + dir.toAbsolutePath() + ";nodes=3", 3, true);
  }

  public static DemoTarget h2() {
    return new DemoTarget("H2", H2_URL, 1, false);
  }

  /** The URL of connection {@code i}: pinned to node {@code i % nodes} on MorphDB. */
  String url(int i) {
    return morph ? url + ";node=" + Math.floorMod(i, nodes) : url;
  }

  Connection connect(int i) throws SQLException {
    return DriverManager.getConnection(url(i));
  }
}
