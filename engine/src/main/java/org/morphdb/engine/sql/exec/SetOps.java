package org.morphdb.engine.sql.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** UNION, INTERSECT and EXCEPT, with and without ALL. */
final class SetOps {
  private SetOps() {}

  enum Kind { UNION, INTERSECT, EXCEPT }

  static Rows.Node of(Kind kind, boolean all, List<Rows.Node> inputs) {
    if (kind == Kind.UNION && all) {
      return ctx -> unionAll(inputs, ctx);
    }
    return ctx -> Rows.of(distinctOrCounted(kind, all, inputs, ctx).iterator());
  }

  private static Rows unionAll(List<Rows.Node> inputs, ExecContext ctx) {
    return new Rows() {
      int at;
      Rows current;

      @Override
      public Object[] next() {
        while (true) {
          if (current == null) {
            if (at >= inputs.size()) {
              return null;
            }
            current = inputs.get(at++).open(ctx);
          }
          Object[] row = current.next();
          if (row != null) {
            return row;
          }
          current.close();
          current = null;
        }
      }

      @Override
      public void close() {
        if (current != null) {
          current.close();
        }
      }
    };
  }

  /** Counts of each distinct row per input, then the result multiset. */
  private static List<Object[]> distinctOrCounted(Kind kind, boolean all, List<Rows.Node> inputs,
      ExecContext ctx) {
    Map<List<Object>, long[]> counts = new LinkedHashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      Map<List<Object>, Long> here = new HashMap<>();
      for (Object[] row : Operators.drain(inputs.get(i).open(ctx))) {
        here.merge(Arrays.asList(row), 1L, Long::sum);
      }
      for (Map.Entry<List<Object>, Long> e : here.entrySet()) {
        if (i == 0 || kind == Kind.UNION || counts.containsKey(e.getKey())) {
          counts.computeIfAbsent(e.getKey(), k -> new long[inputs.size()])[i] = e.getValue();
        }
      }
    }
    List<Object[]> out = new ArrayList<>();
    for (Map.Entry<List<Object>, long[]> e : counts.entrySet()) {
      long n = multiplicity(kind, all, e.getValue());
      for (long j = 0; j < n; j++) {
        out.add(e.getKey().toArray());
      }
    }
    return out;
  }

  /** How often a row comes out, given how often it is in each input. */
  private static long multiplicity(Kind kind, boolean all, long[] counts) {
    long[] c = counts;
    if (!all) {
      // without ALL only presence counts: {1, 2} EXCEPT {1} leaves nothing
      c = Arrays.stream(counts).map(n -> Math.min(n, 1)).toArray();
    }
    long n = c[0];
    for (int i = 1; i < c.length; i++) {
      n = switch (kind) {
        case UNION -> n + c[i];
        case INTERSECT -> Math.min(n, c[i]);
        case EXCEPT -> Math.max(0, n - c[i]);
      };
    }
    return all ? n : Math.min(n, 1);
  }
}
