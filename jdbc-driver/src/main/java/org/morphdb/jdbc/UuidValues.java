package org.morphdb.jdbc;

import java.sql.SQLException;
import java.util.UUID;
import java.util.regex.Pattern;

/** UUIDs: the engine hands them out as java.util.UUID and takes their canonical text. */
final class UuidValues {
  private static final Pattern TEXT =
      Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final int BYTES = 16;

  private UuidValues() {}

  static UUID toUuid(Object v) throws SQLException {
    if (v instanceof UUID u) {
      return u;
    }
    if (v instanceof String s && TEXT.matcher(s.trim()).matches()) {
      return UUID.fromString(s.trim());
    }
    if (v instanceof byte[] b && b.length == BYTES) {
      long high = 0;
      long low = 0;
      for (int i = 0; i < 8; i++) {
        high = (high << 8) | (b[i] & 0xFF);
        low = (low << 8) | (b[i + 8] & 0xFF);
      }
      return new UUID(high, low);
    }
    throw ValueConverter.cannotConvert(v, "UUID");
  }
}
