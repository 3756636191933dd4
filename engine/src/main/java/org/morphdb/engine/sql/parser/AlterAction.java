package org.morphdb.engine.sql.parser;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.ddl.SqlColumnDeclaration;

/**
 * What an {@code ALTER TABLE t ...} does. Each variant is a record; {@link #kind()}
 * lets Java 17 code {@code switch} on it and then cast (or use
 * {@code instanceof} patterns).
 */
public sealed interface AlterAction {

  /** One constant per variant. */
  enum Kind {
    ADD_COLUMN, DROP_COLUMN, RENAME_TABLE, RENAME_COLUMN, SET_DEFAULT, DROP_DEFAULT,
    SET_NOT_NULL, DROP_NOT_NULL, SET_DATA_TYPE, ADD_CHECK, ADD_UNIQUE, ADD_PRIMARY_KEY, ADD_FOREIGN_KEY,
    DROP_CONSTRAINT
  }

  Kind kind();

  /** The parse-tree nodes of this action (entries may be null). */
  List<SqlNode> operands();

  /** Writes the action as it follows {@code ALTER TABLE t}. */
  void unparse(SqlWriter writer);

  /**
   * {@code ADD [COLUMN] [IF NOT EXISTS] coldef}. Inline PRIMARY KEY / UNIQUE /
   * CHECK on the new column are kept in {@code constraintNodes}, lifted as in
   * CREATE TABLE, for the executor to accept or reject.
   */
  record AddColumn(SqlColumnDeclaration declaration, List<SqlNode> constraintNodes,
      boolean ifNotExists) implements AlterAction {

    /** From the nodes MorphColumnDef produced: the declaration, then its constraints. */
    static AddColumn of(List<SqlNode> parsed, boolean ifNotExists) {
      return new AddColumn((SqlColumnDeclaration) parsed.get(0),
          List.copyOf(parsed.subList(1, parsed.size())), ifNotExists);
    }

    public ColumnDecl column() {
      return ColumnDecl.of(declaration);
    }

    /** The column's IDENTITY option, or null. */
    public SqlIdentityOption identity() {
      for (SqlNode node : constraintNodes) {
        if (node instanceof SqlIdentityOption identity) {
          return identity;
        }
      }
      return null;
    }

    public List<TableConstraint> constraints() {
      final List<TableConstraint> out = new ArrayList<>();
      for (SqlNode node : constraintNodes) {
        if (TableConstraint.isConstraint(node)) {
          out.add(TableConstraint.of(node));
        }
      }
      return List.copyOf(out);
    }

    @Override public Kind kind() {
      return Kind.ADD_COLUMN;
    }

    @Override public List<SqlNode> operands() {
      final List<SqlNode> out = new ArrayList<>();
      out.add(declaration);
      out.addAll(constraintNodes);
      return out;
    }

    @Override public void unparse(SqlWriter writer) {
      writer.keyword("ADD COLUMN");
      if (ifNotExists) {
        writer.keyword("IF NOT EXISTS");
      }
      // SqlColumnDeclaration writes DEFAULT's parentheses as list separators.
      final SqlWriter.Frame frame = writer.startList("", "");
      declaration.unparse(writer, 0, 0);
      writer.endList(frame);
      for (TableConstraint constraint : constraints()) {
        // Written back in column form: [CONSTRAINT n] PRIMARY KEY | UNIQUE | CHECK (e).
        if (constraint.name() != null) {
          writer.keyword("CONSTRAINT");
          constraint.name().unparse(writer, 0, 0);
        }
        if (constraint instanceof TableConstraint.PrimaryKey) {
          writer.keyword("PRIMARY KEY");
        } else if (constraint instanceof TableConstraint.Unique) {
          writer.keyword("UNIQUE");
        } else {
          writer.keyword("CHECK");
          parenthesized(writer, ((TableConstraint.Check) constraint).condition());
        }
      }
    }
  }

  /** {@code DROP [COLUMN] [IF EXISTS] c}. */
  record DropColumn(SqlIdentifier column, boolean ifExists) implements AlterAction {
    @Override public Kind kind() {
      return Kind.DROP_COLUMN;
    }

    @Override public List<SqlNode> operands() {
      return List.of(column);
    }

    @Override public void unparse(SqlWriter writer) {
      writer.keyword("DROP COLUMN");
      if (ifExists) {
        writer.keyword("IF EXISTS");
      }
      column.unparse(writer, 0, 0);
    }
  }

  /** {@code RENAME TO n}. */
  record RenameTable(SqlIdentifier newName) implements AlterAction {
    @Override public Kind kind() {
      return Kind.RENAME_TABLE;
    }

    @Override public List<SqlNode> operands() {
      return List.of(newName);
    }

    @Override public void unparse(SqlWriter writer) {
      writer.keyword("RENAME TO");
      newName.unparse(writer, 0, 0);
    }
  }

  /** {@code RENAME [COLUMN] a TO b}. */
  record RenameColumn(SqlIdentifier column, SqlIdentifier newName) implements AlterAction {
    @Override public Kind kind() {
      return Kind.RENAME_COLUMN;
    }

    @Override public List<SqlNode> operands() {
      return List.of(column, newName);
    }

    @Override public void unparse(SqlWriter writer) {
      writer.keyword("RENAME COLUMN");
      column.unparse(writer, 0, 0);
      writer.keyword("TO");
      newName.unparse(writer, 0, 0);
    }
  }

  /** {@code ALTER [COLUMN] c SET DEFAULT expr}. */
  record SetDefault(SqlIdentifier column, SqlNode defaultValue) implements AlterAction {
    @Override public Kind kind() {
      return Kind.SET_DEFAULT;
    }

    @Override public List<SqlNode> operands() {
      return List.of(column, defaultValue);
    }

    @Override public void unparse(SqlWriter writer) {
      alterColumn(writer, column, "SET DEFAULT");
      defaultValue.unparse(writer, 0, 0);
    }
  }

  /** {@code ALTER [COLUMN] c DROP DEFAULT}. */
  record DropDefault(SqlIdentifier column) implements AlterAction {
    @Override public Kind kind() {
      return Kind.DROP_DEFAULT;
    }

    @Override public List<SqlNode> operands() {
      return List.of(column);
    }

    @Override public void unparse(SqlWriter writer) {
      alterColumn(writer, column, "DROP DEFAULT");
    }
  }

  /** {@code ALTER [COLUMN] c SET NOT NULL}. */
  record SetNotNull(SqlIdentifier column) implements AlterAction {
    @Override public Kind kind() {
      return Kind.SET_NOT_NULL;
    }

    @Override public List<SqlNode> operands() {
      return List.of(column);
    }

    @Override public void unparse(SqlWriter writer) {
      alterColumn(writer, column, "SET NOT NULL");
    }
  }

  /** {@code ALTER [COLUMN] c DROP NOT NULL}. */
  record DropNotNull(SqlIdentifier column) implements AlterAction {
    @Override public Kind kind() {
      return Kind.DROP_NOT_NULL;
    }

    @Override public List<SqlNode> operands() {
      return List.of(column);
    }

    @Override public void unparse(SqlWriter writer) {
      alterColumn(writer, column, "DROP NOT NULL");
    }
  }

  /** {@code ALTER [COLUMN] c SET DATA TYPE type}, also spelled {@code ALTER COLUMN c TYPE type}. */
  record SetDataType(SqlIdentifier column, SqlDataTypeSpec type) implements AlterAction {
    @Override public Kind kind() {
      return Kind.SET_DATA_TYPE;
    }

    @Override public List<SqlNode> operands() {
      return List.of(column, type);
    }

    @Override public void unparse(SqlWriter writer) {
      alterColumn(writer, column, "SET DATA TYPE");
      type.unparse(writer, 0, 0);
    }
  }

  /** {@code ADD [CONSTRAINT n] CHECK (condition)}; {@code name} is null when not given. */
  record AddCheck(SqlIdentifier name, SqlNode condition) implements AlterAction {
    @Override public Kind kind() {
      return Kind.ADD_CHECK;
    }

    @Override public List<SqlNode> operands() {
      return Arrays.asList(name, condition);
    }

    @Override public void unparse(SqlWriter writer) {
      writer.keyword("ADD");
      if (name != null) {
        writer.keyword("CONSTRAINT");
        name.unparse(writer, 0, 0);
      }
      writer.keyword("CHECK");
      parenthesized(writer, condition);
    }
  }

  /**
   * {@code ADD [CONSTRAINT n] UNIQUE (c, ...)} or, with {@code primaryKey}, {@code ADD [CONSTRAINT
   * n] PRIMARY KEY (c, ...)}; {@code name} is null when not given.
   */
  record AddKey(SqlIdentifier name, SqlNodeList columns, boolean primaryKey) implements AlterAction {
    @Override public Kind kind() {
      return primaryKey ? Kind.ADD_PRIMARY_KEY : Kind.ADD_UNIQUE;
    }

    @Override public List<SqlNode> operands() {
      return Arrays.asList(name, columns);
    }

    @Override public void unparse(SqlWriter writer) {
      writer.keyword("ADD");
      if (name != null) {
        writer.keyword("CONSTRAINT");
        name.unparse(writer, 0, 0);
      }
      writer.keyword(primaryKey ? "PRIMARY KEY" : "UNIQUE");
      columns.unparse(writer, 0, 0);
    }
  }

  /** {@code ADD [CONSTRAINT n] FOREIGN KEY (...) REFERENCES p ...}. */
  record AddForeignKey(SqlForeignKey key) implements AlterAction {
    @Override public Kind kind() {
      return Kind.ADD_FOREIGN_KEY;
    }

    @Override public List<SqlNode> operands() {
      return List.of(key);
    }

    @Override public void unparse(SqlWriter writer) {
      writer.keyword("ADD");
      key.unparse(writer, 0, 0);
    }
  }

  /** {@code DROP CONSTRAINT [IF EXISTS] n}. */
  record DropConstraint(SqlIdentifier name, boolean ifExists) implements AlterAction {
    @Override public Kind kind() {
      return Kind.DROP_CONSTRAINT;
    }

    @Override public List<SqlNode> operands() {
      return List.of(name);
    }

    @Override public void unparse(SqlWriter writer) {
      writer.keyword("DROP CONSTRAINT");
      if (ifExists) {
        writer.keyword("IF EXISTS");
      }
      name.unparse(writer, 0, 0);
    }
  }

  private static void parenthesized(SqlWriter writer, SqlNode node) {
    final SqlWriter.Frame frame = writer.startList("(", ")");
    node.unparse(writer, 0, 0);
    writer.endList(frame);
  }

  private static void alterColumn(SqlWriter writer, SqlIdentifier column, String what) {
    writer.keyword("ALTER COLUMN");
    column.unparse(writer, 0, 0);
    writer.keyword(what);
  }
}
