package org.morphdb.bench;

/**
 * The benchmarks of issue 6, one row each of the results table, with the target MorphDB's
 * figure is held to and what it is compared with.
 */
public enum Bench {
  POINT_SELECT("point select by PK",
      "point select by primary key, PreparedStatement, 1 thread",
      "ops/s", Basis.FASTER_OTHER, Direction.AT_LEAST, 1.0),
  INSERT("auto-commit insert",
      "auto-commit single-row insert, 1 thread",
      "ops/s", Basis.H2, Direction.AT_LEAST, 1.0),
  RANGE_SCAN("index range scan, 100 rows",
      "range scan through a secondary index (100 rows)",
      "queries/s", Basis.H2, Direction.AT_LEAST, 1.0),
  JOIN_GROUP_BY("join + group by, 100k rows",
      "join + group by over 100k rows",
      "queries/s", Basis.H2, Direction.AT_LEAST, 0.5),
  BULK_LOAD("bulk load, batched",
      "bulk load 1M rows with batched inserts",
      "rows/s", Basis.H2, Direction.AT_LEAST, 1.0),
  WRITERS_DURING_INDEX("writers during CREATE INDEX",
      "writers' throughput during CREATE INDEX on 1M rows, 2 writer threads, relative to before",
      "during/before", Basis.SELF, Direction.AT_LEAST, 0.8),
  INDEX_BUILD_TIME("CREATE INDEX under load",
      "CREATE INDEX on 1M rows under that load, time relative to H2's blocking build",
      "s", Basis.H2, Direction.AT_MOST, 3.0),
  PACED_KEPT("paced: throughput kept",
      "fixed offered load of half the writers' maximum: throughput kept during the build",
      "done/offered", Basis.SELF, Direction.AT_LEAST, 0.98),
  PACED_P99("paced: p99 during/before",
      "fixed offered load of half the writers' maximum: p99 latency during the build "
          + "relative to before",
      "during/before", Basis.SELF, Direction.AT_MOST, 3.0),
  HEAP("heap per 1M rows",
      "heap per 1M rows (4 columns)",
      "MB", Basis.H2, Direction.AT_MOST, 1.5);

  /** What MorphDB's figure is divided by to get the ratio the target is about. */
  public enum Basis {
    /** the better of H2 and HSQLDB */
    FASTER_OTHER,
    /** H2 */
    H2,
    /** nothing: MorphDB's figure is itself the ratio */
    SELF
  }

  /** Whether the ratio must reach the target or stay under it. */
  public enum Direction { AT_LEAST, AT_MOST }

  private final String label;
  private final String title;
  private final String unit;
  private final Basis basis;
  private final Direction direction;
  private final double target;

  Bench(String label, String title, String unit, Basis basis, Direction direction, double target) {
    this.label = label;
    this.title = title;
    this.unit = unit;
    this.basis = basis;
    this.direction = direction;
    this.target = target;
  }

  /** A short name for the console table. */
  public String label() {
    return label;
  }

  /** The benchmark as the issue words it. */
  public String title() {
    return title;
  }

  public String unit() {
    return unit;
  }

  public Basis basis() {
    return basis;
  }

  public Direction direction() {
    return direction;
  }

  public double target() {
    return target;
  }

  /** The target as the issue writes it: {@code ≥ 1.0× the faster of H2 and HSQLDB}. */
  public String targetText() {
    java.math.BigDecimal t = java.math.BigDecimal.valueOf(target).stripTrailingZeros();
    String op = (direction == Direction.AT_LEAST ? "≥ " : "≤ ")
        + (t.scale() < 1 ? t.setScale(1) : t).toPlainString();
    return switch (basis) {
      case FASTER_OTHER -> op + "× the faster of H2 and HSQLDB";
      case H2 -> op + "× H2";
      case SELF -> op;
    };
  }

  /** Whether a ratio meets the target. */
  public boolean met(double ratio) {
    return direction == Direction.AT_LEAST ? ratio >= target : ratio <= target;
  }
}
