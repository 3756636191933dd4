package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import org.morphdb.engine.api.ColumnMeta;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.ForeignKeyDef;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.SequenceDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.catalog.ViewDef;

/**
 * The system tables: their columns (as data) and the rows of those derived from a catalog
 * (TABLES, COLUMNS, INDEXES, KEY_COLUMNS, SCHEMATA). Rows of SCHEMA_VERSIONS, DDL_JOBS and
 * NODES come from the database. Values are in Calcite's form (VARCHAR String, INT Integer,
 * BIGINT Long, BOOLEAN Boolean, TIMESTAMP Long epoch millis).
 */
public final class SystemTables {
  public static final String INFORMATION_SCHEMA = "INFORMATION_SCHEMA";
  public static final String SYS = "SYS";

  /** A column of a system table; every column is nullable. */
  public record Column(String name, TypeKind kind) {}

  /** A system table and its columns, in order. */
  public record Table(String schema, String name, List<Column> columns) {
    public Table {
      columns = List.copyOf(columns);
    }

    public int columnIndex(String column) {
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).name().equals(column)) {
          return i;
        }
      }
      return -1;
    }
  }

  public static final Table TABLES = info("TABLES", "TABLE_SCHEMA", "TABLE_NAME", "TABLE_TYPE",
      "TABLE_VERSION:INTEGER");
  public static final Table COLUMNS = info("COLUMNS", "TABLE_SCHEMA", "TABLE_NAME", "COLUMN_NAME",
      "ORDINAL_POSITION:INTEGER", "DATA_TYPE", "IS_NULLABLE", "COLUMN_DEFAULT", "JDBC_TYPE:INTEGER",
      "COLUMN_SIZE:INTEGER", "DECIMAL_DIGITS:INTEGER", "IS_IDENTITY", "IDENTITY_GENERATION");
  public static final Table INDEXES = info("INDEXES", "TABLE_SCHEMA", "TABLE_NAME", "INDEX_NAME",
      "COLUMN_NAMES", "IS_UNIQUE:BOOLEAN", "STATE");
  public static final Table KEY_COLUMNS = info("KEY_COLUMNS", "TABLE_SCHEMA", "TABLE_NAME",
      "CONSTRAINT_NAME", "COLUMN_NAME", "ORDINAL_POSITION:INTEGER");
  public static final Table SCHEMATA = info("SCHEMATA", "SCHEMA_NAME");
  /** One row per column of each foreign key (the standard's REFERENTIAL_CONSTRAINTS and KEY_COLUMN_USAGE in one). */
  public static final Table REFERENTIAL_CONSTRAINTS = info("REFERENTIAL_CONSTRAINTS", "CONSTRAINT_SCHEMA",
      "CONSTRAINT_NAME", "TABLE_SCHEMA", "TABLE_NAME", "COLUMN_NAME", "ORDINAL_POSITION:INTEGER",
      "REFERENCED_TABLE_SCHEMA", "REFERENCED_TABLE_NAME", "REFERENCED_COLUMN_NAME", "UNIQUE_CONSTRAINT_NAME",
      "UPDATE_RULE", "DELETE_RULE", "STATE");
  public static final Table SEQUENCES = info("SEQUENCES", "SEQUENCE_SCHEMA", "SEQUENCE_NAME",
      "DATA_TYPE", "START_VALUE:BIGINT", "MINIMUM_VALUE:BIGINT", "MAXIMUM_VALUE:BIGINT",
      "INCREMENT:BIGINT", "CYCLE_OPTION", "CACHE:BIGINT");
  public static final Table SCHEMA_VERSIONS = sys("SCHEMA_VERSIONS", "VERSION:INTEGER",
      "ACTIVATION_TS:BIGINT", "STATEMENT");
  public static final Table DDL_JOBS = sys("DDL_JOBS", "JOB_ID:BIGINT", "STATEMENT", "TABLE_NAME",
      "STATE", "STEP", "ROWS_DONE:BIGINT", "ROWS_TOTAL:BIGINT", "STARTED:TIMESTAMP",
      "FINISHED:TIMESTAMP", "ERROR");
  public static final Table NODES = sys("NODES", "NODE_ID:INTEGER", "CATALOG_VERSION:INTEGER",
      "COMPLETE_UNTIL_TS:BIGINT");

  public static final List<Table> ALL = List.of(TABLES, COLUMNS, INDEXES, KEY_COLUMNS, SCHEMATA,
      SEQUENCES, REFERENTIAL_CONSTRAINTS, SCHEMA_VERSIONS, DDL_JOBS, NODES);

  private SystemTables() {}

  public static Optional<Table> find(String schema, String name) {
    return ALL.stream().filter(t -> t.schema().equals(schema) && t.name().equals(name)).findFirst();
  }

  /** Whether {@link #catalogRows} builds this table's rows. */
  public static boolean isCatalogDerived(Table t) {
    return t.schema().equals(INFORMATION_SCHEMA);
  }

  /** Rows of a catalog-derived system table; views' columns are left out. */
  public static List<Object[]> catalogRows(Catalog catalog, String schema, String table) {
    return catalogRows(catalog, schema, table, v -> List.of());
  }

  /**
   * Rows of a catalog-derived system table.
   *
   * @param viewColumns the result columns of a view (the query planner knows them)
   */
  public static List<Object[]> catalogRows(Catalog catalog, String schema, String table,
      Function<ViewDef, List<ColumnMeta>> viewColumns) {
    if (!schema.equals(INFORMATION_SCHEMA)) {
      throw new IllegalArgumentException(schema + "." + table + " is not derived from the catalog");
    }
    return switch (table) {
      case "TABLES" -> tableRows(catalog);
      case "COLUMNS" -> columnRows(catalog, viewColumns);
      case "INDEXES" -> indexRows(catalog);
      case "KEY_COLUMNS" -> keyColumnRows(catalog);
      case "SCHEMATA" -> schemaRows(catalog);
      case "SEQUENCES" -> sequenceRows(catalog);
      case "REFERENTIAL_CONSTRAINTS" -> foreignKeyRows(catalog);
      default -> throw new IllegalArgumentException(schema + "." + table + " is not derived from the catalog");
    };
  }

  private static List<Object[]> tableRows(Catalog catalog) {
    List<Object[]> rows = new ArrayList<>();
    for (TableDef t : sortedTables(catalog)) {
      rows.add(new Object[] {t.schema(), t.name(), "TABLE", t.version()});
    }
    for (ViewDef v : sortedViews(catalog)) {
      rows.add(new Object[] {v.schema(), v.name(), "VIEW", 0});
    }
    for (Table s : ALL) {
      rows.add(new Object[] {s.schema(), s.name(), "SYSTEM TABLE", 0});
    }
    return rows;
  }

  private static List<Object[]> columnRows(Catalog catalog,
      Function<ViewDef, List<ColumnMeta>> viewColumns) {
    List<Object[]> rows = new ArrayList<>();
    for (TableDef t : sortedTables(catalog)) {
      int pos = 1;
      for (ColumnDef c : t.columns()) {
        ColumnType type = c.type();
        rows.add(new Object[] {t.schema(), t.name(), c.name(), pos++, type.sql(),
            c.nullable() ? "YES" : "NO", c.defaultSql(), type.kind().jdbcType(), columnSize(type),
            decimalDigits(type), c.isIdentity() ? "YES" : "NO",
            !c.isIdentity() ? null : c.identity().always() ? "ALWAYS" : "BY DEFAULT"});
      }
    }
    for (ViewDef v : sortedViews(catalog)) {
      int pos = 1;
      for (ColumnMeta m : viewColumns.apply(v)) {
        rows.add(new Object[] {v.schema(), v.name(), m.name(), pos++, m.typeName(),
            m.nullable() ? "YES" : "NO", null, m.jdbcType(), m.precision(), m.scale(), "NO", null});
      }
    }
    for (Table s : ALL) {
      int pos = 1;
      for (Column c : s.columns()) {
        ColumnType type = ColumnType.of(c.kind());
        rows.add(new Object[] {s.schema(), s.name(), c.name(), pos++, type.sql(), "YES", null,
            c.kind().jdbcType(), columnSize(type), decimalDigits(type), "NO", null});
      }
    }
    return rows;
  }

  private static List<Object[]> indexRows(Catalog catalog) {
    List<Object[]> rows = new ArrayList<>();
    for (TableDef t : sortedTables(catalog)) {
      for (IndexDef i : t.indexes()) {
        List<String> names = new ArrayList<>();
        for (int k = 0; k < i.columnIds().size(); k++) {
          boolean desc = k < i.descending().size() && i.descending().get(k);
          names.add(columnName(t, i.columnIds().get(k)) + (desc ? " DESC" : ""));
        }
        rows.add(new Object[] {t.schema(), t.name(), i.name(), String.join(",", names),
            i.unique(), i.state().name()});
      }
    }
    return rows;
  }

  private static List<Object[]> keyColumnRows(Catalog catalog) {
    List<Object[]> rows = new ArrayList<>();
    for (TableDef t : sortedTables(catalog)) {
      int pos = 1;
      for (int id : t.primaryKey()) {
        rows.add(new Object[] {t.schema(), t.name(), "PK_" + t.name(), columnName(t, id), pos++});
      }
    }
    return rows;
  }

  private static List<Object[]> foreignKeyRows(Catalog catalog) {
    List<Object[]> rows = new ArrayList<>();
    for (TableDef child : sortedTables(catalog)) {
      for (ForeignKeyDef key : child.outgoingKeys()) {
        TableDef parent = catalog.table(key.parentTableId()).orElse(null);
        if (parent == null) {
          continue;
        }
        for (int i = 0; i < key.childColumns().size(); i++) {
          rows.add(new Object[] {child.schema(), key.name(), child.schema(), child.name(),
              columnName(child, key.childColumns().get(i)), i + 1, parent.schema(), parent.name(),
              columnName(parent, key.parentColumns().get(i)), "PK_" + parent.name(), key.onUpdate().sql(),
              key.onDelete().sql(), key.state().name()});
        }
      }
    }
    return rows;
  }

  private static List<Object[]> sequenceRows(Catalog catalog) {
    List<SequenceDef> list = new ArrayList<>(catalog.sequencesByName().values());
    list.sort(Comparator.comparing(SequenceDef::schema).thenComparing(SequenceDef::name));
    List<Object[]> rows = new ArrayList<>();
    for (SequenceDef q : list) {
      rows.add(new Object[] {q.schema(), q.name(), q.type().name(), q.start(), q.min(), q.max(),
          q.increment(), q.cycle() ? "YES" : "NO", q.cache()});
    }
    return rows;
  }

  private static List<Object[]> schemaRows(Catalog catalog) {
    TreeSet<String> names = new TreeSet<>(List.of(Catalog.DEFAULT_SCHEMA, INFORMATION_SCHEMA, SYS));
    catalog.tables().forEach(t -> names.add(t.schema()));
    catalog.views().forEach(v -> names.add(v.schema()));
    List<Object[]> rows = new ArrayList<>();
    names.forEach(n -> rows.add(new Object[] {n}));
    return rows;
  }

  private static String columnName(TableDef t, int columnId) {
    int i = t.columnIndex(columnId);
    return i < 0 ? "#" + columnId : t.columns().get(i).name();
  }

  /** JDBC COLUMN_SIZE: digits for numbers, characters for strings and datetimes. */
  static Integer columnSize(ColumnType t) {
    return switch (t.kind()) {
      case BOOLEAN -> 1;
      case TINYINT -> 3;
      case SMALLINT -> 5;
      case INTEGER -> 10;
      case BIGINT -> 19;
      case DECIMAL -> t.precision() > 0 ? t.precision() : MorphTypeSystem.MAX_DECIMAL;
      case REAL -> 7;
      case DOUBLE -> 15;
      case CHAR -> Math.max(1, t.precision());
      case VARCHAR, VARBINARY -> t.precision() > 0 ? t.precision() : Integer.MAX_VALUE;
      case CLOB, BLOB, JSON -> Integer.MAX_VALUE;
      case UUID -> CalciteTypes.UUID_LENGTH;
      case DATE -> 10;
      case TIME -> 12;
      case TIMESTAMP -> 23;
      case TIMESTAMP_TZ -> 29; // 2024-01-31 23:59:59.999+00:00
    };
  }

  static Integer decimalDigits(ColumnType t) {
    return switch (t.kind()) {
      case TINYINT, SMALLINT, INTEGER, BIGINT -> 0;
      case DECIMAL -> t.precision() > 0 ? t.scale() : MorphTypeSystem.UNBOUNDED_DECIMAL_SCALE;
      case TIME, TIMESTAMP, TIMESTAMP_TZ -> CalciteTypes.TIME_PRECISION;
      default -> null;
    };
  }

  private static List<TableDef> sortedTables(Catalog catalog) {
    List<TableDef> list = new ArrayList<>(catalog.tables());
    list.sort(Comparator.comparing(TableDef::schema).thenComparing(TableDef::name));
    return list;
  }

  private static List<ViewDef> sortedViews(Catalog catalog) {
    List<ViewDef> list = new ArrayList<>(catalog.views());
    list.sort(Comparator.comparing(ViewDef::schema).thenComparing(ViewDef::name));
    return list;
  }

  private static Table info(String name, String... columns) {
    return table(INFORMATION_SCHEMA, name, columns);
  }

  private static Table sys(String name, String... columns) {
    return table(SYS, name, columns);
  }

  /** Columns written "NAME" (VARCHAR) or "NAME:KIND". */
  private static Table table(String schema, String name, String... columns) {
    List<Column> list = new ArrayList<>();
    for (String c : columns) {
      int colon = c.indexOf(':');
      list.add(colon < 0 ? new Column(c, TypeKind.VARCHAR)
          : new Column(c.substring(0, colon), TypeKind.valueOf(c.substring(colon + 1))));
    }
    return new Table(schema, name, list);
  }
}
