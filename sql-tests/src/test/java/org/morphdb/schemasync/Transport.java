package org.morphdb.schemasync;

import org.morphdb.server.MorphServer;
import org.morphdb.server.ServerConfig;

/**
 * How the scenarios reach their database, chosen by the system property
 * {@code morph.test.transport}: embedded ({@code jdbc:morph:mem:NAME}, the default) or
 * {@code server}: through a MorphServer started in this JVM on a free localhost port
 * ({@code jdbc:morph://localhost:PORT/NAME}), so the same scenarios prove the wire keeps the
 * embedded semantics.
 */
final class Transport {
  static final String PROPERTY = "morph.test.transport";

  private Transport() {}

  /** The URL of database {@code name}, without options. */
  static String url(String name) {
    return "server".equals(System.getProperty(PROPERTY)) ? Server.INSTANCE.url(name) : "jdbc:morph:mem:" + name;
  }

  /** Started on first use, for the life of the test JVM. */
  private static final class Server {
    static final MorphServer INSTANCE = start();

    private static MorphServer start() {
      try {
        MorphServer server = MorphServer.start(ServerConfig.forTests());
        Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        return server;
      } catch (Exception e) {
        throw new IllegalStateException("cannot start the test server", e);
      }
    }
  }
}
