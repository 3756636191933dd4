package org.morphdb.engine.sql.plan;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SelectScope;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Calcite's validator, with parameter types that may be fixed in advance: the caller's declared
 * types, and for literals lifted into parameters their literal's type. A parameter
 * whose type nothing determines (as in {@code SELECT ?}) is VARCHAR. It also keeps answers
 * Calcite would work out again: a select list's expansion ({@link #expandStar}) and its
 * aggregate ({@link #getAggregate}) per unchanged list, and it skips type inference where
 * nothing is unknown ({@link #inferUnknownTypes}); docs/decisions.md says what each saved.
 */
final class MorphValidator extends SqlValidatorImpl {
  /** Per parameter index, its fixed type or null. */
  private final RelDataType[] fixedTypes;

  /** Per select, the select list {@link #expandStar} last expanded and what it gave. */
  private final Map<SqlSelect, Expansion> expansions = new IdentityHashMap<>();

  /** A select list's items (as they were then), whether system columns were asked for, and
   * the expanded items. */
  private record Expansion(SqlNodeList selectList, List<SqlNode> items, boolean systemVars,
      List<SqlNode> expanded) {
    boolean isOf(SqlNodeList list, boolean includeSystemVars) {
      return list == selectList && includeSystemVars == systemVars
          && sameNodes(list.getList(), items);
    }
  }

  /** Per select without GROUP BY or HAVING, the select list {@link #getAggregate} last
   * searched (its items, as they were then) and the aggregate it found, or null. */
  private final Map<SqlSelect, AggregateSearch> aggregates = new IdentityHashMap<>();

  private record AggregateSearch(List<SqlNode> items, SqlNode found) {}

  private static boolean sameNodes(List<SqlNode> a, List<SqlNode> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }

  MorphValidator(SqlOperatorTable opTab, SqlValidatorCatalogReader catalogReader,
      RelDataTypeFactory typeFactory, RelDataType[] fixedTypes) {
    super(opTab, catalogReader, typeFactory, SqlConfig.VALIDATOR);
    this.fixedTypes = fixedTypes == null ? new RelDataType[0] : fixedTypes;
  }

  /** NEXT / CURRENT VALUE FOR become MorphDB's own calls ({@link SequenceFunctions}). */
  @Override
  protected SqlNode performUnconditionalRewrites(SqlNode node, boolean underFrom) {
    SqlNode sequenceCall = SequenceFunctions.rewrite(node);
    return super.performUnconditionalRewrites(sequenceCall != null ? sequenceCall : node, underFrom);
  }

  @Override
  protected void inferUnknownTypes(RelDataType inferredType, SqlValidatorScope scope, SqlNode node) {
    if (node instanceof SqlDynamicParam p) {
      RelDataType fixed = fixedType(p);
      if (fixed != null) {
        setValidatedNodeType(node, fixed);
        return;
      }
      if (inferredType.equals(getUnknownType())) {
        RelDataTypeFactory f = getTypeFactory();
        setValidatedNodeType(node,
            f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), true));
        return;
      }
    } else if (nothingToInfer(node)) {
      return;
    }
    super.inferUnknownTypes(inferredType, scope, node);
  }

  private RelDataType fixedType(SqlDynamicParam p) {
    int i = p.getIndex();
    return i < fixedTypes.length ? fixedTypes[i] : null;
  }

  /**
   * Whether inference would find nothing to type under {@code node}: no NULL literal and no
   * parameter but those of fixed type, which this types on the way. Calcite's inference walks
   * every expression and binds every call to infer its operands' types, which only matters
   * where something is unknown; after literal lifting almost nothing is, and the walk cost an
   * eighth of planning SQLite's select files.
   */
  private boolean nothingToInfer(SqlNode node) {
    if (node == null || node instanceof SqlIdentifier || node instanceof SqlDataTypeSpec) {
      return true;
    }
    if (node instanceof SqlDynamicParam p) {
      RelDataType fixed = fixedType(p);
      if (fixed == null) {
        return false;
      }
      setValidatedNodeType(p, fixed);
      return true;
    }
    if (node instanceof SqlLiteral) {
      return !SqlUtil.isNullLiteral(node, false);
    }
    List<SqlNode> operands = node instanceof SqlNodeList list ? list.getList()
        : node instanceof SqlCall call ? call.getOperandList() : null;
    if (operands == null) {
      return false; // a node kind this does not know: let Calcite look
    }
    for (SqlNode operand : operands) {
      if (!nothingToInfer(operand)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The select list with stars and identifiers expanded, computed once per unchanged select
   * list. Calcite asks again for every ORDER BY ordinal, in validation and again in conversion,
   * and each time copies every select item and derives all its types afresh: with
   * {@code ORDER BY 1,2,3} over sub-queries that was a tenth of planning SQLite's select
   * files. The answer only depends on the items and the (already registered) scopes.
   */
  @Override
  public SqlNodeList expandStar(SqlNodeList selectList, SqlSelect select,
      boolean includeSystemVars) {
    Expansion known = expansions.get(select);
    if (known != null && known.isOf(selectList, includeSystemVars)) {
      SelectScope scope = getRawSelectScope(select);
      if (scope != null) {
        scope.setExpandedSelectList(known.expanded());
      }
      return new SqlNodeList(known.expanded(), SqlParserPos.ZERO);
    }
    SqlNodeList expanded = super.expandStar(selectList, select, includeSystemVars);
    expansions.put(select, new Expansion(selectList, List.copyOf(selectList.getList()),
        includeSystemVars, List.copyOf(expanded.getList())));
    return expanded;
  }

  /**
   * GROUP BY, HAVING or the first aggregate call of the select list, searched once per
   * unchanged select list: Calcite asks whether a select aggregates while registering it,
   * validating each clause and converting it, and walks the whole select list each time.
   */
  @Override
  protected SqlNode getAggregate(SqlSelect select) {
    if (select.getGroup() != null || select.getHaving() != null) {
      return super.getAggregate(select);
    }
    SelectScope scope = getRawSelectScope(select);
    List<SqlNode> expanded = scope == null ? null : scope.getExpandedSelectList();
    List<SqlNode> items = expanded != null ? expanded : select.getSelectList().getList();
    AggregateSearch known = aggregates.get(select);
    if (known != null && sameNodes(items, known.items())) {
      return known.found();
    }
    SqlNode found = super.getAggregate(select);
    aggregates.put(select, new AggregateSearch(List.copyOf(items), found));
    return found;
  }
}
