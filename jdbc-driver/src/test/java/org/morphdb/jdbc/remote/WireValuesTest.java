package org.morphdb.jdbc.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;

/** Every engine value class comes back from the wire as the same class and value. */
class WireValuesTest {
  @Test
  void everyEngineValueRoundTripsWithItsClass() throws IOException {
    Object[] values = {null, 0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 0L, Long.MIN_VALUE, 7L,
        (short) -2, (byte) 5, true, false, 1.5, Double.NaN, -0.0, 2.25f, "", "grüße ✓",
        new BigDecimal("-1234567890123456789012345.6789"), new BigDecimal("1E+5"), BigDecimal.ZERO,
        LocalDate.of(-5, 1, 1), LocalDate.of(2026, 12, 4), LocalTime.MIDNIGHT, LocalTime.of(23, 59, 59, 999_999_999),
        LocalDateTime.of(1969, 7, 20, 20, 17, 40, 5000), LocalDateTime.of(9999, 12, 31, 23, 59),
        java.time.OffsetDateTime.of(2026, 12, 4, 17, 30, 0, 123_000_000, java.time.ZoneOffset.ofHours(-5)),
        java.time.OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, java.time.ZoneOffset.UTC)};
    MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
    WireValues.packRow(p, values);
    WireValues.pack(p, new byte[] {1, 2, 3});
    try (MessageUnpacker u = MessagePack.newDefaultUnpacker(p.toByteArray())) {
      Object[] back = WireValues.unpackRow(u);
      for (int i = 0; i < values.length; i++) {
        assertEquals(values[i], back[i], "value " + i);
        if (values[i] != null) {
          assertEquals(values[i].getClass(), back[i].getClass(), "class of value " + i);
        }
      }
      assertArrayEquals(new byte[] {1, 2, 3}, (byte[]) WireValues.unpack(u));
    }
  }

  @Test
  void aValueOfAnotherClassIsRefusedBeforeSending() {
    MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
    assertThrows(IllegalArgumentException.class, () -> WireValues.pack(p, new Object()));
  }

  @Test
  void aMalformedExtensionIsAWireFormatError() throws IOException {
    MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
    p.packExtensionTypeHeader(WireValues.EXT_LONG, 3);
    p.writePayload(new byte[3]);
    p.packExtensionTypeHeader((byte) 99, 1);
    p.writePayload(new byte[1]);
    try (MessageUnpacker u = MessagePack.newDefaultUnpacker(p.toByteArray())) {
      assertThrows(WireFormatException.class, () -> WireValues.unpack(u));
      assertThrows(WireFormatException.class, () -> WireValues.unpack(u));
    }
  }
}
