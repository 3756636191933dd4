package org.morphdb.jdbc;

import java.sql.SQLException;
import java.util.Map;

/**
 * An embedded URL ({@code jdbc:morph:mem:NAME[;options]}) as the engine takes it: the
 * database name and its checked options. The server uses this for the databases it hosts
 * ({@code ./morph server --db NAME=URL}).
 */
public record EmbeddedUrl(String name, Map<String, String> options) {
  public static EmbeddedUrl parse(String url) throws SQLException {
    if (RemoteUrl.isRemoteUrl(url)) {
      throw new java.sql.SQLNonTransientConnectionException(
          "A server hosts embedded databases, not " + url, "08001");
    }
    MorphUrl parsed = MorphUrl.parse(url, null);
    return new EmbeddedUrl(parsed.name(), parsed.options());
  }
}
