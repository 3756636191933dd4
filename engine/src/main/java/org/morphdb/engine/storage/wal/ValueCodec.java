package org.morphdb.engine.storage.wal;

import java.io.ByteArrayInputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.util.ByteString;
import org.morphdb.engine.storage.Key;

/**
 * Writes the values the engine keeps (stored row forms, keys, and the records of the catalog)
 * as tagged bytes, and reads them back as equal values. Records are written by component
 * name, so a record that gains a component still reads files written before (the new
 * component gets its type's default: null, 0 or false), and one that loses a component skips
 * it: the log and checkpoints outlive the code version that wrote them.
 */
public final class ValueCodec {
  private static final byte NULL = 0;
  private static final byte TRUE = 1;
  private static final byte FALSE = 2;
  private static final byte LONG = 3;
  private static final byte INT = 4;
  private static final byte DOUBLE = 5;
  private static final byte DECIMAL = 6;
  private static final byte STRING = 7;
  private static final byte BYTE_STRING = 8;
  private static final byte BYTES = 9;
  private static final byte ARRAY = 10;
  private static final byte KEY = 11;
  private static final byte LIST = 12;
  private static final byte SET = 13;
  private static final byte MAP = 14;
  private static final byte ENUM = 15;
  private static final byte RECORD = 16;
  private static final byte DATE_TIME = 17;
  private static final byte SERIALIZED = 18;
  /** A string UTF-8 cannot carry (a lone surrogate): written as its UTF-16 chars. */
  private static final byte STRING_UTF16 = 19;

  private static final Map<Class<?>, RecordShape> SHAPES = new ConcurrentHashMap<>();

  private ValueCodec() {}

  /** A record's components and canonical constructor, found once per class. */
  private record RecordShape(RecordComponent[] components, Constructor<?> constructor) {
    static RecordShape of(Class<?> type) {
      RecordComponent[] components = type.getRecordComponents();
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        types[i] = components[i].getType();
      }
      try {
        Constructor<?> c = type.getDeclaredConstructor(types);
        c.setAccessible(true);
        return new RecordShape(components, c);
      } catch (NoSuchMethodException e) {
        throw new IllegalStateException("record " + type.getName() + " has no canonical constructor", e);
      }
    }
  }

  public static void write(DataOutput out, Object v) throws IOException {
    if (v == null) {
      out.writeByte(NULL);
    } else if (v instanceof Boolean b) {
      out.writeByte(b ? TRUE : FALSE);
    } else if (v instanceof Long l) {
      out.writeByte(LONG);
      out.writeLong(l);
    } else if (v instanceof Integer i) {
      out.writeByte(INT);
      out.writeInt(i);
    } else if (v instanceof Double d) {
      out.writeByte(DOUBLE);
      out.writeDouble(d);
    } else if (v instanceof BigDecimal d) {
      out.writeByte(DECIMAL);
      out.writeInt(d.scale());
      writeBytes(out, d.unscaledValue().toByteArray());
    } else if (v instanceof String s) {
      if (hasLoneSurrogate(s)) {
        out.writeByte(STRING_UTF16);
        out.writeInt(s.length());
        out.writeChars(s);
      } else {
        out.writeByte(STRING);
        writeString(out, s);
      }
    } else if (v instanceof ByteString b) {
      out.writeByte(BYTE_STRING);
      writeBytes(out, b.getBytes());
    } else if (v instanceof byte[] b) {
      out.writeByte(BYTES);
      writeBytes(out, b);
    } else if (v instanceof Key k) {
      out.writeByte(KEY);
      int n = k.size();
      out.writeInt(n); // as writeAll does, without a list view and its iterator per key (a commit writes one per row)
      for (int i = 0; i < n; i++) {
        write(out, k.part(i));
      }
    } else {
      writeComposite(out, v);
    }
  }

  private static void writeComposite(DataOutput out, Object v) throws IOException {
    if (v instanceof Object[] a) {
      out.writeByte(ARRAY);
      writeAll(out, java.util.Arrays.asList(a));
    } else if (v instanceof List<?> l) {
      out.writeByte(LIST);
      writeAll(out, l);
    } else if (v instanceof Set<?> s) {
      out.writeByte(SET);
      writeAll(out, s);
    } else if (v instanceof Map<?, ?> m) {
      out.writeByte(MAP);
      out.writeInt(m.size());
      for (Map.Entry<?, ?> e : m.entrySet()) {
        write(out, e.getKey());
        write(out, e.getValue());
      }
    } else if (v instanceof Enum<?> e) {
      out.writeByte(ENUM);
      writeString(out, e.getDeclaringClass().getName());
      writeString(out, e.name());
    } else if (v instanceof Record r) {
      writeRecord(out, r);
    } else if (v instanceof LocalDateTime t) {
      out.writeByte(DATE_TIME);
      writeString(out, t.toString());
    } else if (v instanceof Serializable s) {
      out.writeByte(SERIALIZED);
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
        o.writeObject(s);
      }
      writeBytes(out, bytes.toByteArray());
    } else {
      throw new IOException("cannot write a value of " + v.getClass().getName());
    }
  }

  private static void writeRecord(DataOutput out, Record r) throws IOException {
    RecordShape shape = SHAPES.computeIfAbsent(r.getClass(), RecordShape::of);
    out.writeByte(RECORD);
    writeString(out, r.getClass().getName());
    out.writeInt(shape.components().length);
    for (RecordComponent c : shape.components()) {
      writeString(out, c.getName());
      try {
        c.getAccessor().setAccessible(true);
        write(out, c.getAccessor().invoke(r));
      } catch (ReflectiveOperationException e) {
        throw new IOException("cannot read " + c.getName() + " of " + r.getClass().getName(), e);
      }
    }
  }

  private static void writeAll(DataOutput out, java.util.Collection<?> values) throws IOException {
    out.writeInt(values.size());
    for (Object v : values) {
      write(out, v);
    }
  }

  private static boolean hasLoneSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }

  public static void writeString(DataOutput out, String s) throws IOException {
    writeBytes(out, s.getBytes(StandardCharsets.UTF_8));
  }

  public static void writeBytes(DataOutput out, byte[] b) throws IOException {
    out.writeInt(b.length);
    out.write(b);
  }

  public static Object read(DataInput in) throws IOException {
    byte tag = in.readByte();
    switch (tag) {
      case NULL: return null;
      case TRUE: return Boolean.TRUE;
      case FALSE: return Boolean.FALSE;
      case LONG: return in.readLong();
      case INT: return in.readInt();
      case DOUBLE: return in.readDouble();
      case DECIMAL: {
        int scale = in.readInt();
        return new BigDecimal(new BigInteger(readBytes(in)), scale);
      }
      case STRING: return readString(in);
      case STRING_UTF16: {
        char[] chars = new char[count(in)];
        for (int i = 0; i < chars.length; i++) {
          chars[i] = in.readChar();
        }
        return new String(chars);
      }
      case BYTE_STRING: return new ByteString(readBytes(in));
      case BYTES: return readBytes(in);
      case KEY: return Key.ofOwned(readArray(in));
      case ARRAY: return readArray(in);
      case LIST: return java.util.Collections.unmodifiableList(java.util.Arrays.asList(readArray(in)));
      case SET: return java.util.Collections.unmodifiableSet(new LinkedHashSet<>(java.util.Arrays.asList(readArray(in))));
      case MAP: return readMap(in);
      case ENUM: return readEnum(in);
      case RECORD: return readRecord(in);
      case DATE_TIME: return LocalDateTime.parse(readString(in));
      case SERIALIZED: return readSerialized(in);
      default: throw new IOException("unknown value tag " + tag);
    }
  }

  private static Object[] readArray(DataInput in) throws IOException {
    int n = count(in);
    Object[] a = new Object[n];
    for (int i = 0; i < n; i++) {
      a[i] = read(in);
    }
    return a;
  }

  private static Map<Object, Object> readMap(DataInput in) throws IOException {
    int n = count(in);
    Map<Object, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      Object k = read(in);
      m.put(k, read(in));
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object readEnum(DataInput in) throws IOException {
    String type = readString(in);
    String name = readString(in);
    try {
      return Enum.valueOf((Class) Class.forName(type), name);
    } catch (ClassNotFoundException | IllegalArgumentException e) {
      throw new IOException("unknown enum value " + type + "." + name, e);
    }
  }

  private static Object readRecord(DataInput in) throws IOException {
    String type = readString(in);
    Class<?> cls;
    try {
      cls = Class.forName(type);
    } catch (ClassNotFoundException e) {
      throw new IOException("unknown record class " + type, e);
    }
    RecordShape shape = SHAPES.computeIfAbsent(cls, RecordShape::of);
    int n = count(in);
    Map<String, Object> byName = new HashMap<>();
    for (int i = 0; i < n; i++) {
      String name = readString(in);
      byName.put(name, read(in));
    }
    RecordComponent[] components = shape.components();
    Object[] args = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      args[i] = byName.containsKey(components[i].getName())
          ? byName.get(components[i].getName()) : defaultOf(components[i].getType());
    }
    try {
      return shape.constructor().newInstance(args);
    } catch (ReflectiveOperationException | IllegalArgumentException e) {
      throw new IOException("cannot rebuild a " + type, e);
    }
  }

  private static Object defaultOf(Class<?> type) {
    if (!type.isPrimitive()) {
      return type == List.class ? List.of() : null;
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == long.class) {
      return 0L;
    }
    if (type == double.class) {
      return 0.0;
    }
    return type == int.class ? 0 : (Object) (byte) 0;
  }

  private static Object readSerialized(DataInput in) throws IOException {
    try (ObjectInputStream o = new ObjectInputStream(new ByteArrayInputStream(readBytes(in)))) {
      return o.readObject();
    } catch (ClassNotFoundException e) {
      throw new IOException("unknown serialized class", e);
    }
  }

  public static String readString(DataInput in) throws IOException {
    return new String(readBytes(in), StandardCharsets.UTF_8);
  }

  public static byte[] readBytes(DataInput in) throws IOException {
    byte[] b = new byte[count(in)];
    in.readFully(b);
    return b;
  }

  private static int count(DataInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("negative length " + n);
    }
    return n;
  }
}
