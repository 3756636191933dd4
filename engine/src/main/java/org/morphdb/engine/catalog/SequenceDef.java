package org.morphdb.engine.catalog;

/**
 * A sequence of numbers handed out outside transactions: a named sequence ({@code CREATE
 * SEQUENCE}) or the generator of an IDENTITY column (then {@code id} is the column's id and
 * {@code name} the column's). Values are never handed out twice, whatever rolls back; the
 * counter itself lives in {@link org.morphdb.engine.storage.SequenceValues}, keyed by id,
 * since it changes with every value and a catalog version never changes.
 *
 * @param start     the first value
 * @param increment added for each value; never 0
 * @param min       smallest value, inclusive
 * @param max       largest value, inclusive
 * @param cycle     after the last value, start again at {@code min} (or {@code max} when
 *                  counting down); otherwise the next value fails with 2200H
 * @param cache     values a node may reserve ahead (accepted for compatibility; every value
 *                  comes from one shared counter, so no value is skipped by it)
 * @param type      the integer type the values have
 */
public record SequenceDef(int id, String schema, String name, long start, long increment,
    long min, long max, boolean cycle, long cache, TypeKind type) {

  public SequenceDef {
    if (increment == 0) {
      throw new IllegalArgumentException("increment 0");
    }
  }

  public String qualifiedName() { return schema + "." + name; }

  /** The defaults of SQL's {@code CREATE SEQUENCE} for an integer type of this kind. */
  public static SequenceDef defaults(int id, String schema, String name, TypeKind type) {
    return new SequenceDef(id, schema, name, 1, 1, 1, maxOf(type), false, 32, type);
  }

  /** The largest value of an integer type. */
  public static long maxOf(TypeKind type) {
    return switch (type) {
      case TINYINT -> Byte.MAX_VALUE;
      case SMALLINT -> Short.MAX_VALUE;
      case INTEGER -> Integer.MAX_VALUE;
      default -> Long.MAX_VALUE;
    };
  }

  /** The smallest value of an integer type. */
  public static long minOf(TypeKind type) {
    return switch (type) {
      case TINYINT -> Byte.MIN_VALUE;
      case SMALLINT -> Short.MIN_VALUE;
      case INTEGER -> Integer.MIN_VALUE;
      default -> Long.MIN_VALUE;
    };
  }

  public SequenceDef withId(int newId, String newName) {
    return new SequenceDef(newId, schema, newName, start, increment, min, max, cycle, cache, type);
  }
}
