package org.morphdb.engine.sql;

import org.morphdb.engine.Database;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.SequenceDef;

/**
 * NEXT / CURRENT VALUE FOR in one statement: the sequence as the statement's catalog defines
 * it, its counter in the database. Values are handed out outside the transaction.
 */
final class SequenceAccess {
  private final Database db;
  private final Catalog catalog;

  SequenceAccess(Database db, Catalog catalog) {
    this.db = db;
    this.catalog = catalog;
  }

  long next(String qualifiedName) {
    return db.sequenceValues().next(sequence(qualifiedName));
  }

  /** The value handed out last; 55000 before the first one (as PostgreSQL's currval). */
  long current(String qualifiedName) {
    SequenceDef def = sequence(qualifiedName);
    return db.sequenceValues().current(def).orElseThrow(() -> MorphException.of(ErrorCode.SEQUENCE_NOT_STARTED,
        "Sequence %s has not handed out a value yet: use NEXT VALUE FOR first", def.name()));
  }

  private SequenceDef sequence(String qualifiedName) {
    int dot = qualifiedName.indexOf('.');
    String schema = dot < 0 ? Catalog.DEFAULT_SCHEMA : qualifiedName.substring(0, dot);
    String name = qualifiedName.substring(dot + 1);
    return catalog.sequence(schema, name).orElseThrow(() -> MorphException.of(ErrorCode.SEQUENCE_NOT_FOUND,
        "Sequence '%s' not found", name));
  }
}
