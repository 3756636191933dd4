package org.morphdb.engine.ddl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.Compatibility;
import org.morphdb.engine.catalog.ConstraintState;
import org.morphdb.engine.catalog.ForeignKeyDef;
import org.morphdb.engine.catalog.Identity;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.UpdateEntry;
import org.morphdb.engine.catalog.ViewDef;

/**
 * One-step changes of tables, columns and views (DESIGN.md: each is one catalog version;
 * nothing is rewritten). Every function validates against the catalog it extends.
 */
final class TableSteps {
  private TableSteps() {}

  static List<UpdateEntry> createTable(DdlCommand.CreateTable cmd, JobContext ctx, Catalog c) {
    if (c.table(cmd.schema(), cmd.table()).isPresent() && cmd.ifNotExists()) {
      ctx.noOp = true;
      return List.of();
    }
    Lookup.checkNameFree(c, cmd.schema(), cmd.table());
    int tableId = c.nextId();
    int nextId = tableId + 1;
    List<ColumnDef> columns = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (ColumnSpec spec : cmd.columns()) {
      if (!names.add(spec.name())) {
        throw MorphException.of(ErrorCode.COLUMN_EXISTS, "Column '%s' declared twice", spec.name());
      }
      boolean notNull = spec.notNull() || spec.identity() != null || cmd.primaryKey().contains(spec.name());
      int columnId = nextId++;
      columns.add(new ColumnDef(columnId, columns.size(), spec.name(), spec.type(),
          notNull ? ConstraintState.VALID : null, spec.defaultSql(), spec.defaultValue(), null,
          identity(spec, columnId, cmd.schema())));
    }
    TableDef t = new TableDef(tableId, cmd.schema(), cmd.table(), 1, columns, List.of(), List.of(), List.of(), columns.size());
    List<Integer> pk = new ArrayList<>();
    for (String name : cmd.primaryKey()) {
      pk.add(Lookup.column(t, name).id());
    }
    List<IndexDef> indexes = new ArrayList<>();
    for (DdlCommand.UniqueSpec unique : cmd.uniqueKeys()) {
      List<Integer> ids = unique.columns().stream().map(n -> Lookup.column(t, n).id()).toList();
      String name = unique.name() != null ? unique.name() : "UQ_" + cmd.table() + "_" + nextId;
      indexes.add(new IndexDef(nextId++, name, tableId, ids,
          ids.stream().map(i -> false).toList(), true, IndexState.PUBLIC));
    }
    List<CheckDef> checks = new ArrayList<>();
    for (DdlCommand.CheckSpec check : cmd.checks()) {
      String name = check.name() != null ? check.name() : "CK_" + cmd.table() + "_" + nextId;
      checks.add(new CheckDef(nextId++, name, check.sql(), ConstraintState.VALID));
    }
    TableDef table = new TableDef(tableId, cmd.schema(), cmd.table(), 1, columns, pk, indexes, checks, columns.size());
    OtherTables parents = new OtherTables(c);
    for (DdlCommand.ForeignKeySpec spec : cmd.foreignKeys()) {
      ForeignKeyDef key = ForeignKeySteps.define(nextId++, spec, table, c, ConstraintState.VALID);
      table = ForeignKeySteps.withKey(table, key.id(), key);
      if (key.parentTableId() != tableId) { // the parent's deletes now look for children
        parents.putKey(key.parentTableId(), key.id(), key);
      }
    }
    ctx.tableId = tableId;
    List<UpdateEntry> entries = new ArrayList<>(List.of(new UpdateEntry.ReserveIds(nextId - c.nextId()),
        new UpdateEntry.PutTable(table)));
    entries.addAll(parents.entries());
    return entries;
  }

  /**
   * The other tables of the foreign keys a statement adds or removes, as its keys leave
   * them: each is put once, with a new version.
   */
  private static final class OtherTables {
    private final Catalog catalog;
    private final java.util.Map<Integer, TableDef> changed = new java.util.LinkedHashMap<>();

    OtherTables(Catalog catalog) {
      this.catalog = catalog;
    }

    TableDef get(int tableId) {
      return changed.getOrDefault(tableId, catalog.table(tableId).orElseThrow());
    }

    /** Puts {@code key} on the table, or takes key {@code keyId} off it when {@code key} is null. */
    void putKey(int tableId, int keyId, ForeignKeyDef key) {
      changed.put(tableId, ForeignKeySteps.withKey(get(tableId), keyId, key));
    }

    List<UpdateEntry> entries() {
      return changed.values().stream().map(t -> (UpdateEntry) new UpdateEntry.PutTable(t.bumped())).toList();
    }
  }

  /** An IDENTITY column's generator: a sequence with the column's id and name. */
  private static Identity identity(ColumnSpec spec, int columnId, String schema) {
    if (spec.identity() == null) {
      return null;
    }
    if (spec.defaultSql() != null) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "Column %s cannot have both a DEFAULT and IDENTITY", spec.name());
    }
    return new Identity(spec.identityAlways(),
        SequenceSteps.define(columnId, schema, spec.name(), spec.type().kind(), spec.identity(), null));
  }

  static List<UpdateEntry> dropTable(DdlCommand.DropTable cmd, JobContext ctx, Catalog c) {
    TableDef t = c.table(cmd.schema(), cmd.table()).orElse(null);
    if (t == null) {
      if (cmd.ifExists()) {
        ctx.noOp = true;
        return List.of();
      }
      throw MorphException.of(ErrorCode.TABLE_NOT_FOUND, "Table '%s' not found", cmd.table());
    }
    OtherTables others = new OtherTables(c); // the other tables of its keys forget them
    for (ForeignKeyDef key : t.incomingKeys()) {
      if (!key.isChild(t.id())) {
        if (!cmd.cascade()) {
          throw MorphException.of(ErrorCode.DEPENDENT_OBJECTS,
              "Cannot drop table %s: foreign key %s of table %s refers to it; drop that constraint first,"
                  + " or DROP TABLE ... CASCADE", t.name(), key.name(), others.get(key.childTableId()).name());
        }
        others.putKey(key.childTableId(), key.id(), null);
      }
    }
    ctx.tableId = t.id();
    for (ForeignKeyDef key : t.outgoingKeys()) {
      if (!key.isParent(t.id())) {
        others.putKey(key.parentTableId(), key.id(), null);
      }
    }
    long[] spaces = new long[t.indexes().size() + 1];
    spaces[0] = t.id();
    for (int i = 0; i < t.indexes().size(); i++) {
      spaces[i + 1] = t.indexes().get(i).id();
    }
    ctx.purgeSpaces = spaces;
    List<UpdateEntry> entries = new ArrayList<>(others.entries());
    entries.add(new UpdateEntry.DropTable(t.id()));
    return entries;
  }

  static List<UpdateEntry> addColumn(DdlCommand.AddColumn cmd, JobContext ctx, Catalog c) {
    TableDef t = target(cmd, ctx, c);
    ColumnSpec spec = cmd.column();
    if (t.column(spec.name()).isPresent()) {
      if (cmd.ifNotExists()) {
        ctx.noOp = true;
        return List.of();
      }
      throw MorphException.of(ErrorCode.COLUMN_EXISTS, "Column '%s' already exists in %s", spec.name(), t.name());
    }
    if (spec.notNull() && spec.defaultSql() == null) {
      throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED,
          "ADD COLUMN %s NOT NULL needs a DEFAULT: existing rows would have no value", spec.name());
    }
    int id = c.nextId();
    ctx.columnId = id;
    List<ColumnDef> columns = new ArrayList<>(t.columns());
    // rows stored before this version read the initial default forever
    columns.add(new ColumnDef(id, t.nextSlot(), spec.name(), spec.type(),
        spec.notNull() ? ConstraintState.VALID : null, spec.defaultSql(), spec.defaultValue(), spec.defaultValue()));
    return List.of(new UpdateEntry.ReserveIds(1),
        new UpdateEntry.PutTable(t.withColumns(columns, t.nextSlot() + 1).bumped()));
  }

  static List<UpdateEntry> dropColumn(DdlCommand.DropColumn cmd, JobContext ctx, Catalog c) {
    TableDef t = target(cmd, ctx, c);
    ColumnDef col = t.column(cmd.column()).orElse(null);
    if (col == null) {
      if (cmd.ifExists()) {
        ctx.noOp = true;
        return List.of();
      }
      throw MorphException.of(ErrorCode.COLUMN_NOT_FOUND, "Column '%s' not found in table %s", cmd.column(), t.name());
    }
    if (t.primaryKey().contains(col.id())) {
      throw MorphException.of(ErrorCode.DEPENDENT_OBJECTS,
          "Cannot drop column %s: it is part of the primary key of %s", col.name(), t.name());
    }
    for (IndexDef index : t.indexes()) {
      if (index.columnIds().contains(col.id())) {
        throw MorphException.of(ErrorCode.DEPENDENT_OBJECTS,
            "Cannot drop column %s: index %s uses it", col.name(), index.name());
      }
    }
    for (ForeignKeyDef key : t.foreignKeys()) {
      if ((key.isChild(t.id()) && key.childColumns().contains(col.id()))
          || (key.isParent(t.id()) && key.parentColumns().contains(col.id()))) {
        throw MorphException.of(ErrorCode.DEPENDENT_OBJECTS,
            "Cannot drop column %s: foreign key %s uses it", col.name(), key.name());
      }
    }
    if (t.columns().size() == 1) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Cannot drop the only column of table %s", t.name());
    }
    ctx.columnId = col.id();
    List<ColumnDef> columns = new ArrayList<>(t.columns());
    columns.removeIf(x -> x.id() == col.id());
    return put(t.withColumns(columns, t.nextSlot()));
  }

  static List<UpdateEntry> renameTable(DdlCommand.RenameTable cmd, JobContext ctx, Catalog c) {
    TableDef t = target(cmd, ctx, c);
    Lookup.checkNameFree(c, cmd.schema(), cmd.newName());
    return put(t.withName(cmd.newName()));
  }

  static List<UpdateEntry> renameColumn(DdlCommand.RenameColumn cmd, JobContext ctx, Catalog c) {
    TableDef t = target(cmd, ctx, c);
    ColumnDef col = Lookup.column(t, cmd.column());
    if (t.column(cmd.newName()).isPresent()) {
      throw MorphException.of(ErrorCode.COLUMN_EXISTS, "Column '%s' already exists in %s", cmd.newName(), t.name());
    }
    return put(t.mapColumn(col.id(), x -> x.withName(cmd.newName())));
  }

  static List<UpdateEntry> setDefault(DdlCommand.SetDefault cmd, JobContext ctx, Catalog c) {
    TableDef t = target(cmd, ctx, c);
    ColumnDef col = Lookup.column(t, cmd.column());
    return put(t.mapColumn(col.id(), x -> x.withDefault(cmd.sql(), cmd.value())));
  }

  static List<UpdateEntry> dropNotNull(DdlCommand.DropNotNull cmd, JobContext ctx, Catalog c) {
    TableDef t = target(cmd, ctx, c);
    ColumnDef col = Lookup.column(t, cmd.column());
    if (t.primaryKey().contains(col.id())) {
      throw MorphException.of(ErrorCode.DEPENDENT_OBJECTS,
          "Cannot drop NOT NULL of %s: it is part of the primary key", col.name());
    }
    if (col.nullable()) {
      ctx.noOp = true;
      return List.of();
    }
    return put(t.mapColumn(col.id(), x -> x.withNotNull(null)));
  }

  static List<UpdateEntry> setDataType(DdlCommand.SetDataType cmd, JobContext ctx, Catalog c) {
    TableDef t = target(cmd, ctx, c);
    ColumnDef col = Lookup.column(t, cmd.column());
    if (col.type().equals(cmd.type())) {
      ctx.noOp = true;
      return List.of();
    }
    if (!Compatibility.isWidening(col.type(), cmd.type())) {
      throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED,
          "Cannot change column %s from %s to %s: only exact widenings are supported "
              + "(TINYINT→SMALLINT→INTEGER→BIGINT, REAL→DOUBLE, DECIMAL(p,s)→DECIMAL(p'>p,s), "
              + "VARCHAR(n)→VARCHAR(m>n), VARBINARY(n)→VARBINARY(m>n))",
          col.name(), col.type(), cmd.type());
    }
    return put(t.mapColumn(col.id(), x -> x.withType(cmd.type())));
  }

  static List<UpdateEntry> createView(DdlCommand.CreateView cmd, JobContext ctx, Catalog c) {
    boolean exists = c.view(cmd.schema(), cmd.table()).isPresent();
    if (exists && cmd.ifNotExists()) {
      ctx.noOp = true;
      return List.of();
    }
    if (!(exists && cmd.orReplace())) {
      Lookup.checkNameFree(c, cmd.schema(), cmd.table());
    }
    ViewDef view = new ViewDef(c.nextId(), cmd.schema(), cmd.table(), cmd.sql(), cmd.columnNames());
    return List.of(new UpdateEntry.ReserveIds(1), new UpdateEntry.PutView(view));
  }

  static List<UpdateEntry> dropView(DdlCommand.DropView cmd, JobContext ctx, Catalog c) {
    if (c.view(cmd.schema(), cmd.table()).isEmpty()) {
      if (cmd.ifExists()) {
        ctx.noOp = true;
        return List.of();
      }
      throw MorphException.of(ErrorCode.TABLE_NOT_FOUND, "View '%s' not found", cmd.table());
    }
    return List.of(new UpdateEntry.DropView(cmd.schema(), cmd.table()));
  }

  /** The table a command changes; records it in the job context. */
  static TableDef target(DdlCommand cmd, JobContext ctx, Catalog c) {
    TableDef t = Lookup.table(c, cmd.schema(), cmd.table());
    if (ctx.tableId >= 0 && ctx.tableId != t.id()) {
      throw MorphException.of(ErrorCode.TABLE_NOT_FOUND, "Table '%s' was replaced during the change", cmd.table());
    }
    ctx.tableId = t.id();
    return t;
  }

  /** A schema change of the table: the table version moves on. */
  static List<UpdateEntry> put(TableDef changed) {
    return List.of(new UpdateEntry.PutTable(changed.bumped()));
  }
}
