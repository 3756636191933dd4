package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.AnsiSqlDialect;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.catalog.Catalog;
import org.morphdb.engine.sql.parser.MorphParser;

/**
 * Column names are qualified before validation only where the FROM clause leaves no doubt
 * whose column it is; everything else is left for the validator.
 */
class ColumnQualifierTest {
  private final Catalog catalog = new Tables()
      .table("T1", "ID INTEGER PK", "A1 INTEGER", "X VARCHAR")
      .table("T2", "ID INTEGER PK", "B2 INTEGER", "X VARCHAR")
      .view("V", "SELECT id, a1 FROM t1")
      .catalog();

  private String qualified(String sql) {
    SqlNode node = MorphParser.parse(sql);
    ColumnQualifier.qualify(node, catalog);
    return node.toSqlString(AnsiSqlDialect.DEFAULT).getSql().replaceAll("\\s+", " ")
        .replace('`', '"');
  }

  @Test
  void aColumnOfOneTableIsQualifiedWithTheNameTheTableIsKnownBy() {
    assertEquals("SELECT \"T1\".\"A1\", \"B\".\"B2\" FROM \"T1\", \"T2\" AS \"B\""
        + " WHERE \"B\".\"B2\" = \"T1\".\"A1\" AND \"B\".\"B2\" > 1",
        qualified("SELECT a1, b2 FROM t1, t2 AS b WHERE b2 = a1 AND b2 > 1"));
  }

  @Test
  void joinConditionsAreQualifiedAndAliasesKept() {
    assertEquals("SELECT \"T1\".\"A1\" AS \"Y\" FROM \"T1\" INNER JOIN \"T2\""
        + " ON \"T1\".\"A1\" = \"T2\".\"B2\"",
        qualified("SELECT a1 AS y FROM t1 JOIN t2 ON a1 = b2"));
  }

  @Test
  void columnsOfSeveralTablesAndUnknownNamesAreLeftToTheValidator() {
    assertEquals("SELECT \"ID\", \"X\", \"NOPE\", \"T1\".\"A1\" FROM \"T1\", \"T2\"",
        qualified("SELECT id, x, nope, a1 FROM t1, t2"));
  }

  @Test
  void orderByAndGroupByMayNameSelectAliasesSoTheyStayAsWritten() {
    assertEquals("SELECT \"T1\".\"A1\" AS \"B2\", COUNT(*) FROM \"T1\" GROUP BY \"A1\""
        + " ORDER BY \"B2\"",
        qualified("SELECT a1 AS b2, COUNT(*) FROM t1 GROUP BY a1 ORDER BY b2"));
  }

  @Test
  void aSubQueryQualifiesItsOwnTablesOnly() {
    assertEquals("SELECT \"T1\".\"A1\" FROM \"T1\" WHERE EXISTS (SELECT 1 FROM \"T2\""
        + " WHERE \"T2\".\"B2\" = \"A1\")",
        qualified("SELECT a1 FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE b2 = a1)"));
  }

  @Test
  void viewsDerivedTablesUsingAndWithAreNotTouched() {
    assertEquals("SELECT \"A1\" FROM \"V\"", qualified("SELECT a1 FROM v"));
    assertEquals("SELECT \"A1\" FROM (SELECT \"T1\".\"A1\" FROM \"T1\") AS \"S\"",
        qualified("SELECT a1 FROM (SELECT a1 FROM t1) AS s"));
    assertEquals("SELECT \"A1\" FROM \"T1\" INNER JOIN \"T2\" USING (\"ID\")",
        qualified("SELECT a1 FROM t1 JOIN t2 USING (id)"));
    assertEquals("WITH \"T2\" AS (SELECT \"A1\" AS \"B2\" FROM \"T1\") SELECT \"B2\" FROM \"T2\"",
        qualified("WITH t2 AS (SELECT a1 AS b2 FROM t1) SELECT b2 FROM t2"));
  }
}
