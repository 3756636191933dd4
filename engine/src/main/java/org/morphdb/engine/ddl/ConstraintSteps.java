package org.morphdb.engine.ddl;

import static org.morphdb.engine.catalog.ConstraintState.ENFORCED;
import static org.morphdb.engine.catalog.ConstraintState.VALID;

import java.util.ArrayList;
import java.util.List;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.CheckDef;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.UpdateEntry;

/**
 * The state machines of constraints added online, as tables:
 * <pre>
 *   SET NOT NULL / ADD CHECK   (none) → ENFORCED → validate at snapshot S → VALID
 *     walk back                ENFORCED → (none); the statement fails with 23502 / 23513
 *   DROP CONSTRAINT            one step
 * </pre>
 * ENFORCED changes the table version (commits from then on check the constraint); VALID
 * does not.
 */
final class ConstraintSteps {
  private ConstraintSteps() {}

  static JobPlan setNotNull(DdlCommand.SetNotNull cmd) {
    return new JobPlan(List.of(
        Step.of(ENFORCED.name(), (ctx, c) -> enforceNotNull(cmd, ctx, c)).then(Step.Operation.VALIDATE),
        Step.of(VALID.name(), (ctx, c) -> notNullState(ctx, c, VALID, false))),
        List.of(Step.of("WALK_BACK", (ctx, c) -> notNullState(ctx, c, null, true))));
  }

  static JobPlan addCheck(DdlCommand.AddCheck cmd) {
    return new JobPlan(List.of(
        Step.of(ENFORCED.name(), (ctx, c) -> enforceCheck(cmd, ctx, c)).then(Step.Operation.VALIDATE),
        Step.of(VALID.name(), (ctx, c) -> checkState(ctx, c, VALID))),
        List.of(Step.of("WALK_BACK", (ctx, c) -> checkState(ctx, c, null))));
  }

  static List<UpdateEntry> dropConstraint(DdlCommand.DropConstraint cmd, JobContext ctx, Catalog c) {
    TableDef t = TableSteps.target(cmd, ctx, c);
    var key = t.foreignKey(cmd.constraint()).filter(k -> k.isChild(t.id()));
    if (key.isPresent()) {
      return ForeignKeySteps.drop(key.get(), c);
    }
    CheckDef check = t.check(cmd.constraint()).orElse(null);
    if (check == null && cmd.ifExists()) {
      ctx.noOp = true;
      return List.of();
    }
    if (check == null) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Constraint '%s' not found on table %s",
          cmd.constraint(), t.name());
    }
    List<CheckDef> checks = new ArrayList<>(t.checks());
    checks.removeIf(x -> x.id() == check.id());
    return TableSteps.put(t.withChecks(checks));
  }

  private static List<UpdateEntry> enforceNotNull(DdlCommand.SetNotNull cmd, JobContext ctx, Catalog c) {
    TableDef t = TableSteps.target(cmd, ctx, c);
    ColumnDef col = Lookup.column(t, cmd.column());
    if (!col.nullable()) {
      ctx.noOp = true;
      return List.of();
    }
    ctx.columnId = col.id();
    return TableSteps.put(t.mapColumn(col.id(), x -> x.withNotNull(ENFORCED)));
  }

  private static List<UpdateEntry> notNullState(JobContext ctx, Catalog c, org.morphdb.engine.catalog.ConstraintState state,
      boolean bump) {
    TableDef t = c.table(ctx.tableId).orElse(null);
    if (t == null || t.columnIndex(ctx.columnId) < 0) {
      return List.of();
    }
    TableDef changed = t.mapColumn(ctx.columnId, x -> x.withNotNull(state));
    return List.of(new UpdateEntry.PutTable(bump ? changed.bumped() : changed));
  }

  private static List<UpdateEntry> enforceCheck(DdlCommand.AddCheck cmd, JobContext ctx, Catalog c) {
    TableDef t = TableSteps.target(cmd, ctx, c);
    int id = c.nextId();
    String name = cmd.check().name() != null ? cmd.check().name() : "CK_" + t.name() + "_" + id;
    if (t.check(name).isPresent()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Constraint '%s' already exists on %s", name, t.name());
    }
    ctx.checkId = id;
    List<CheckDef> checks = new ArrayList<>(t.checks());
    checks.add(new CheckDef(id, name, cmd.check().sql(), ENFORCED));
    return List.of(new UpdateEntry.ReserveIds(1), new UpdateEntry.PutTable(t.withChecks(checks).bumped()));
  }

  /** VALID (no new table version), or null to remove the check again (walk back: new version). */
  private static List<UpdateEntry> checkState(JobContext ctx, Catalog c, org.morphdb.engine.catalog.ConstraintState state) {
    TableDef t = c.table(ctx.tableId).orElse(null);
    if (t == null || t.checks().stream().noneMatch(x -> x.id() == ctx.checkId)) {
      return List.of();
    }
    List<CheckDef> checks = new ArrayList<>(t.checks());
    if (state == null) {
      checks.removeIf(x -> x.id() == ctx.checkId);
      return TableSteps.put(t.withChecks(checks));
    }
    checks.replaceAll(x -> x.id() == ctx.checkId ? x.withState(state) : x);
    return List.of(new UpdateEntry.PutTable(t.withChecks(checks)));
  }
}
