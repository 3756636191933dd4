package org.morphdb.bench;

/**
 * Sizes and durations of one bench run.
 *
 * @param bigRows       rows of the table for bulk load, heap, point selects and index builds
 * @param rangeRows     rows of the range-scan table
 * @param orderRows     rows of the join's fact table (1,000 customers)
 * @param warmupSeconds each throughput measurement runs this long unmeasured first
 * @param measureSeconds and is measured for this long
 * @param profile       record MorphDB's runs with JFR and report their hot spots
 */
public record BenchConfig(boolean quick, int bigRows, int rangeRows, int orderRows,
    double warmupSeconds, double measureSeconds, boolean profile) {

  public static BenchConfig full(int bigRows, boolean profile) {
    return new BenchConfig(false, bigRows, 100_000, 100_000, 3, 5, profile);
  }

  public static BenchConfig quick(int bigRows, boolean profile) {
    return new BenchConfig(true, bigRows, 5_000, 5_000, 0.2, 0.5, profile);
  }

  /** The heap figure is per million rows, whatever the table's size. */
  public double perMillion() {
    return 1_000_000.0 / bigRows;
  }
}
