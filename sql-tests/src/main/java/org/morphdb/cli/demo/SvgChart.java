package org.morphdb.cli.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The demo's chart as plain SVG: one panel per database, writer throughput (left axis) and
 * reader throughput (right axis) over time, each DDL statement as a shaded band, and each
 * catalog version a MorphDB job committed as a dashed line labelled with its step.
 */
final class SvgChart {
  private static final int WIDTH = 1100;
  private static final int PANEL_HEIGHT = 380;
  private static final int LEFT = 80;
  private static final int RIGHT = 80;
  private static final int TOP = 96;
  private static final int BOTTOM = 48;
  private static final double MARK_MERGE_PX = 6;
  /** About what fits along the plot's height at font size 8. */
  private static final int MARK_LABEL_CHARS = 48;
  private static final String WRITES = "#1f5fbf";
  private static final String READS = "#2a9d3a";

  private final StringBuilder svg = new StringBuilder();

  private SvgChart() {
  }

  static void write(Path file, List<DemoResult> results) throws IOException {
    SvgChart c = new SvgChart();
    int height = PANEL_HEIGHT * results.size();
    c.add("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
        + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">", WIDTH, height,
        WIDTH, height);
    c.add("<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>");
    for (int i = 0; i < results.size(); i++) {
      c.panel(results.get(i), i * PANEL_HEIGHT);
    }
    c.add("</svg>");
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, c.svg, StandardCharsets.UTF_8);
  }

  /** Where a panel's plot area is and what its axes span. */
  private record Plot(double x0, double y0, double w, double h, double tMax, double writesMax,
      double readsMax) {
    double x(double t) {
      return x0 + w * Math.max(0, Math.min(t, tMax)) / tMax;
    }

    double yWrites(double v) {
      return y0 + h - h * v / writesMax;
    }

    double yReads(double v) {
      return y0 + h - h * v / readsMax;
    }
  }

  private void panel(DemoResult r, int offset) {
    Timeline tl = r.timeline();
    List<Timeline.Sample> samples = tl.samples();
    double tMax = Math.max(1, samples.isEmpty() ? 1 : samples.get(samples.size() - 1).t());
    Plot p = new Plot(LEFT, offset + TOP, WIDTH - LEFT - RIGHT, PANEL_HEIGHT - TOP - BOTTOM, tMax,
        niceMax(max(samples, Timeline.Sample::writesPerSec)),
        niceMax(max(samples, Timeline.Sample::readsPerSec)));
    add("<text x=\"%d\" y=\"%d\" font-size=\"15\" font-weight=\"bold\">%s: writer and reader "
        + "throughput while the schema changes (%s rows, %d writers, %d readers)</text>", LEFT,
        offset + 22, esc(r.target().name()), String.format(Locale.ROOT, "%,d", r.rows()),
        r.writers(), r.readers());
    spans(p, tl.spans());
    axes(p);
    marks(p, tl.marks());
    line(p, samples, true);
    line(p, samples, false);
    legend(p, offset);
    add("<text x=\"%.1f\" y=\"%d\" fill=\"%s\">%s</text>", p.x0() + 360, offset + 44,
        r.ok() ? "#1a7f37" : "#b42318", esc(status(r)));
  }

  /** Errors, CHECK TABLE and lost rows, in a few words. */
  private static String status(DemoResult r) {
    long missing = r.rowsMissing();
    return r.errors() + " errors surfaced"
        + (r.checkProblems() == null ? "" : r.checkProblems().isEmpty() ? " · CHECK TABLE clean"
            : " · CHECK TABLE: " + r.checkProblems().size() + " problems")
        + (missing == 0 ? " · every committed row present"
            : missing > 0 ? String.format(Locale.ROOT, " · %,d committed rows missing", missing)
            : String.format(Locale.ROOT, " · %,d rows too many", -missing));
  }

  private void spans(Plot p, List<Timeline.Span> spans) {
    for (int i = 0; i < spans.size(); i++) {
      Timeline.Span s = spans.get(i);
      double x = p.x(s.start());
      double w = Math.max(2, p.x(s.end()) - x);
      String fill = !s.asExpected() ? "#f4a0a0" : "ok".equals(s.outcome()) ? "#dbe7fb" : "#fde2c4";
      add("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s: %s, "
          + "%.2f s</title></rect>", x, p.y0(), w, p.h(), fill, esc(s.label()), esc(s.outcome()),
          s.end() - s.start());
      double labelY = p.y0() - 6 - (i % 3) * 12;
      add("<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#333\">%s%s</text>", x, labelY,
          esc(s.label()), "ok".equals(s.outcome()) ? "" : " (" + esc(s.outcome()) + ")");
    }
  }

  private void axes(Plot p) {
    double right = p.x0() + p.w();
    for (int i = 0; i <= 5; i++) {
      double y = p.y0() + p.h() - p.h() * i / 5;
      add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>", p.x0(), y,
          right, y);
      add("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"%s\">%s</text>", p.x0() - 6,
          y + 4, WRITES, label(p.writesMax() * i / 5));
      add("<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s</text>", right + 6, y + 4, READS,
          label(p.readsMax() * i / 5));
    }
    double step = niceStep(p.tMax() / 10);
    for (double t = 0; t <= p.tMax() + 1e-9; t += step) {
      add("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>", p.x(t),
          p.y0() + p.h() + 16, label(t));
    }
    add("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
        + "stroke=\"#888\"/>", p.x0(), p.y0(), p.w(), p.h());
    add("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">seconds since the workload "
        + "started</text>", p.x0() + p.w() / 2, p.y0() + p.h() + 34);
    add("<text transform=\"translate(%.1f,%.1f) rotate(-90)\" text-anchor=\"middle\" "
        + "fill=\"%s\">writes committed / s</text>", p.x0() - 58, p.y0() + p.h() / 2, WRITES);
    add("<text transform=\"translate(%.1f,%.1f) rotate(90)\" text-anchor=\"middle\" "
        + "fill=\"%s\">reads / s</text>", right + 62, p.y0() + p.h() / 2, READS);
  }

  /** One dashed line per group of catalog versions too close together to tell apart. */
  private void marks(Plot p, List<Timeline.Mark> marks) {
    int i = 0;
    while (i < marks.size()) {
      double x = p.x(marks.get(i).t());
      StringBuilder steps = new StringBuilder();
      StringBuilder titles = new StringBuilder();
      int j = i;
      while (j < marks.size() && p.x(marks.get(j).t()) - x < MARK_MERGE_PX) {
        Timeline.Mark m = marks.get(j++);
        steps.append(steps.length() == 0 ? "" : " → ").append(m.step());
        titles.append(titles.length() == 0 ? "" : "; ").append(m.statement()).append(": ")
            .append(m.step());
      }
      add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#777\" "
          + "stroke-dasharray=\"3,3\"><title>%s</title></line>", x, p.y0(), x, p.y0() + p.h(),
          esc(titles.toString()));
      String label = steps.length() <= MARK_LABEL_CHARS ? steps.toString()
          : steps.substring(0, MARK_LABEL_CHARS - 1) + "…";
      add("<text transform=\"translate(%.1f,%.1f) rotate(-90)\" font-size=\"8\" fill=\"#555\">"
          + "%s</text>", x - 2, p.y0() + p.h() - 4, esc(label));
      i = j;
    }
  }

  private void line(Plot p, List<Timeline.Sample> samples, boolean writes) {
    StringBuilder points = new StringBuilder();
    for (Timeline.Sample s : samples) {
      double v = writes ? s.writesPerSec() : s.readsPerSec();
      double y = writes ? p.yWrites(v) : p.yReads(v);
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", p.x(s.t()), y));
    }
    add("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s points=\"%s\"/>",
        writes ? WRITES : READS, writes ? "2" : "1.3",
        writes ? "" : " stroke-dasharray=\"5,3\"", points.toString().trim());
  }

  private void legend(Plot p, int offset) {
    double x = p.x0();
    double y = offset + 44;
    add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>",
        x, y - 4, x + 20, y - 4, WRITES);
    add("<text x=\"%.1f\" y=\"%.1f\">writers</text>", x + 24, y);
    add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
        + "stroke-dasharray=\"5,3\"/>", x + 80, y - 4, x + 100, y - 4, READS);
    add("<text x=\"%.1f\" y=\"%.1f\">readers</text>", x + 104, y);
    add("<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"#dbe7fb\"/>", x + 160,
        y - 9);
    add("<text x=\"%.1f\" y=\"%.1f\">DDL running</text>", x + 178, y);
    add("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#777\" "
        + "stroke-dasharray=\"3,3\"/>", x + 260, y - 10, x + 260, y + 2);
    add("<text x=\"%.1f\" y=\"%.1f\">F1 step</text>", x + 266, y);
  }

  private static double max(List<Timeline.Sample> samples, ToDoubleFunction<Timeline.Sample> f) {
    return samples.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(1);
  }

  /** The smallest 1, 2 or 5 × 10^k at or above {@code v}, times 5 axis steps. */
  static double niceMax(double v) {
    return niceStep(Math.max(v, 1) / 5) * 5;
  }

  static double niceStep(double raw) {
    double magnitude = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-9))));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * magnitude >= raw) {
        return m * magnitude;
      }
    }
    return 10 * magnitude;
  }

  private static String label(double v) {
    if (v >= 1_000_000) {
      return String.format(Locale.ROOT, "%.1fM", v / 1e6).replace(".0M", "M");
    }
    if (v >= 10_000) {
      return String.format(Locale.ROOT, "%.0fk", v / 1e3);
    }
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v)
        : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  private void add(String format, Object... args) {
    svg.append(String.format(Locale.ROOT, format, args)).append('\n');
  }
}
