package org.morphdb.cli.demo;

import java.util.ArrayList;
import java.util.List;

/**
 * Throughput over time and the schema changes on it, in seconds since the workload started:
 * what the chart draws. Written by the sampler and the DDL runner, read after the run.
 */
final class Timeline {
  /** Throughput in the interval ending at {@code t}. */
  public record Sample(double t, double writesPerSec, double readsPerSec) {}

  /** A DDL statement from {@code start} to {@code end}; {@code outcome} is "ok" or a SQLState. */
  public record Span(String label, double start, double end, String outcome, boolean asExpected) {}

  /** A catalog version a DDL job committed, active from {@code t}; step e.g. "WRITE_ONLY". */
  public record Mark(double t, String step, String statement) {}

  private final List<Sample> samples = new ArrayList<>();
  private final List<Span> spans = new ArrayList<>();
  private final List<Mark> marks = new ArrayList<>();

  synchronized void sample(Sample s) {
    samples.add(s);
  }

  synchronized void span(Span s) {
    spans.add(s);
  }

  synchronized void mark(Mark m) {
    marks.add(m);
  }

  public synchronized List<Sample> samples() {
    return List.copyOf(samples);
  }

  public synchronized List<Span> spans() {
    return List.copyOf(spans);
  }

  public synchronized List<Mark> marks() {
    return List.copyOf(marks);
  }
}
