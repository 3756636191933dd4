package org.morphdb.engine.sql.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.catalog.Catalog;

/** Views expand from their SQL; INFORMATION_SCHEMA and SYS tables read TableSource rows. */
class ViewsAndSystemTablesTest extends PlanTestBase {

  @Test
  void viewsExpand() {
    assertQuery("SELECT * FROM v", list(3, 30));
    assertQuery("SELECT v.id, u.x FROM v JOIN u ON v.id = u.t_id", list(3, "u3"));
    PreparedQuery q = prepare("SELECT COUNT(*) FROM v");
    assertEquals(java.util.Set.of(catalog.table("PUBLIC", "T").orElseThrow().id()), q.tableIds());
  }

  @Test
  void viewColumnNamesAndNestedViews() {
    Catalog c = new Tables()
        .table("T", "ID INTEGER PK", "A INTEGER")
        .view("V1", "SELECT id, a * 2 FROM t", "K", "DOUBLED")
        .view("V2", "SELECT k FROM v1 WHERE doubled > 2")
        .catalog();
    MemorySource s = new MemorySource(c, planner).add("T", row(1, 1), row(2, 5));
    assertEquals(List.of(List.of(2)), Tables.rows(
        planner.prepare("SELECT * FROM v2", c, QueryOptions.DEFAULT).execute(s, new Object[0])));
    assertEquals(List.of(List.of(2, 10)), Tables.rows(planner.prepare(
        "SELECT k, doubled FROM v1 WHERE k = 2", c, QueryOptions.ROW_KEY).execute(s, new Object[0])));
  }

  @Test
  void informationSchemaTables() {
    assertQuery("SELECT table_name, table_type FROM information_schema.tables"
        + " WHERE table_schema = 'PUBLIC' ORDER BY table_name",
        list("T", "TABLE"), list("U", "TABLE"), list("V", "VIEW"));
    assertQuery("SELECT column_name, ordinal_position, data_type, is_nullable, jdbc_type,"
        + " column_size FROM information_schema.columns WHERE table_name = 'T'",
        list("ID", 1, "INTEGER", "NO", java.sql.Types.INTEGER, 10),
        list("A", 2, "INTEGER", "YES", java.sql.Types.INTEGER, 10),
        list("B", 3, "VARCHAR(20)", "YES", java.sql.Types.VARCHAR, 20),
        list("C", 4, "DOUBLE", "YES", java.sql.Types.DOUBLE, 15));
    assertQuery("SELECT column_name FROM information_schema.columns WHERE table_name = 'V'",
        list("ID"), list("A"));
    assertQuery("SELECT index_name, column_names, is_unique, state FROM information_schema.indexes"
        + " ORDER BY index_name", list("IDX_A", "A", false, "PUBLIC"),
        list("IDX_B", "B", false, "WRITE_ONLY"));
    assertQuery("SELECT table_name, column_name, ordinal_position FROM information_schema.key_columns"
        + " ORDER BY table_name", list("T", "ID", 1), list("U", "ID", 1));
    assertQuery("SELECT schema_name FROM information_schema.schemata",
        list("INFORMATION_SCHEMA"), list("PUBLIC"), list("SYS"));
  }

  @Test
  void sysTablesComeFromTheSource() {
    source.system("SYS", "NODES", row(0, 1, 123L))
        .system("SYS", "DDL_JOBS", row(7L, "CREATE INDEX I ON T(A)", "T", "DONE", "PUBLIC", 4L, 4L,
            1_700_000_000_000L, null, null));
    assertQuery("SELECT node_id, catalog_version, complete_until_ts FROM sys.nodes", list(0, 1, 123L));
    assertQuery("SELECT job_id, state, rows_done FROM sys.ddl_jobs WHERE table_name = 'T'",
        list(7L, "DONE", 4L));
    assertQuery("SELECT * FROM sys.schema_versions");
  }

  @Test
  void systemTableColumnsAreExact() {
    assertEquals(List.of("VERSION", "ACTIVATION_TS", "STATEMENT"),
        prepare("SELECT * FROM sys.schema_versions").columns().stream().map(c -> c.name()).toList());
    assertEquals(10, prepare("SELECT * FROM sys.ddl_jobs").columns().size());
    assertEquals(12, prepare("SELECT * FROM information_schema.columns").columns().size());
    assertEquals(List.of("SEQUENCE_SCHEMA", "SEQUENCE_NAME", "DATA_TYPE", "START_VALUE", "MINIMUM_VALUE",
        "MAXIMUM_VALUE", "INCREMENT", "CYCLE_OPTION", "CACHE"),
        prepare("SELECT * FROM information_schema.sequences").columns().stream().map(c -> c.name()).toList());
    assertTrue(SystemTables.find("SYS", "NODES").isPresent());
  }
}
