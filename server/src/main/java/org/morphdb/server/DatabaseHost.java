package org.morphdb.server;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.morphdb.engine.api.Databases;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;
import org.morphdb.jdbc.EmbeddedUrl;

/**
 * The databases a server hosts and the engine sessions it opens on them. A declared
 * database ({@code --db NAME=URL}) is opened at start and held open by an anchor session
 * for the server's life, so an in-memory one survives its clients, and a file database
 * ({@code jdbc:morph:file:DIR}) stays open, its directory locked, until the server stops.
 * Another name is refused unless the server allows remote creation, which makes in-memory
 * databases only: a client never names a directory of the server's machine.
 */
final class DatabaseHost implements AutoCloseable {
  private final Map<String, EmbeddedUrl> declared = new LinkedHashMap<>();
  private final List<Session> anchors = new ArrayList<>();
  private final boolean allowCreate;

  DatabaseHost(Map<String, String> databases, boolean allowCreate) throws SQLException {
    this.allowCreate = allowCreate;
    try {
      for (Map.Entry<String, String> db : databases.entrySet()) {
        EmbeddedUrl url = EmbeddedUrl.parse(db.getValue());
        anchors.add(connect(db.getKey(), url));
        declared.put(db.getKey(), url);
      }
    } catch (SQLException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /** The anchor session of a declared database; 08001 (a directory in use, say) as an SQLException. */
  private static Session connect(String name, EmbeddedUrl url) throws SQLException {
    try {
      return Databases.connect(url.name(), url.options());
    } catch (MorphException e) {
      throw new SQLNonTransientConnectionException("Cannot open database '" + name + "': " + e.getMessage(),
          e.code().sqlState(), e);
    }
  }

  /** A session for a client; CANNOT_CONNECT (08001) for a database this server does not host. */
  Session open(String database, Map<String, String> clientOptions) {
    EmbeddedUrl url = declared.get(database);
    if (url == null && !allowCreate) {
      throw new MorphException(ErrorCode.CANNOT_CONNECT, "This server hosts no database named '" + database
          + "' (hosted: " + String.join(", ", declared.keySet())
          + "; the server creates databases only when started with --allow-create)");
    }
    if (url == null) {
      if (database.regionMatches(true, 0, "file:", 0, 5)) {
        throw new MorphException(ErrorCode.CANNOT_CONNECT, "A client cannot name a database directory ('"
            + database + "'); the server hosts file databases declared with --db NAME=jdbc:morph:file:DIR");
      }
      return Databases.connect(database, clientOptions);
    }
    Map<String, String> options = new LinkedHashMap<>(url.options());
    options.putAll(clientOptions); // a conflicting database option fails in the engine with 08001
    return Databases.connect(url.name(), options);
  }

  Map<String, EmbeddedUrl> declared() {
    return Map.copyOf(declared);
  }

  @Override
  public void close() {
    for (Session s : anchors) {
      try {
        s.close();
      } catch (RuntimeException ignored) {
        // closing the server anyway
      }
    }
    anchors.clear();
  }
}
