package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.morphdb.engine.catalog.IndexDef;
import org.morphdb.engine.catalog.TableDef;
import org.morphdb.engine.catalog.TypeKind;

/**
 * The conjuncts of a filter over a table scan that compare a column with a value computable
 * before the scan (literal, parameter, correlation variable): what a primary-key lookup or
 * an index range can use. Equalities a lookup uses are consumed; range comparisons always
 * stay in the residual filter too (so the storage's ordering of NULLs never matters).
 */
final class KeyPredicates {
  /** {@code column op value}, normalized so the column is on the left. */
  private record Term(int conjunct, int position, SqlKind op, RexNode value) {}

  /** A usable access path: its key values and the conjuncts it makes redundant. */
  record Match<K>(K key, BitSet used) {}

  private final List<RexNode> conjuncts;
  private final List<Term> terms = new ArrayList<>();

  private KeyPredicates(List<RexNode> conjuncts) {
    this.conjuncts = conjuncts;
  }

  static KeyPredicates of(RexNode condition, MorphScan scan) {
    KeyPredicates kp = new KeyPredicates(RelOptUtil.conjunctions(condition));
    for (int i = 0; i < kp.conjuncts.size(); i++) {
      kp.addTerm(i, kp.conjuncts.get(i), scan);
    }
    return kp;
  }

  boolean isEmpty() {
    return terms.isEmpty();
  }

  private void addTerm(int i, RexNode c, MorphScan scan) {
    SqlKind op = c.getKind();
    if (!(c instanceof RexCall call) || call.getOperands().size() != 2 || !isComparison(op)) {
      return;
    }
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    if (field(a) >= 0 && isValue(b)) {
      addTerm(i, scan, field(a), op, b);
    } else if (field(b) >= 0 && isValue(a)) {
      addTerm(i, scan, field(b), op.reverse(), a);
    }
  }

  private void addTerm(int i, MorphScan scan, int field, SqlKind op, RexNode value) {
    int position = scan.position(field);
    TableDef t = scan.def();
    if (position >= t.columns().size()) {
      return;
    }
    if (compatible(t.columns().get(position).type().kind(), value.getType().getSqlTypeName())) {
      terms.add(new Term(i, position, op, value));
    }
  }

  /** The primary key's values, if every key column is fixed by an equality. */
  Match<List<RexNode>> primaryKey(TableDef t) {
    if (t.primaryKey().isEmpty()) {
      return null;
    }
    List<RexNode> key = new ArrayList<>();
    BitSet used = new BitSet();
    for (int id : t.primaryKey()) {
      Term eq = find(t.columnIndex(id), SqlKind.EQUALS);
      if (eq == null) {
        return null;
      }
      key.add(eq.value());
      used.set(eq.conjunct());
    }
    return new Match<>(key, used);
  }

  /** The range of the index the predicates select, if they constrain its first column. */
  Match<MorphIndexScan.KeyRange> range(TableDef t, IndexDef index) {
    return range(t, index.columnIds());
  }

  /** The range of the key of these columns (by id, in key order), if they constrain the first. */
  Match<MorphIndexScan.KeyRange> range(TableDef t, List<Integer> keyColumns) {
    List<RexNode> eq = new ArrayList<>();
    BitSet used = new BitSet();
    int k = 0;
    for (; k < keyColumns.size(); k++) {
      Term term = find(t.columnIndex(keyColumns.get(k)), SqlKind.EQUALS);
      if (term == null) {
        break;
      }
      eq.add(term.value());
      used.set(term.conjunct());
    }
    Term low = null;
    Term high = null;
    if (k < keyColumns.size()) {
      int position = t.columnIndex(keyColumns.get(k));
      low = first(position, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL);
      high = first(position, SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL);
    }
    if (eq.isEmpty() && low == null && high == null) {
      return null;
    }
    return new Match<>(new MorphIndexScan.KeyRange(eq,
        low == null ? null : low.value(), low != null && low.op() == SqlKind.GREATER_THAN_OR_EQUAL,
        high == null ? null : high.value(), high != null && high.op() == SqlKind.LESS_THAN_OR_EQUAL),
        used);
  }

  /** The conjuncts not made redundant by an access path. */
  List<RexNode> residual(BitSet used) {
    List<RexNode> list = new ArrayList<>();
    for (int i = 0; i < conjuncts.size(); i++) {
      if (!used.get(i)) {
        list.add(conjuncts.get(i));
      }
    }
    return list;
  }

  private Term find(int position, SqlKind op) {
    for (Term t : terms) {
      if (t.position() == position && t.op() == op) {
        return t;
      }
    }
    return null;
  }

  private Term first(int position, SqlKind a, SqlKind b) {
    for (Term t : terms) {
      if (t.position() == position && (t.op() == a || t.op() == b)) {
        return t;
      }
    }
    return null;
  }

  private static boolean isComparison(SqlKind op) {
    return switch (op) {
      case EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> true;
      default -> false;
    };
  }

  /** The input field an operand reads, through value-preserving casts; else -1. */
  private static int field(RexNode e) {
    if (e instanceof RexInputRef ref) {
      return ref.getIndex();
    }
    if (e.getKind() == SqlKind.CAST && e instanceof RexCall cast) {
      RexNode inner = cast.getOperands().get(0);
      if (inner instanceof RexInputRef ref && widens(inner, cast)) {
        return ref.getIndex();
      }
    }
    return -1;
  }

  private static boolean widens(RexNode from, RexNode to) {
    var f = from.getType();
    var t = to.getType();
    if (SqlTypeUtil.isIntType(f) && SqlTypeUtil.isIntType(t)) {
      return SqlTypeUtil.comparePrecision(t.getPrecision(), f.getPrecision()) >= 0;
    }
    return SqlTypeUtil.isCharacter(f) && SqlTypeUtil.isCharacter(t);
  }

  /** Whether a value is known before the scan starts: no input field, deterministic. */
  static boolean isValue(RexNode e) {
    if (e instanceof RexLiteral || e instanceof RexDynamicParam) {
      return true;
    }
    if (e instanceof RexFieldAccess fa) {
      return fa.getReferenceExpr() instanceof RexCorrelVariable;
    }
    if (e instanceof RexOver || e instanceof RexSubQuery || !(e instanceof RexCall call)) {
      return false;
    }
    if (!call.getOperator().isDeterministic()) {
      return false;
    }
    for (RexNode o : call.getOperands()) {
      if (!isValue(o)) {
        return false;
      }
    }
    return true;
  }

  /** Whether a value of this type compares with a column of this kind as its key does. */
  private static boolean compatible(TypeKind column, SqlTypeName value) {
    boolean integer = SqlTypeName.INT_TYPES.contains(value);
    return switch (column) {
      case TINYINT, SMALLINT, INTEGER, BIGINT -> integer;
      case DECIMAL -> integer || value == SqlTypeName.DECIMAL;
      case DOUBLE -> integer || SqlTypeName.APPROX_TYPES.contains(value) || value == SqlTypeName.DECIMAL;
      case REAL -> value == SqlTypeName.REAL;
      case CHAR, VARCHAR, CLOB, JSON, UUID -> SqlTypeName.CHAR_TYPES.contains(value);
      case VARBINARY, BLOB -> SqlTypeName.BINARY_TYPES.contains(value);
      case BOOLEAN -> value == SqlTypeName.BOOLEAN;
      case DATE -> value == SqlTypeName.DATE;
      case TIME -> value == SqlTypeName.TIME;
      case TIMESTAMP -> value == SqlTypeName.TIMESTAMP;
      case TIMESTAMP_TZ -> value == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
    };
  }
}
