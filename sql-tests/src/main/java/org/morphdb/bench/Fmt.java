package org.morphdb.bench;

import java.util.Locale;

/** Number formatting shared by the bench and the demo: thousands separators, no locale. */
public final class Fmt {
  private Fmt() {
  }

  /** {@code 12,345}. */
  public static String count(double n) {
    return String.format(Locale.ROOT, "%,.0f", n);
  }

  /** About three significant digits: {@code 1,234}, {@code 56.7}, {@code 0.123}. */
  public static String num(double n) {
    if (Double.isNaN(n) || Double.isInfinite(n)) {
      return "-";
    }
    double abs = Math.abs(n);
    if (abs >= 100) {
      return count(n);
    }
    return String.format(Locale.ROOT, abs >= 10 ? "%.1f" : abs >= 1 ? "%.2f" : "%.3f", n);
  }

  /** Seconds with one or two decimals: {@code 1.25 s}. */
  public static String seconds(double s) {
    return String.format(Locale.ROOT, s >= 10 ? "%.1f s" : "%.2f s", s);
  }

  /** A ratio as {@code 0.82×}. */
  public static String ratio(double r) {
    if (Double.isNaN(r) || Double.isInfinite(r)) {
      return "-";
    }
    return String.format(Locale.ROOT, r >= 10 ? "%.0f×" : r >= 0.1 ? "%.2f×" : "%.3f×", r);
  }

  /** A fraction as a percentage: {@code 78 %}. */
  public static String percent(double fraction) {
    if (Double.isNaN(fraction) || Double.isInfinite(fraction)) {
      return "-";
    }
    double p = fraction * 100;
    return String.format(Locale.ROOT, p >= 10 || p == 0 ? "%.0f %%" : "%.1f %%", p);
  }

  /** {@code s} left-aligned in {@code width} characters. */
  public static String left(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }

  /** {@code s} right-aligned in {@code width} characters. */
  public static String right(String s, int width) {
    return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
  }
}
