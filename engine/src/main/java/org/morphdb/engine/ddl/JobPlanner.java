package org.morphdb.engine.ddl;

import java.util.List;
import java.util.function.BiFunction;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.UpdateEntry;

/** Chooses the state machine of each schema change (DESIGN.md "Online schema changes"). */
final class JobPlanner {
  private JobPlanner() {}

  static JobPlan plan(DdlCommand command, boolean skipStates) {
    if (command instanceof DdlCommand.CreateIndex c) {
      return skipStates ? IndexSteps.createSkippingStates(c) : IndexSteps.create(c);
    } else if (command instanceof DdlCommand.DropIndex c) {
      return IndexSteps.drop(c);
    } else if (command instanceof DdlCommand.SetNotNull c) {
      return ConstraintSteps.setNotNull(c);
    } else if (command instanceof DdlCommand.AddCheck c) {
      return ConstraintSteps.addCheck(c);
    } else if (command instanceof DdlCommand.AddForeignKey c) {
      return ForeignKeySteps.add(c, skipStates);
    } else if (command instanceof DdlCommand.DropTable c) {
      return JobPlan.oneStep(Step.of("DROPPED", (ctx, cat) -> TableSteps.dropTable(c, ctx, cat))
          .then(Step.Operation.PURGE));
    }
    return JobPlan.oneStep(Step.of(oneStepName(command), oneStep(command)));
  }

  private static BiFunction<JobContext, Catalog, List<UpdateEntry>> oneStep(DdlCommand command) {
    if (command instanceof DdlCommand.CreateTable c) {
      return (ctx, cat) -> TableSteps.createTable(c, ctx, cat);
    } else if (command instanceof DdlCommand.AddColumn c) {
      return (ctx, cat) -> TableSteps.addColumn(c, ctx, cat);
    } else if (command instanceof DdlCommand.DropColumn c) {
      return (ctx, cat) -> TableSteps.dropColumn(c, ctx, cat);
    } else if (command instanceof DdlCommand.RenameTable c) {
      return (ctx, cat) -> TableSteps.renameTable(c, ctx, cat);
    } else if (command instanceof DdlCommand.RenameColumn c) {
      return (ctx, cat) -> TableSteps.renameColumn(c, ctx, cat);
    } else if (command instanceof DdlCommand.SetDefault c) {
      return (ctx, cat) -> TableSteps.setDefault(c, ctx, cat);
    } else if (command instanceof DdlCommand.DropNotNull c) {
      return (ctx, cat) -> TableSteps.dropNotNull(c, ctx, cat);
    } else if (command instanceof DdlCommand.SetDataType c) {
      return (ctx, cat) -> TableSteps.setDataType(c, ctx, cat);
    } else if (command instanceof DdlCommand.DropConstraint c) {
      return (ctx, cat) -> ConstraintSteps.dropConstraint(c, ctx, cat);
    } else if (command instanceof DdlCommand.CreateView c) {
      return (ctx, cat) -> TableSteps.createView(c, ctx, cat);
    } else if (command instanceof DdlCommand.DropView c) {
      return (ctx, cat) -> TableSteps.dropView(c, ctx, cat);
    } else if (command instanceof DdlCommand.CreateSequence c) {
      return (ctx, cat) -> SequenceSteps.create(c, ctx, cat);
    } else if (command instanceof DdlCommand.AlterSequence c) {
      return (ctx, cat) -> SequenceSteps.alter(c, ctx, cat);
    } else if (command instanceof DdlCommand.DropSequence c) {
      return (ctx, cat) -> SequenceSteps.drop(c, ctx, cat);
    }
    throw new IllegalArgumentException("no state machine for " + command);
  }

  private static String oneStepName(DdlCommand command) {
    String kind = command.getClass().getSimpleName();
    return kind.startsWith("Create") ? "CREATED" : kind.startsWith("Drop") ? "DROPPED"
        : kind.startsWith("Rename") ? "RENAMED" : kind.startsWith("Add") ? "ADDED"
        : kind.startsWith("Alter") ? "ALTERED" : "CHANGED";
  }
}
