package org.morphdb.engine.sql.plan;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.fun.SqlCase;

/**
 * A statement tree written out as a string that two trees share only when they are the same
 * statement: the plan cache's key. Unparsing the tree to SQL gave such a string too, at a
 * few per cent of the time of every statement not seen before (the dialect's writer quotes,
 * spaces and parenthesizes each node); this walks the tree once and writes each node's
 * class, operator, values and child count, names and values prefixed by their length so no
 * two trees can spell the same string. Node kinds it does not know (windows, DML, WITH, ...)
 * are unparsed as before.
 */
final class ShapeKey {
  /** A short name per class, for this JVM's run (the plan cache lives no longer). */
  private static final java.util.concurrent.atomic.AtomicInteger CLASSES =
      new java.util.concurrent.atomic.AtomicInteger();
  private static final ClassValue<String> CLASS_IDS = new ClassValue<>() {
    @Override
    protected String computeValue(Class<?> type) {
      return Integer.toString(CLASSES.getAndIncrement());
    }
  };

  private final StringBuilder out;
  /** Where each identifier component's name lies in {@link #out}: start, end, start, ... */
  private int[] names = new int[16];
  private int nameCount;
  /** Parameters at or above this index are lifted literals, whose type is in the key already. */
  private final int firstLifted;

  private ShapeKey(StringBuilder out, int firstLifted) {
    this.out = out;
    this.firstLifted = firstLifted;
  }

  /**
   * Appends the key of {@code node} to {@code out}; returns where the names of its identifiers
   * lie in {@code out} (start and end of each, in order), for {@link TableSlots}.
   */
  static int[] write(SqlNode node, int firstLifted, StringBuilder out) {
    ShapeKey key = new ShapeKey(out, firstLifted);
    key.node(node);
    return java.util.Arrays.copyOf(key.names, key.nameCount);
  }

  private void node(SqlNode node) {
    if (node == null) {
      out.append('N');
    } else if (node instanceof SqlIdentifier id) {
      out.append('I').append(id.names.size());
      for (String name : id.names) {
        text(name);
        if (nameCount + 2 > names.length) {
          names = java.util.Arrays.copyOf(names, names.length * 2);
        }
        names[nameCount++] = out.length() - name.length();
        names[nameCount++] = out.length();
      }
    } else if (node instanceof SqlDynamicParam p) {
      out.append('?').append(p.getIndex()).append(';');
    } else if (node instanceof SqlLiteral literal && plainValue(literal)) {
      out.append('V').append(literal.getTypeName().ordinal()).append(';');
      text(String.valueOf(literal.getValue()));
    } else if (node instanceof SqlNodeList list) {
      out.append('L').append(list.size()).append('(');
      list.forEach(this::node);
      out.append(')');
    } else if (node instanceof SqlDataTypeSpec spec) {
      out.append('T');
      text(spec.toSqlString(CalciteSqlDialect.DEFAULT).getSql());
    } else if (node instanceof SqlCall call && known(call)) {
      call(call);
    } else {
      out.append('S');
      text(node.toSqlString(CalciteSqlDialect.DEFAULT).getSql());
    }
  }

  /**
   * Literals whose value says all: numbers (a BigDecimal keeps its scale; exact and
   * approximate ones differ in type name), strings, and the plain ones (symbols, booleans,
   * NULL). Intervals, binary strings, dates and times are unparsed.
   */
  private static boolean plainValue(SqlLiteral literal) {
    Class<?> c = literal.getClass();
    return c == SqlLiteral.class || c == SqlNumericLiteral.class || c == SqlCharStringLiteral.class;
  }

  /** Calls whose operands are all they hold: the clauses of a query and plain operator calls. */
  private static boolean known(SqlCall call) {
    return call instanceof SqlSelect || call instanceof SqlJoin || call instanceof SqlOrderBy
        || call instanceof SqlCase
        || (call.getClass() == SqlBasicCall.class && call.getKind() != SqlKind.OVER);
  }

  private void call(SqlCall call) {
    if (call.getKind() == SqlKind.CAST && call.operand(0) instanceof SqlDynamicParam p
        && p.getIndex() >= firstLifted) {
      node(p); // a lifted literal: its type follows the statement in the key
      return;
    }
    SqlOperator op = call.getOperator();
    out.append('C').append(CLASS_IDS.get(call.getClass())).append(';')
        .append(CLASS_IDS.get(op.getClass())).append(';').append(op.getKind().ordinal()).append(';')
        .append(op.getSyntax().ordinal()).append(';');
    text(op.getName());
    SqlLiteral quantifier = call.getFunctionQuantifier();
    out.append(quantifier == null ? "" : quantifier.getValue()).append('(');
    for (SqlNode operand : call.getOperandList()) {
      node(operand);
    }
    out.append(')');
  }

  /** A string prefixed by its length: no name or value can run into the next node. */
  private void text(String s) {
    out.append(s.length()).append(':').append(s);
  }
}
