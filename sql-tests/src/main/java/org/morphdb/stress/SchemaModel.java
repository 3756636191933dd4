package org.morphdb.stress;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The stress table's schema as the DDL thread knows it (indexes, added columns, NOT NULL
 * and CHECK constraints; the FOREIGN KEY of the parent/child pair), and the random choice of
 * the next schema change.
 */
final class SchemaModel {

  /** A secondary index of the stress table. */
  record IndexSpec(String name, List<String> columns, boolean unique) {
    String createSql() {
      return "CREATE " + (unique ? "UNIQUE " : "") + "INDEX " + name + " ON s (" + String.join(", ", columns) + ")";
    }
  }

  /**
   * One schema change to run.
   *
   * @param sql        the statement
   * @param acceptable SQLStates with which it may legitimately fail (e.g. 23502 for SET NOT
   *                   NULL on a column the writers sometimes leave NULL)
   * @param mustFail   true when the rules forbid it (e.g. dropping a column an index uses)
   * @param onSuccess  how the schema changes when it succeeds
   * @param before     a statement run first (null: none), e.g. deleting orphans before a key is added
   */
  record Change(String sql, Set<String> acceptable, boolean mustFail, Consumer<SchemaModel> onSuccess, String before) {
    Change(String sql, Set<String> acceptable, boolean mustFail, Consumer<SchemaModel> onSuccess) {
      this(sql, acceptable, mustFail, onSuccess, null);
    }
  }

  private static final List<IndexSpec> BASE_INDEXES = List.of(
      new IndexSpec("IX_K", List.of("K"), false),
      new IndexSpec("UX_U", List.of("U"), true),
      new IndexSpec("IX_KM", List.of("K", "M"), false),
      new IndexSpec("IX_V", List.of("V"), false));

  private final Map<String, IndexSpec> indexes = new LinkedHashMap<>();
  /** Added columns: name → true when VARCHAR. */
  private final Map<String, Boolean> extraColumns = new LinkedHashMap<>();
  private final Set<String> notNull = new TreeSet<>();
  private final Set<String> checks = new TreeSet<>();
  private int nextColumn = 1;
  /** The FOREIGN KEY of SC on SP exists (VALID) as far as the DDL thread knows. */
  private boolean foreignKey;

  /** The indexes on the base columns the DDL loop creates and drops. */
  static List<IndexSpec> baseIndexes() { return BASE_INDEXES; }

  /** Indexes that exist (PUBLIC) as far as the DDL thread knows. */
  List<IndexSpec> indexes() { return List.copyOf(indexes.values()); }

  /** True while the FOREIGN KEY of the parent/child pair exists. */
  boolean foreignKey() { return foreignKey; }

  Change next(Random rnd) {
    if (rnd.nextInt(100) < 25) {
      return toggleForeignKey(rnd);
    }
    int dice = rnd.nextInt(100);
    if (dice < 35) {
      Change c = createIndex(rnd);
      return c != null ? c : dropIndex(rnd);
    } else if (dice < 55) {
      Change c = dropIndex(rnd);
      return c != null ? c : createIndex(rnd);
    } else if (dice < 62) {
      return extraColumns.size() < 2 ? addColumn(rnd) : dropColumn(rnd);
    } else if (dice < 69) {
      return extraColumns.isEmpty() ? addColumn(rnd) : dropColumn(rnd);
    } else if (dice < 77) {
      return toggleNotNull("N", Set.of());
    } else if (dice < 83) {
      return toggleNotNull("M", Set.of("23502"));
    } else if (dice < 91) {
      return toggleCheck("CK_K", "K >= 0", Set.of());
    }
    return toggleCheck("CK_M", "M <> " + Workload.FORBIDDEN_M, Set.of("23513"));
  }

  private Change createIndex(Random rnd) {
    List<IndexSpec> absent = new ArrayList<>();
    for (IndexSpec s : BASE_INDEXES) {
      if (!indexes.containsKey(s.name())) {
        absent.add(s);
      }
    }
    for (String col : extraColumns.keySet()) {
      String name = "IX_" + col;
      if (!indexes.containsKey(name)) {
        absent.add(new IndexSpec(name, List.of(col), false));
      }
    }
    if (absent.isEmpty()) {
      return null;
    }
    IndexSpec s = absent.get(rnd.nextInt(absent.size()));
    return new Change(s.createSql(), Set.of(), false, m -> m.indexes.put(s.name(), s));
  }

  private Change dropIndex(Random rnd) {
    if (indexes.isEmpty()) {
      return null;
    }
    List<String> names = new ArrayList<>(indexes.keySet());
    String name = names.get(rnd.nextInt(names.size()));
    return new Change("DROP INDEX " + name, Set.of(), false, m -> m.indexes.remove(name));
  }

  private Change addColumn(Random rnd) {
    String name = "X" + nextColumn++;
    boolean text = rnd.nextBoolean();
    String sql = "ALTER TABLE s ADD COLUMN " + name + (text ? " VARCHAR(10)" : " INT DEFAULT " + rnd.nextInt(10));
    return new Change(sql, Set.of(), false, m -> m.extraColumns.put(name, text));
  }

  private Change dropColumn(Random rnd) {
    List<String> names = new ArrayList<>(extraColumns.keySet());
    String name = names.get(rnd.nextInt(names.size()));
    boolean indexed = indexes.values().stream().anyMatch(i -> i.columns().contains(name));
    return new Change("ALTER TABLE s DROP COLUMN " + name, indexed ? Set.of("2BP01") : Set.of(), indexed,
        m -> m.extraColumns.remove(name));
  }

  private Change toggleNotNull(String column, Set<String> acceptable) {
    if (notNull.contains(column)) {
      return new Change("ALTER TABLE s ALTER COLUMN " + column + " DROP NOT NULL", Set.of(), false,
          m -> m.notNull.remove(column));
    }
    return new Change("ALTER TABLE s ALTER COLUMN " + column + " SET NOT NULL", acceptable, false,
        m -> m.notNull.add(column));
  }

  private Change toggleCheck(String name, String condition, Set<String> acceptable) {
    if (checks.contains(name)) {
      return new Change("ALTER TABLE s DROP CONSTRAINT " + name, Set.of(), false, m -> m.checks.remove(name));
    }
    return new Change("ALTER TABLE s ADD CONSTRAINT " + name + " CHECK (" + condition + ")", acceptable, false,
        m -> m.checks.add(name));
  }

  /**
   * Drops the key, or adds it with a random ON DELETE action after deleting the orphans left
   * meanwhile; writers keep orphaning, so the add may fail with 23503 (and walk back).
   */
  private Change toggleForeignKey(Random rnd) {
    if (foreignKey) {
      return new Change("ALTER TABLE sc DROP CONSTRAINT " + Workload.FK_NAME, Set.of(), false,
          m -> m.foreignKey = false);
    }
    String action = List.of("", " ON DELETE CASCADE", " ON DELETE SET NULL").get(rnd.nextInt(3));
    return new Change("ALTER TABLE sc ADD CONSTRAINT " + Workload.FK_NAME + " FOREIGN KEY (pid) REFERENCES sp" + action,
        Set.of("23503"), false, m -> m.foreignKey = true, Workload.DELETE_ORPHANS);
  }
}
