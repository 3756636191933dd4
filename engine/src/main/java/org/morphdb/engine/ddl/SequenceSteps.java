package org.morphdb.engine.ddl;

import java.util.List;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.SequenceDef;
import org.morphdb.engine.catalog.TypeKind;
import org.morphdb.engine.catalog.UpdateEntry;

/**
 * CREATE, ALTER and DROP SEQUENCE, each one catalog version (a sequence belongs to no table,
 * so no transaction is bound to it), and the definition of an IDENTITY column's generator.
 * The counters are not catalog state: the SQL layer moves them once the version is active.
 */
public final class SequenceSteps {
  private SequenceSteps() {}

  static List<UpdateEntry> create(DdlCommand.CreateSequence cmd, JobContext ctx, Catalog c) {
    if (c.sequence(cmd.schema(), cmd.table()).isPresent()) {
      if (cmd.ifNotExists()) {
        ctx.noOp = true;
        return List.of();
      }
      throw MorphException.of(ErrorCode.SEQUENCE_EXISTS, "Sequence '%s' already exists", cmd.table());
    }
    TypeKind type = cmd.type() == null ? TypeKind.BIGINT : cmd.type();
    SequenceDef def = define(c.nextId(), cmd.schema(), cmd.table(), type, cmd.options(), null);
    return List.of(new UpdateEntry.PutSequence(def));
  }

  static List<UpdateEntry> alter(DdlCommand.AlterSequence cmd, JobContext ctx, Catalog c) {
    SequenceDef old = c.sequence(cmd.schema(), cmd.table()).orElse(null);
    if (old == null) {
      if (cmd.ifExists()) {
        ctx.noOp = true;
        return List.of();
      }
      throw notFound(cmd.table());
    }
    return List.of(new UpdateEntry.PutSequence(define(old.id(), old.schema(), old.name(), old.type(), cmd.options(), old)));
  }

  static List<UpdateEntry> drop(DdlCommand.DropSequence cmd, JobContext ctx, Catalog c) {
    if (c.sequence(cmd.schema(), cmd.table()).isEmpty()) {
      if (cmd.ifExists()) {
        ctx.noOp = true;
        return List.of();
      }
      throw notFound(cmd.table());
    }
    return List.of(new UpdateEntry.DropSequence(cmd.schema(), cmd.table()));
  }

  static MorphException notFound(String name) {
    return MorphException.of(ErrorCode.SEQUENCE_NOT_FOUND, "Sequence '%s' not found", name);
  }

  /**
   * A definition from options as written, over {@code base} (ALTER) or SQL's defaults:
   * counting up from MINVALUE 1 to the type's largest value, or down from MAXVALUE -1 to
   * its smallest; START at MINVALUE (up) or MAXVALUE (down). Inconsistent bounds are 42000.
   */
  public static SequenceDef define(int id, String schema, String name, TypeKind type, SequenceOptions o,
      SequenceDef base) {
    if (!type.isInteger()) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "A sequence or IDENTITY column must have an integer type, not %s", type);
    }
    long increment = o.increment() != null ? o.increment() : base != null ? base.increment() : 1;
    boolean up = increment > 0;
    long min = o.min() != null ? o.min()
        : o.noMin() || base == null ? (up ? 1 : SequenceDef.minOf(type)) : base.min();
    long max = o.max() != null ? o.max()
        : o.noMax() || base == null ? (up ? SequenceDef.maxOf(type) : -1) : base.max();
    long start = o.start() != null ? o.start() : base != null ? base.start() : up ? min : max;
    boolean cycle = o.cycle() != null ? o.cycle() : base != null && base.cycle();
    long cache = o.cache() != null ? o.cache() : base != null ? base.cache() : 32;
    if (min < SequenceDef.minOf(type) || max > SequenceDef.maxOf(type)) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "Sequence %s: MINVALUE and MAXVALUE must lie within %s", name, type);
    }
    if (min >= max || start < min || start > max) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "Sequence %s: needs MINVALUE (%d) < MAXVALUE (%d) and START WITH (%d) between them", name, min, max, start);
    }
    if (o.restartWith() != null && (o.restartWith() < min || o.restartWith() > max)) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT,
          "Sequence %s: RESTART WITH %d lies outside [%d, %d]", name, o.restartWith(), min, max);
    }
    if (cache < 1) {
      throw MorphException.of(ErrorCode.INVALID_STATEMENT, "Sequence %s: CACHE must be at least 1", name);
    }
    return new SequenceDef(id, schema, name, start, increment, min, max, cycle, cache, type);
  }
}
