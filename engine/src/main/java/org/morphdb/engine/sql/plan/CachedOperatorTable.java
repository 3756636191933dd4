package org.morphdb.engine.sql.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.validate.SqlNameMatcher;

/**
 * The standard operators, with each lookup's answer kept. Calcite's validator looks a function
 * up by name again every time it derives the type of a call to it, several times per call per
 * statement, and the standard table filters its candidates by syntax and category each time.
 * The validator also asks for every column name, in case it names a function without
 * arguments (CURRENT_DATE). The table never changes, so an answer stays right; names that
 * found nothing are kept too until {@link #MAX_UNKNOWN} of them are, since they come from
 * users' statements.
 */
final class CachedOperatorTable implements SqlOperatorTable {
  static final CachedOperatorTable STANDARD =
      new CachedOperatorTable(org.apache.calcite.sql.util.SqlOperatorTables.chain(
          SqlStdOperatorTable.instance(), SequenceFunctions.TABLE));

  static final int MAX_UNKNOWN = 10_000;

  private record Key(List<String> names, SqlFunctionCategory category, SqlSyntax syntax,
      boolean caseSensitive) {}

  private final SqlOperatorTable table;
  private final ConcurrentHashMap<Key, List<SqlOperator>> found = new ConcurrentHashMap<>();
  private final AtomicInteger unknown = new AtomicInteger();

  CachedOperatorTable(SqlOperatorTable table) {
    this.table = table;
  }

  @Override
  public void lookupOperatorOverloads(SqlIdentifier opName, SqlFunctionCategory category,
      SqlSyntax syntax, List<SqlOperator> operatorList, SqlNameMatcher nameMatcher) {
    Key key = new Key(opName.names, category, syntax, nameMatcher.isCaseSensitive());
    List<SqlOperator> known = found.get(key);
    if (known == null) {
      List<SqlOperator> list = new ArrayList<>();
      table.lookupOperatorOverloads(opName, category, syntax, list, nameMatcher);
      if (list.isEmpty()) {
        if (unknown.get() < MAX_UNKNOWN && found.putIfAbsent(key, List.of()) == null) {
          unknown.incrementAndGet();
        }
        return;
      }
      known = List.copyOf(list);
      found.put(key, known);
    }
    operatorList.addAll(known);
  }

  /** How many answers are kept (for tests). */
  int size() {
    return found.size();
  }

  @Override
  public List<SqlOperator> getOperatorList() {
    return table.getOperatorList();
  }
}
