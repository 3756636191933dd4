package org.morphdb.stress;

import java.util.Objects;

/**
 * One row of the stress table {@code s(id, k, u, v, n, m)} as the writers model it.
 *
 * <ul>
 *   <li>{@code k} indexed, updated often, never negative (so {@code CHECK (k >= 0)} holds);
 *   <li>{@code u} kept unique by construction: {@code u mod U_STEP = id};
 *   <li>{@code v} indexed text, sometimes NULL;
 *   <li>{@code n} never NULL (so {@code SET NOT NULL} on it succeeds);
 *   <li>{@code m} sometimes NULL and sometimes 13 (so {@code SET NOT NULL} / {@code CHECK (m <> 13)}
 *       on it usually fail, or refuse the writes that race them).
 * </ul>
 */
record StressRow(int id, int k, int u, String v, int n, Integer m) {

  StressRow withK(int newK) { return new StressRow(id, newK, u, v, n, m); }

  StressRow withU(int newU) { return new StressRow(id, k, newU, v, n, m); }

  StressRow withKm(int newK, Integer newM) { return new StressRow(id, newK, u, v, n, newM); }

  StressRow withVnm(String newV, int newN, Integer newM) { return new StressRow(id, k, u, newV, newN, newM); }

  /** Same values as a row read back from the database (numbers compared by value). */
  boolean sameAs(Object[] db) {
    return db.length >= 6 && num(db[0]) == id && num(db[1]) == k && num(db[2]) == u
        && Objects.equals(db[3], v) && num(db[4]) == n && Objects.equals(m == null ? null : (long) m, numOrNull(db[5]));
  }

  private static long num(Object o) {
    return o == null ? Long.MIN_VALUE : ((Number) o).longValue();
  }

  private static Long numOrNull(Object o) {
    return o == null ? null : ((Number) o).longValue();
  }

  @Override
  public String toString() {
    return "(" + id + ", k=" + k + ", u=" + u + ", v=" + v + ", n=" + n + ", m=" + m + ")";
  }
}
