package org.morphdb.engine.sql.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.linq4j.Enumerator;

/** The single-input and leaf operators: table leaves, calc, values, sort and limit. */
final class Operators {
  private Operators() {}

  static Rows.Node leaf(Leaf leaf, List<Scalar> keys) {
    boolean scalar = leaf.scalarRows();
    return ctx -> {
      Object[] values = new Object[keys.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = keys.get(i).eval(null, ctx);
      }
      Enumerator<Object> e = leaf.opener().open(ctx.root, values).enumerator();
      return new Rows() {
        @Override
        public Object[] next() {
          if (!e.moveNext()) {
            return null;
          }
          Object v = e.current();
          return scalar ? new Object[] {v} : (Object[]) v;
        }

        @Override
        public void close() {
          e.close();
        }
      };
    };
  }

  /** Filters by {@code condition} (may be null) and computes {@code projects} (null: as is). */
  static Rows.Node calc(Rows.Node input, Scalar condition, Scalar[] projects) {
    return ctx -> {
      Rows in = input.open(ctx);
      return new Rows() {
        @Override
        public Object[] next() {
          for (Object[] row = in.next(); row != null; row = in.next()) {
            if (condition != null && !Logic.passes(condition.eval(row, ctx))) {
              continue;
            }
            if (projects == null) {
              return row;
            }
            Object[] out = new Object[projects.length];
            for (int i = 0; i < out.length; i++) {
              out[i] = projects[i].eval(row, ctx);
            }
            return out;
          }
          return null;
        }

        @Override
        public void close() {
          in.close();
        }
      };
    };
  }

  static Rows.Node values(List<Object[]> rows) {
    return ctx -> Rows.of(rows.iterator());
  }

  /** ORDER BY (comparator may be null: none) with OFFSET / FETCH (either may be null). */
  static Rows.Node sort(Rows.Node input, Comparator<Object[]> order, Scalar offset, Scalar fetch) {
    return ctx -> {
      long skip = offset == null ? 0 : count(offset.eval(null, ctx));
      long limit = fetch == null ? Long.MAX_VALUE : count(fetch.eval(null, ctx));
      if (order == null) {
        return limit(input.open(ctx), skip, limit);
      }
      List<Object[]> all = drain(input.open(ctx));
      all.sort(order);
      return limit(Rows.of(all.iterator()), skip, limit);
    };
  }

  private static long count(Object v) {
    if (v == null) {
      return 0;
    }
    long n = ((Number) v).longValue();
    if (n < 0) {
      throw new ArithmeticException("OFFSET and FETCH must not be negative: " + n);
    }
    return n;
  }

  private static Rows limit(Rows in, long skip, long limit) {
    return new Rows() {
      long skipped;
      long returned;

      @Override
      public Object[] next() {
        while (skipped < skip) {
          if (in.next() == null) {
            return null;
          }
          skipped++;
        }
        if (returned >= limit) {
          return null;
        }
        Object[] row = in.next();
        if (row != null) {
          returned++;
        }
        return row;
      }

      @Override
      public void close() {
        in.close();
      }
    };
  }

  static List<Object[]> drain(Rows rows) {
    List<Object[]> list = new ArrayList<>();
    try (rows) {
      for (Object[] r = rows.next(); r != null; r = rows.next()) {
        list.add(r);
      }
    }
    return list;
  }

  /** The fields at {@code keys}, as a value with equals/hashCode, or null if one is null. */
  static List<Object> key(Object[] row, int[] keys) {
    Object[] k = new Object[keys.length];
    for (int i = 0; i < keys.length; i++) {
      Object v = row[keys[i]];
      if (v == null) {
        return null;
      }
      k[i] = v;
    }
    return Arrays.asList(k);
  }

  /** Like {@link #key(Object[], int[])}, each field first brought to a comparable form. */
  static List<Object> key(Object[] row, int[] keys, UnaryOperator<Object>[] normalize) {
    Object[] k = new Object[keys.length];
    for (int i = 0; i < keys.length; i++) {
      Object v = row[keys[i]];
      if (v == null) {
        return null;
      }
      k[i] = normalize[i].apply(v);
    }
    return Arrays.asList(k);
  }

  static Object[] concat(Object[] left, Object[] right, int rightWidth) {
    Object[] out = Arrays.copyOf(left, left.length + rightWidth);
    if (right != null) {
      System.arraycopy(right, 0, out, left.length, rightWidth);
    }
    return out;
  }
}
