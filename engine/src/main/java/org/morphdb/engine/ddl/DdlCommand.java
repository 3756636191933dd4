package org.morphdb.engine.ddl;

import java.util.List;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.ForeignKeyDef;
import org.morphdb.engine.catalog.TypeKind;

/**
 * A schema change as data, translated from SQL by the SQL layer. The {@link JobPlanner}
 * turns each into the steps of its F1 state machine.
 */
public sealed interface DdlCommand {
  /** Schema of the object the command changes. */
  String schema();

  /** Name of the table (or view) the command changes. */
  String table();

  record CreateTable(String schema, String table, boolean ifNotExists, List<ColumnSpec> columns,
      List<String> primaryKey, List<UniqueSpec> uniqueKeys, List<CheckSpec> checks,
      List<ForeignKeySpec> foreignKeys) implements DdlCommand {

    public CreateTable(String schema, String table, boolean ifNotExists, List<ColumnSpec> columns,
        List<String> primaryKey, List<UniqueSpec> uniqueKeys, List<CheckSpec> checks) {
      this(schema, table, ifNotExists, columns, primaryKey, uniqueKeys, checks, List.of());
    }
  }

  /** {@code cascade}: the foreign keys of other tables that refer to it are dropped too. */
  record DropTable(String schema, String table, boolean ifExists, boolean cascade) implements DdlCommand {

    public DropTable(String schema, String table, boolean ifExists) {
      this(schema, table, ifExists, false);
    }
  }

  record CreateIndex(String schema, String table, String index, List<String> columns,
      List<Boolean> descending, boolean unique, boolean ifNotExists) implements DdlCommand {}

  /** {@code table} is resolved from the index name by the planner; may be null here. */
  record DropIndex(String schema, String table, String index, boolean ifExists) implements DdlCommand {}

  record AddColumn(String schema, String table, ColumnSpec column, boolean ifNotExists) implements DdlCommand {}

  record DropColumn(String schema, String table, String column, boolean ifExists) implements DdlCommand {}

  record RenameTable(String schema, String table, String newName) implements DdlCommand {}

  record RenameColumn(String schema, String table, String column, String newName) implements DdlCommand {}

  /** SET DEFAULT (sql non-null) or DROP DEFAULT (sql null). */
  record SetDefault(String schema, String table, String column, String sql, Object value) implements DdlCommand {}

  record SetNotNull(String schema, String table, String column) implements DdlCommand {}

  record DropNotNull(String schema, String table, String column) implements DdlCommand {}

  record SetDataType(String schema, String table, String column, ColumnType type) implements DdlCommand {}

  record AddCheck(String schema, String table, CheckSpec check) implements DdlCommand {}

  /** A UNIQUE constraint of CREATE TABLE: a UNIQUE index, named {@code name} when given. */
  record UniqueSpec(String name, List<String> columns) {}

  record AddForeignKey(String schema, String table, ForeignKeySpec key) implements DdlCommand {}

  record DropConstraint(String schema, String table, String constraint, boolean ifExists) implements DdlCommand {}

  record CreateView(String schema, String table, String sql, List<String> columnNames,
      boolean orReplace, boolean ifNotExists) implements DdlCommand {}

  record DropView(String schema, String table, boolean ifExists) implements DdlCommand {}

  /** {@code table} is the sequence's name; {@code type} null means BIGINT. */
  record CreateSequence(String schema, String table, boolean ifNotExists, TypeKind type,
      SequenceOptions options) implements DdlCommand {}

  record AlterSequence(String schema, String table, boolean ifExists, SequenceOptions options) implements DdlCommand {}

  record DropSequence(String schema, String table, boolean ifExists) implements DdlCommand {}

  /**
   * A FOREIGN KEY as declared; {@code name} may be null (a name is generated), and
   * {@code parentColumns} empty (the parent's primary key).
   */
  record ForeignKeySpec(String name, List<String> columns, String parentSchema, String parentTable,
      List<String> parentColumns, ForeignKeyDef.RefAction onDelete, ForeignKeyDef.RefAction onUpdate) {}

  /** A CHECK constraint as declared; {@code name} may be null (a name is generated). */
  record CheckSpec(String name, String sql) {}
}
