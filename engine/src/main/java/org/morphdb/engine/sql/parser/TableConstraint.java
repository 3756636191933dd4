package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.ddl.SqlCheckConstraint;
import org.apache.calcite.sql.ddl.SqlKeyConstraint;

/**
 * A table constraint as the executor reads it, taken from Calcite's
 * {@link SqlKeyConstraint} (PRIMARY KEY, UNIQUE) or {@link SqlCheckConstraint}
 * element of a column list. Column-level constraints arrive in the same form,
 * lifted by the parser (see {@link SqlMorphCreateTable}).
 */
public sealed interface TableConstraint {

  /** The name given with {@code CONSTRAINT n}, or null. */
  SqlIdentifier name();

  /** {@code [CONSTRAINT n] PRIMARY KEY (c, ...)}. */
  record PrimaryKey(SqlIdentifier name, List<SqlIdentifier> columns) implements TableConstraint {}

  /** {@code [CONSTRAINT n] UNIQUE (c, ...)}. */
  record Unique(SqlIdentifier name, List<SqlIdentifier> columns) implements TableConstraint {}

  /** {@code [CONSTRAINT n] CHECK (condition)}. */
  record Check(SqlIdentifier name, SqlNode condition) implements TableConstraint {}

  /** {@code [CONSTRAINT n] FOREIGN KEY (...) REFERENCES p ...}. */
  record ForeignKey(SqlIdentifier name, SqlForeignKey key) implements TableConstraint {}

  /** True for the elements of a CREATE TABLE column list that are constraints. */
  static boolean isConstraint(SqlNode element) {
    return element instanceof SqlKeyConstraint || element instanceof SqlCheckConstraint
        || element instanceof SqlForeignKey;
  }

  /** Reads a {@link SqlKeyConstraint} or {@link SqlCheckConstraint}. */
  static TableConstraint of(SqlNode element) {
    if (element instanceof SqlForeignKey key) {
      return new ForeignKey(key.name(), key);
    }
    final SqlCall call = (SqlCall) element;
    final SqlIdentifier name = (SqlIdentifier) call.operand(0);
    switch (call.getKind()) {
      case PRIMARY_KEY:
        return new PrimaryKey(name, identifiers(call.operand(1)));
      case UNIQUE:
        return new Unique(name, identifiers(call.operand(1)));
      case CHECK:
        return new Check(name, call.operand(1));
      default:
        throw new IllegalArgumentException("not a table constraint: " + element.getKind());
    }
  }

  private static List<SqlIdentifier> identifiers(SqlNodeList list) {
    final List<SqlIdentifier> out = new ArrayList<>(list.size());
    for (SqlNode node : list) {
      out.add((SqlIdentifier) node);
    }
    return List.copyOf(out);
  }
}
