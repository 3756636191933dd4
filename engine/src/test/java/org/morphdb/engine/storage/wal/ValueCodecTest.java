package org.morphdb.engine.storage.wal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.ConstraintState;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.storage.Key;

/** What the log and checkpoints write comes back equal: stored values, keys, catalog records. */
class ValueCodecTest {
  private static Object roundTrip(Object v) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ValueCodec.write(new DataOutputStream(bytes), v);
    return ValueCodec.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
  }

  @Test
  void storedValuesAndKeys() throws IOException {
    for (Object v : new Object[] {null, true, false, 42L, 7, 2.5, new BigDecimal("-123.4500"), "héllo",
        new ByteString(new byte[] {1, 2}), Key.of(1L, "a", null), Key.of(), Key.of(new BigDecimal("1.5"))}) {
      assertEquals(v, roundTrip(v));
    }
    assertArrayEquals(new byte[] {3, 1, 4}, (byte[]) roundTrip(new byte[] {3, 1, 4}));
    assertArrayEquals(new Object[] {1L, null, "x"}, (Object[]) roundTrip(new Object[] {1L, null, "x"}));
  }

  @Test
  void aStringWithALoneSurrogateKeepsIt() throws IOException {
    String lone = "a\uD800b";
    assertEquals(lone, roundTrip(lone));
    assertEquals("pair \uD83D\uDE00", roundTrip("pair \uD83D\uDE00"));
  }

  @Test
  void catalogRecordsComeBackEqual() throws IOException {
    ColumnType type = new ColumnType(TypeKind.values()[0], 10, 0);
    TableDef t = new TableDef(5, "PUBLIC", "T", 3,
        List.of(new ColumnDef(6, 0, "ID", type, ConstraintState.VALID, null, null, null),
            new ColumnDef(7, 1, "A", type, null, "1", 1L, 0L)),
        List.of(6), List.of(new IndexDef(8, "T_A", 5, List.of(7), List.of(false), true, IndexState.WRITE_ONLY)),
        List.of(new CheckDef(9, "C", "A > 0", ConstraintState.ENFORCED)), 2);
    assertEquals(t, roundTrip(t));
  }
}
