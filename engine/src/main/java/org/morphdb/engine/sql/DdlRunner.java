package org.morphdb.engine.sql;

import java.util.Iterator;
import java.util.Locale;
import org.apache.calcite.sql.SqlNode;
import org.morphdb.engine.Database;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Response;
import org.morphdb.engine.api.StatementKind;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnType;
import org.morphdb.engine.catalog.SequenceDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.Values;
import org.morphdb.engine.cluster.Node;
import org.morphdb.engine.ddl.DdlCommand;
import org.morphdb.engine.sql.plan.PreparedQuery;
import org.morphdb.engine.sql.plan.QueryOptions;

/**
 * Runs a DDL statement: translates it to a {@link DdlCommand} and hands it to the job
 * runner, which returns once the job ended and its last version is active everywhere.
 */
final class DdlRunner {
  private final Database db;
  private final SqlEngine engine;
  private final DdlTranslator translator;

  DdlRunner(Database db, SqlEngine engine) {
    this.db = db;
    this.engine = engine;
    this.translator = new DdlTranslator(this::constant);
  }

  Response run(Node node, Prepared p) {
    DdlCommand command = translator.translate(p.node());
    if (command == null) {
      throw MorphException.of(ErrorCode.FEATURE_NOT_SUPPORTED, "Statement not supported: %s", p.node().getKind());
    }
    if (command instanceof DdlCommand.SetDefault d && d.sql() != null && d.value() instanceof SqlNode expr) {
      TableDef t = db.catalogLog().latest().table(d.schema(), d.table()).orElseThrow(
          () -> MorphException.of(ErrorCode.TABLE_NOT_FOUND, "Table '%s' not found", d.table()));
      ColumnType type = t.column(d.column()).orElseThrow(() -> MorphException.of(ErrorCode.COLUMN_NOT_FOUND,
          "Column '%s' not found in table %s", d.column(), t.name())).type();
      command = new DdlCommand.SetDefault(d.schema(), d.table(), d.column(), d.sql(), constant(expr, type));
    }
    if (command instanceof DdlCommand.DropIndex d && d.table() == null) {
      // jobs on one table run one at a time: the job needs the index's table
      String table = db.catalogLog().latest().tableOfIndex(d.schema(), d.index()).map(TableDef::name).orElse(null);
      command = new DdlCommand.DropIndex(d.schema(), table, d.index(), d.ifExists());
    }
    if (command instanceof DdlCommand.DropConstraint d) {
      command = uniqueConstraintAsIndex(d);
    }
    java.util.OptionalInt dropped = command instanceof DdlCommand.DropSequence d
        ? db.catalogLog().latest().sequence(d.schema(), d.table()).stream().mapToInt(SequenceDef::id).findFirst()
        : java.util.OptionalInt.empty();
    db.jobRunner().run(command, p.sql());
    moveSequenceCounter(command, dropped);
    return Response.ok(StatementKind.DDL);
  }

  /** DROP CONSTRAINT of a UNIQUE constraint drops its index (online, as DROP INDEX). */
  private DdlCommand uniqueConstraintAsIndex(DdlCommand.DropConstraint d) {
    TableDef t = db.catalogLog().latest().table(d.schema(), d.table()).orElse(null);
    if (t == null || t.check(d.constraint()).isPresent() || t.foreignKey(d.constraint()).isPresent()) {
      return d;
    }
    return t.indexes().stream()
        .filter(i -> i.unique() && i.name().equals(d.constraint()))
        .findFirst()
        .<DdlCommand>map(i -> new DdlCommand.DropIndex(d.schema(), t.name(), i.name(), false))
        .orElse(d);
  }

  /**
   * A sequence's counter is not catalog state: once ALTER SEQUENCE's version is active, values
   * go on under the new definition (from RESTART's value when given); DROP forgets it.
   */
  private void moveSequenceCounter(DdlCommand command, java.util.OptionalInt dropped) {
    if (command instanceof DdlCommand.AlterSequence a) {
      db.catalogLog().latest().sequence(a.schema(), a.table()).ifPresent(def -> db.sequenceValues().alter(def,
          !a.options().restart() ? null : a.options().restartWith() != null ? a.options().restartWith() : def.start()));
    }
    dropped.ifPresent(db.sequenceValues()::drop);
  }

  /**
   * A DEFAULT expression evaluated once, in stored form; null for one that must be evaluated
   * at each insert (CURRENT_TIMESTAMP and friends) or for DEFAULT NULL.
   */
  private Object constant(SqlNode expr, ColumnType type) {
    String sql = DdlTranslator.sql(expr);
    if (isDynamic(sql)) {
      return null;
    }
    Catalog c = db.catalogLog().latest();
    PreparedQuery q = engine.planner().prepare("VALUES (" + sql + ")", c, QueryOptions.DEFAULT);
    Iterator<Object[]> rows = q.execute(new NoTables(), new Object[0]);
    Object value = rows.next()[0];
    return Values.toStored(type.kind(), Coercion.toColumn(type, value, "DEFAULT"));
  }

  static boolean isDynamic(String sql) {
    String s = sql.toUpperCase(Locale.ROOT);
    return s.contains("CURRENT_") || s.contains("LOCALTIME") || s.contains("RAND");
  }

  /** A default expression reads no table. */
  private static final class NoTables implements org.morphdb.engine.sql.plan.TableSource {
    private static MorphException noTables() {
      return MorphException.of(ErrorCode.INVALID_STATEMENT, "A DEFAULT expression cannot read tables");
    }

    @Override
    public Iterator<Object[]> scan(TableDef table, int[] columns) { throw noTables(); }

    @Override
    public Object[] lookup(TableDef table, Object[] primaryKey, int[] columns) {
      throw noTables();
    }

    @Override
    public Iterator<Object[]> indexRange(TableDef table, org.morphdb.engine.catalog.IndexDef index, Object[] lower,
        boolean lowerInclusive, Object[] upper, boolean upperInclusive, int[] columns) {
      throw noTables();
    }

    @Override
    public Iterator<Object[]> keyRange(TableDef table, Object[] lower, boolean lowerInclusive, Object[] upper,
        boolean upperInclusive, int[] columns) {
      throw noTables();
    }

    @Override
    public Iterator<Object[]> systemRows(String schema, String table) { throw noTables(); }
  }
}
