package org.morphdb.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The figures of one bench run, per benchmark and database, with notes and hot spots. */
public final class BenchResults {
  private final Map<Bench, Map<Dbms, Double>> values = new EnumMap<>(Bench.class);
  private final Map<Bench, Map<Dbms, String>> details = new EnumMap<>(Bench.class);
  private final Map<Bench, List<String>> hotSpots = new EnumMap<>(Bench.class);
  private final Map<Dbms, String> versions = new EnumMap<>(Dbms.class);
  private final List<String> problems = new ArrayList<>();
  private final double loadAtStart =
      java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();

  synchronized void put(Bench b, Dbms d, double value, String detail) {
    values.computeIfAbsent(b, k -> new EnumMap<>(Dbms.class)).put(d, value);
    if (detail != null) {
      details.computeIfAbsent(b, k -> new EnumMap<>(Dbms.class)).put(d, detail);
    }
  }

  synchronized void hotSpots(Bench b, List<String> lines) {
    hotSpots.put(b, List.copyOf(lines));
  }

  synchronized void version(Dbms d, String version) {
    versions.put(d, version);
  }

  /** Something that went wrong in a run (an error a workload met); reported, not fatal. */
  synchronized void problem(String what) {
    problems.add(what);
  }

  public synchronized double value(Bench b, Dbms d) {
    return values.getOrDefault(b, Map.of()).getOrDefault(d, Double.NaN);
  }

  public synchronized String detail(Bench b, Dbms d) {
    return details.getOrDefault(b, Map.of()).get(d);
  }

  public synchronized List<String> hotSpots(Bench b) {
    return hotSpots.getOrDefault(b, List.of());
  }

  public synchronized Map<Dbms, String> versions() {
    return new LinkedHashMap<>(versions);
  }

  /** The 1-minute load average when the run began (negative when unknown). */
  public double loadAtStart() {
    return loadAtStart;
  }

  public synchronized List<String> problems() {
    return List.copyOf(problems);
  }

  /** MorphDB's figure relative to its basis: the ratio the target is about. */
  public double ratio(Bench b) {
    double morph = value(b, Dbms.MORPHDB);
    return switch (b.basis()) {
      case SELF -> morph;
      case H2 -> morph / value(b, Dbms.H2);
      case FASTER_OTHER -> morph / Math.max(value(b, Dbms.H2), value(b, Dbms.HSQLDB));
    };
  }

  /** "met", or how far the ratio is from the target. */
  public String verdict(Bench b) {
    double r = ratio(b);
    if (Double.isNaN(r)) {
      return "not measured";
    }
    if (b.met(r)) {
      return "met";
    }
    if (b.direction() == Bench.Direction.AT_LEAST) {
      return "MISSED: " + Fmt.num(r) + " < " + Fmt.num(b.target()) + " ("
          + (r <= 0 ? "nothing kept" : Fmt.ratio(b.target() / r) + " short") + ")";
    }
    return "MISSED: " + Fmt.num(r) + " > " + Fmt.num(b.target()) + " ("
        + Fmt.ratio(r / b.target()) + " over)";
  }
}
