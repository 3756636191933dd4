package org.morphdb.engine.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.ddl.ColumnSpec;
import org.morphdb.engine.ddl.DdlCommand;
import org.morphdb.engine.sql.parser.AlterAction;
import org.morphdb.engine.sql.parser.ColumnDecl;
import org.morphdb.engine.sql.parser.SqlAlterSequence;
import org.morphdb.engine.sql.parser.SqlAlterTable;
import org.morphdb.engine.sql.parser.SqlCreateSequence;
import org.morphdb.engine.sql.parser.SqlDropSequence;
import org.morphdb.engine.sql.parser.SqlForeignKey;
import org.morphdb.engine.sql.parser.SqlIdentityOption;
import org.morphdb.engine.sql.parser.SqlCreateIndex;
import org.morphdb.engine.sql.parser.SqlDropIndex;
import org.morphdb.engine.sql.parser.SqlMorphCreateTable;
import org.morphdb.engine.sql.parser.SqlMorphCreateView;
import org.morphdb.engine.sql.parser.SqlMorphDropTable;
import org.morphdb.engine.sql.parser.SqlMorphDropView;
import org.morphdb.engine.sql.parser.TableConstraint;

/**
 * Translates parsed DDL into {@link DdlCommand}s: names resolved to schema + simple name,
 * types mapped to {@link ColumnType}, DEFAULTs evaluated to constants, CHECK conditions and
 * view queries kept as SQL text.
 */
final class DdlTranslator {
  /** Evaluates a constant SQL expression for a column type → stored value. */
  private final BiFunction<SqlNode, ColumnType, Object> constantEvaluator;

  DdlTranslator(BiFunction<SqlNode, ColumnType, Object> constantEvaluator) {
    this.constantEvaluator = constantEvaluator;
  }

  /** Null when the node is not DDL. */
  DdlCommand translate(SqlNode node) {
    if (node instanceof SqlMorphCreateTable n) {
      return createTable(n);
    } else if (node instanceof SqlMorphDropTable n) {
      String[] name = name(n.name());
      return new DdlCommand.DropTable(name[0], name[1], n.ifExists(), n.cascade());
    } else if (node instanceof SqlCreateIndex n) {
      String[] table = name(n.table());
      List<String> cols = new ArrayList<>();
      List<Boolean> desc = new ArrayList<>();
      for (SqlCreateIndex.IndexColumn c : n.columns()) {
        cols.add(c.name().getSimple());
        desc.add(c.descending());
      }
      return new DdlCommand.CreateIndex(table[0], table[1], name(n.name())[1], cols, desc, n.unique(), n.ifNotExists());
    } else if (node instanceof SqlDropIndex n) {
      String[] name = name(n.name());
      return new DdlCommand.DropIndex(name[0], null, name[1], n.ifExists());
    } else if (node instanceof SqlMorphCreateView n) {
      String[] name = name(n.name());
      return new DdlCommand.CreateView(name[0], name[1], sql(n.query()),
          n.columns().stream().map(SqlIdentifier::getSimple).toList(), n.replace(), n.ifNotExists());
    } else if (node instanceof SqlMorphDropView n) {
      String[] name = name(n.name());
      return new DdlCommand.DropView(name[0], name[1], n.ifExists());
    } else if (node instanceof SqlAlterTable n) {
      return alter(n);
    } else if (node instanceof SqlCreateSequence n) {
      String[] name = name(n.name());
      if (n.options().restart()) {
        throw MorphException.of(ErrorCode.INVALID_STATEMENT, "RESTART is for ALTER SEQUENCE");
      }
      return new DdlCommand.CreateSequence(name[0], name[1], n.ifNotExists(),
          n.type() == null ? null : type(n.type()).kind(), n.options());
    } else if (node instanceof SqlAlterSequence n) {
      String[] name = name(n.name());
      return new DdlCommand.AlterSequence(name[0], name[1], n.ifExists(), n.options());
    } else if (node instanceof SqlDropSequence n) {
      String[] name = name(n.name());
      return new DdlCommand.DropSequence(name[0], name[1], n.ifExists());
    }
    return null;
  }

  private DdlCommand createTable(SqlMorphCreateTable n) {
    String[] name = name(n.name());
    java.util.Map<String, SqlIdentityOption> identities = new java.util.HashMap<>();
    for (SqlIdentityOption identity : n.identities()) {
      if (identities.put(identity.column().getSimple(), identity) != null) {
        throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Column %s is declared IDENTITY twice",
            identity.column().getSimple());
      }
    }
    if (identities.size() > 1) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Table %s declares more than one IDENTITY column", name[1]);
    }
    List<ColumnSpec> columns = new ArrayList<>();
    for (ColumnDecl c : n.columns()) {
      ColumnSpec spec = column(c);
      SqlIdentityOption identity = identities.get(c.simpleName());
      if (identity != null) {
        if (identity.options().restart()) {
          throw MorphException.of(ErrorCode.INVALID_STATEMENT, "RESTART is for ALTER SEQUENCE");
        }
        spec = new ColumnSpec(spec.name(), spec.type(), true, spec.defaultSql(), spec.defaultValue(),
            identity.options(), identity.always());
      }
      columns.add(spec);
    }
    List<String> pk = new ArrayList<>();
    List<DdlCommand.UniqueSpec> uniques = new ArrayList<>();
    List<DdlCommand.CheckSpec> checks = new ArrayList<>();
    List<DdlCommand.ForeignKeySpec> foreignKeys = new ArrayList<>();
    for (TableConstraint tc : n.constraints()) {
      if (tc instanceof TableConstraint.PrimaryKey p) {
        if (!pk.isEmpty()) {
          throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Table %s declares two primary keys", name[1]);
        }
        p.columns().forEach(c -> pk.add(c.getSimple()));
      } else if (tc instanceof TableConstraint.Unique u) {
        uniques.add(new DdlCommand.UniqueSpec(u.name() == null ? null : u.name().getSimple(),
            u.columns().stream().map(SqlIdentifier::getSimple).toList()));
      } else if (tc instanceof TableConstraint.Check c) {
        checks.add(new DdlCommand.CheckSpec(c.name() == null ? null : c.name().getSimple(), sql(c.condition())));
      } else if (tc instanceof TableConstraint.ForeignKey f) {
        foreignKeys.add(foreignKey(f.key()));
      }
    }
    return new DdlCommand.CreateTable(name[0], name[1], n.ifNotExists(), columns, pk, uniques, checks, foreignKeys);
  }

  private DdlCommand alter(SqlAlterTable n) {
    String[] t = name(n.table());
    String s = t[0];
    String table = t[1];
    AlterAction a = n.action();
    if (a instanceof AlterAction.AddColumn add) {
      if (add.identity() != null) {
        throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED,
            "ADD COLUMN ... IDENTITY is not supported: existing rows would need values; create the table with it");
      }
      if (!add.constraints().isEmpty()) {
        throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED,
            "ADD COLUMN with inline constraints is not supported; add the column, then the constraint or index");
      }
      return new DdlCommand.AddColumn(s, table, column(add.column()), add.ifNotExists());
    } else if (a instanceof AlterAction.DropColumn d) {
      return new DdlCommand.DropColumn(s, table, d.column().getSimple(), d.ifExists());
    } else if (a instanceof AlterAction.RenameTable r) {
      return new DdlCommand.RenameTable(s, table, r.newName().getSimple());
    } else if (a instanceof AlterAction.RenameColumn r) {
      return new DdlCommand.RenameColumn(s, table, r.column().getSimple(), r.newName().getSimple());
    } else if (a instanceof AlterAction.SetDefault d) {
      // the value is evaluated by the executor against the column's type
      return new DdlCommand.SetDefault(s, table, d.column().getSimple(), sql(d.defaultValue()), d.defaultValue());
    } else if (a instanceof AlterAction.DropDefault d) {
      return new DdlCommand.SetDefault(s, table, d.column().getSimple(), null, null);
    } else if (a instanceof AlterAction.SetNotNull d) {
      return new DdlCommand.SetNotNull(s, table, d.column().getSimple());
    } else if (a instanceof AlterAction.DropNotNull d) {
      return new DdlCommand.DropNotNull(s, table, d.column().getSimple());
    } else if (a instanceof AlterAction.SetDataType d) {
      return new DdlCommand.SetDataType(s, table, d.column().getSimple(), type(d.type()));
    } else if (a instanceof AlterAction.AddCheck c) {
      return new DdlCommand.AddCheck(s, table,
          new DdlCommand.CheckSpec(c.name() == null ? null : c.name().getSimple(), sql(c.condition())));
    } else if (a instanceof AlterAction.AddKey k) {
      return addKey(s, table, k);
    } else if (a instanceof AlterAction.AddForeignKey f) {
      return new DdlCommand.AddForeignKey(s, table, foreignKey(f.key()));
    } else if (a instanceof AlterAction.DropConstraint d) {
      return new DdlCommand.DropConstraint(s, table, d.name().getSimple(), d.ifExists());
    }
    throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED, "ALTER TABLE action not supported: %s", a.kind());
  }

  /**
   * ADD UNIQUE is CREATE UNIQUE INDEX under the constraint's name: the same online build, and
   * DROP CONSTRAINT drops it. ADD PRIMARY KEY is refused: rows are stored under their primary
   * key, so a new one would rewrite the table.
   */
  private static DdlCommand addKey(String schema, String table, AlterAction.AddKey k) {
    List<String> columns = k.columns().stream().map(c -> ((SqlIdentifier) c).getSimple()).toList();
    if (k.primaryKey()) {
      throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED,
          "ADD PRIMARY KEY is not supported: rows are stored under the primary key declared by CREATE TABLE;"
              + " add a UNIQUE constraint on NOT NULL columns instead (built online)");
    }
    String name = k.name() != null ? k.name().getSimple() : "UQ_" + table + "_" + String.join("_", columns);
    return new DdlCommand.CreateIndex(schema, table, name, columns,
        columns.stream().map(c -> false).toList(), true, false);
  }

  private static DdlCommand.ForeignKeySpec foreignKey(SqlForeignKey k) {
    String[] parent = name(k.parent());
    return new DdlCommand.ForeignKeySpec(k.name() == null ? null : k.name().getSimple(), k.columns(),
        parent[0], parent[1], k.parentColumns(), k.onDelete(), k.onUpdate());
  }

  ColumnSpec column(ColumnDecl c) {
    ColumnType type = type(c.type());
    String defaultSql = c.defaultValue() == null ? null : sql(c.defaultValue());
    Object value = c.defaultValue() == null ? null : constantEvaluator.apply(c.defaultValue(), type);
    return new ColumnSpec(c.simpleName(), type, c.notNull(), defaultSql, value);
  }

  /** Maps a declared type (including SQLite's spellings such as TEXT) to a column type. */
  static ColumnType type(SqlDataTypeSpec spec) {
    String name = spec.getTypeName().getSimple().toUpperCase(Locale.ROOT);
    int precision = -1;
    int scale = -1;
    if (spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec b) {
      precision = b.getPrecision();
      scale = b.getScale();
    }
    int p = Math.max(precision, 0);
    return switch (name) {
      case "BOOLEAN", "BOOL" -> ColumnType.of(TypeKind.BOOLEAN);
      case "TINYINT" -> ColumnType.of(TypeKind.TINYINT);
      case "SMALLINT" -> ColumnType.of(TypeKind.SMALLINT);
      case "INTEGER", "INT" -> ColumnType.of(TypeKind.INTEGER);
      case "BIGINT" -> ColumnType.of(TypeKind.BIGINT);
      case "DECIMAL", "NUMERIC", "DEC" -> new ColumnType(TypeKind.DECIMAL,
          precision < 0 ? 0 : precision, scale < 0 ? 0 : scale);
      case "REAL" -> ColumnType.of(TypeKind.REAL);
      case "FLOAT", "DOUBLE" -> ColumnType.of(TypeKind.DOUBLE);
      case "CHAR", "CHARACTER" -> ColumnType.of(TypeKind.CHAR, precision < 0 ? 1 : p);
      case "VARCHAR", "TEXT", "STRING" -> ColumnType.of(TypeKind.VARCHAR, p);
      case "CLOB", "NCLOB", "LONGTEXT" -> ColumnType.of(TypeKind.CLOB);
      case "JSON", "JSONB" -> ColumnType.of(TypeKind.JSON);
      case "UUID" -> ColumnType.of(TypeKind.UUID);
      case "DATE" -> ColumnType.of(TypeKind.DATE);
      case "TIME" -> ColumnType.of(TypeKind.TIME);
      case "TIMESTAMP", "DATETIME" -> ColumnType.of(TypeKind.TIMESTAMP);
      case "TIMESTAMP_TZ", "TIMESTAMPTZ", "TIMESTAMP_WITH_LOCAL_TIME_ZONE" -> ColumnType.of(TypeKind.TIMESTAMP_TZ);
      case "VARBINARY", "BINARY", "BYTEA" -> ColumnType.of(TypeKind.VARBINARY, p);
      case "BLOB", "LONGBLOB" -> ColumnType.of(TypeKind.BLOB);
      default -> throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED, "Unknown data type %s", name);
    };
  }

  /** [schema, name] of a possibly qualified identifier; the default schema is PUBLIC. */
  static String[] name(SqlIdentifier id) {
    if (id.names.size() == 1) {
      return new String[] {Catalog.DEFAULT_SCHEMA, id.getSimple()};
    }
    if (id.names.size() == 2) {
      return new String[] {id.names.get(0), id.names.get(1)};
    }
    throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Invalid name %s", id);
  }

  /**
   * The stored text of a view's query, a DEFAULT or a CHECK. Unparsing recurses once per
   * nesting level, so a statement the parser just managed to read can still overflow here.
   */
  static String sql(SqlNode node) {
    try {
      return node.toSqlString(CalciteSqlDialect.DEFAULT).getSql();
    } catch (StackOverflowError e) {
      throw MorphException.tooComplex(e);
    }
  }
}
