package org.morphdb.engine.ddl;

import static org.morphdb.engine.catalog.IndexState.ABSENT;
import static org.morphdb.engine.catalog.IndexState.DELETE_ONLY;
import static org.morphdb.engine.catalog.IndexState.PUBLIC;
import static org.morphdb.engine.catalog.IndexState.WRITE_ONLY;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.IndexState;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.UpdateEntry;

/**
 * The F1 state machines of a secondary index, as tables:
 * <pre>
 *   CREATE [UNIQUE] INDEX   ABSENT → DELETE_ONLY → WRITE_ONLY → backfill → PUBLIC
 *     walk back             (WRITE_ONLY →) DELETE_ONLY → ABSENT → purge
 *   DROP INDEX              PUBLIC → WRITE_ONLY → DELETE_ONLY → ABSENT → purge
 * </pre>
 */
final class IndexSteps {
  private IndexSteps() {}

  static JobPlan create(DdlCommand.CreateIndex cmd) {
    List<Step> steps = List.of(
        Step.of(DELETE_ONLY.name(), (ctx, c) -> addIndex(cmd, ctx, c, DELETE_ONLY)),
        Step.of(WRITE_ONLY.name(), (ctx, c) -> setState(ctx, c, WRITE_ONLY)).then(Step.Operation.BACKFILL),
        Step.of(PUBLIC.name(), (ctx, c) -> setState(ctx, c, PUBLIC)));
    return new JobPlan(steps, dropPath(List.of(DELETE_ONLY, ABSENT)));
  }

  /**
   * Negative control {@code unsafe=skip-states}, the naive build: backfill from a snapshot
   * taken when the job starts, then straight to PUBLIC. Writes committed between that
   * snapshot and PUBLIC are missing from the index.
   */
  static JobPlan createSkippingStates(DdlCommand.CreateIndex cmd) {
    return new JobPlan(List.of(
        Step.of(PUBLIC.name(), (ctx, c) -> addIndex(cmd, ctx, c, PUBLIC)).then(Step.Operation.BACKFILL)),
        dropPath(List.of(WRITE_ONLY, DELETE_ONLY, ABSENT)));
  }

  /**
   * Walking back a drop: from WRITE_ONLY the index is still complete and goes back to PUBLIC;
   * from DELETE_ONLY inserts stopped adding entries, so it is rebuilt (WRITE_ONLY → backfill
   * → PUBLIC); if that rebuild fails (a UNIQUE duplicate slipped in meanwhile) the drop is
   * finished instead.
   */
  static JobPlan drop(DdlCommand.DropIndex cmd) {
    List<Step> steps = new ArrayList<>();
    steps.add(Step.of(WRITE_ONLY.name(), (ctx, c) -> findForDrop(cmd, ctx, c)));
    steps.addAll(dropPath(List.of(DELETE_ONLY, ABSENT)));
    Step backToPublic = Step.of(PUBLIC.name(), (ctx, c) -> setState(ctx, c, PUBLIC));
    Step rebuild = Step.of(WRITE_ONLY.name(), (ctx, c) -> setState(ctx, c, WRITE_ONLY)).then(Step.Operation.BACKFILL);
    return new JobPlan(steps, committed -> switch (committed) {
      case 1 -> List.of(backToPublic);
      case 2 -> List.of(rebuild, backToPublic);
      default -> List.of();
    }, dropPath(List.of(DELETE_ONLY, ABSENT)));
  }

  /** Steps moving the job's index down through {@code states}; ABSENT ends with a purge. */
  private static List<Step> dropPath(List<IndexState> states) {
    List<Step> steps = new ArrayList<>();
    for (IndexState s : states) {
      Step step = Step.of(s.name(), (ctx, c) -> setState(ctx, c, s));
      steps.add(s == ABSENT ? step.then(Step.Operation.PURGE) : step);
    }
    return steps;
  }

  private static List<UpdateEntry> addIndex(DdlCommand.CreateIndex cmd, JobContext ctx, Catalog c, IndexState state) {
    TableDef t = Lookup.table(c, cmd.schema(), cmd.table());
    if (c.tableOfIndex(cmd.schema(), cmd.index()).isPresent()) {
      if (cmd.ifNotExists()) {
        ctx.noOp = true;
        return List.of();
      }
      throw MorphException.of(ErrorCode.INDEX_EXISTS, "Index '%s' already exists", cmd.index());
    }
    List<Integer> columnIds = new ArrayList<>();
    for (String name : cmd.columns()) {
      columnIds.add(Lookup.column(t, name).id());
    }
    if (new HashSet<>(columnIds).size() != columnIds.size()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Index '%s' names a column twice", cmd.index());
    }
    int id = c.nextId();
    ctx.tableId = t.id();
    ctx.indexId = id;
    ctx.purgeSpaces = new long[] {id};
    List<IndexDef> indexes = new ArrayList<>(t.indexes());
    indexes.add(new IndexDef(id, cmd.index(), t.id(), columnIds, cmd.descending(), cmd.unique(), state));
    return List.of(new UpdateEntry.ReserveIds(1), new UpdateEntry.PutTable(t.withIndexes(indexes)));
  }

  private static List<UpdateEntry> findForDrop(DdlCommand.DropIndex cmd, JobContext ctx, Catalog c) {
    TableDef t = c.tableOfIndex(cmd.schema(), cmd.index()).orElse(null);
    IndexDef index = t == null ? null : t.index(cmd.index()).orElseThrow();
    if (index == null || index.state() != PUBLIC) {
      if (cmd.ifExists() && index == null) {
        ctx.noOp = true;
        return List.of();
      }
      throw index == null
          ? MorphException.of(ErrorCode.INDEX_NOT_FOUND, "Index '%s' not found", cmd.index())
          : MorphException.of(ErrorCode.INVALID_STATEMENT,
              "Index '%s' is being built or dropped (state %s)", cmd.index(), index.state());
    }
    ctx.tableId = t.id();
    ctx.indexId = index.id();
    ctx.purgeSpaces = new long[] {index.id()};
    return setState(ctx, c, WRITE_ONLY);
  }

  private static List<UpdateEntry> setState(JobContext ctx, Catalog c, IndexState state) {
    TableDef t = c.table(ctx.tableId).orElse(null);
    if (t == null || t.indexes().stream().noneMatch(i -> i.id() == ctx.indexId)) {
      return List.of(); // the table was dropped meanwhile: nothing left to change
    }
    return List.of(new UpdateEntry.SetIndexState(ctx.tableId, ctx.indexId, state));
  }
}
