package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlShuttle;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.catalog.ColumnDef;
import org.morphdb.engine.catalog.TableDef;

/**
 * Qualifies column names before validation: in a SELECT whose FROM clause names only tables,
 * {@code a1} in the select list, WHERE or a join's ON becomes {@code T1.A1} when exactly one
 * of those tables has a column A1. Calcite's validator resolves an unqualified name by trying
 * it on every table of the FROM clause, and each try searches the clause again: O(tables²)
 * per name, which made validation most of the cost of select5.test's joins of up to 64
 * tables. A qualified name takes one search. Names that could mean anything else (a select
 * alias in ORDER BY or GROUP BY, a column of two tables, a name inside a sub-query) are left
 * for the validator, which gives the same answer either way.
 */
final class ColumnQualifier {
  private ColumnQualifier() {}

  /** Rewrites, in place, every SELECT of {@code query} (a private copy about to be validated). */
  static void qualify(SqlNode query, Catalog catalog) {
    List<SqlSelect> selects = new ArrayList<>();
    boolean[] hasWith = {false};
    query.accept(new SqlBasicVisitor<Void>() {
      @Override
      public Void visit(SqlCall call) {
        if (call instanceof SqlSelect select) {
          selects.add(select);
        } else if (call.getKind() == SqlKind.WITH) {
          hasWith[0] = true; // a WITH item may shadow a table's name
        }
        return super.visit(call);
      }
    });
    if (hasWith[0]) {
      return;
    }
    for (SqlSelect select : selects) {
      qualify(select, catalog);
    }
  }

  private static void qualify(SqlSelect select, Catalog catalog) {
    if (select.getFrom() == null || (select.getWindowList() != null
        && !select.getWindowList().isEmpty())) {
      return;
    }
    List<SqlJoin> joins = new ArrayList<>();
    Map<String, TableDef> tables = new HashMap<>();
    if (!collect(select.getFrom(), catalog, tables, joins)) {
      return;
    }
    Map<String, String> owner = owners(tables);
    if (owner.isEmpty()) {
      return;
    }
    Qualify q = new Qualify(owner);
    select.setSelectList((SqlNodeList) select.getSelectList().accept(q));
    if (select.getWhere() != null) {
      select.setWhere(select.getWhere().accept(q));
    }
    for (SqlJoin join : joins) {
      if (join.getCondition() != null) {
        join.setOperand(5, join.getCondition().accept(q));
      }
    }
  }

  /**
   * The FROM clause's tables by the name they are known by; false when it holds anything
   * but tables, inner/outer/comma joins with ON, or a name twice.
   */
  private static boolean collect(SqlNode from, Catalog catalog, Map<String, TableDef> tables,
      List<SqlJoin> joins) {
    if (from instanceof SqlJoin join) {
      if (join.isNatural() || join.getConditionType() == JoinConditionType.USING) {
        return false;
      }
      joins.add(join);
      return collect(join.getLeft(), catalog, tables, joins)
          && collect(join.getRight(), catalog, tables, joins);
    }
    SqlNode target = from;
    String alias = null;
    if (from.getKind() == SqlKind.AS) {
      List<SqlNode> operands = ((SqlCall) from).getOperandList();
      if (operands.size() != 2) {
        return false; // AS t (x, y): renamed columns
      }
      target = operands.get(0);
      alias = ((SqlIdentifier) operands.get(1)).getSimple();
    }
    if (!(target instanceof SqlIdentifier id) || id.names.size() > 2) {
      return false;
    }
    String schema = id.names.size() == 2 ? id.names.get(0) : Catalog.DEFAULT_SCHEMA;
    String name = id.names.get(id.names.size() - 1);
    Optional<TableDef> table = catalog.table(schema, name);
    String exposed = alias != null ? alias : name;
    return table.isPresent() && tables.put(exposed, table.get()) == null;
  }

  /** Column name → the one table name it belongs to (columns of several tables left out). */
  private static Map<String, String> owners(Map<String, TableDef> tables) {
    Map<String, String> owner = new HashMap<>();
    Set<String> ambiguous = new HashSet<>();
    tables.forEach((name, table) -> {
      for (ColumnDef c : table.columns()) {
        if (owner.putIfAbsent(c.name(), name) != null) {
          ambiguous.add(c.name());
        }
      }
    });
    owner.keySet().removeAll(ambiguous);
    return owner;
  }

  /** Qualifies simple names it knows; leaves sub-queries and aliases alone. */
  private static final class Qualify extends SqlShuttle {
    private final Map<String, String> owner;

    Qualify(Map<String, String> owner) {
      this.owner = owner;
    }

    @Override
    public SqlNode visit(SqlIdentifier id) {
      if (!id.isSimple() || id.isStar()) {
        return id;
      }
      String table = owner.get(id.getSimple());
      return table == null ? id
          : new SqlIdentifier(List.of(table, id.getSimple()), id.getParserPosition());
    }

    @Override
    public SqlNode visit(SqlCall call) {
      if (call instanceof SqlSelect || call.getKind() == SqlKind.OVER) {
        return call; // its own names: qualified when its own SELECT is
      }
      if (call.getKind() == SqlKind.AS) {
        call.setOperand(0, call.operand(0).accept(this)); // not the alias
        return call;
      }
      return super.visit(call);
    }
  }
}
