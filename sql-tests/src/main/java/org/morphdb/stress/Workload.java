package org.morphdb.stress;

import java.util.Random;

/**
 * The stress table and the values writers put in it. Every writer owns a disjoint range of
 * ids, so its own model of its rows is exact: nobody else writes them.
 */
final class Workload {
  private Workload() {}

  static final String TABLE = "S";
  static final String CREATE_TABLE =
      "CREATE TABLE s (id INT PRIMARY KEY, k INT, u INT, v VARCHAR(20), n INT, m INT)";
  /** Ids of writer w are {@code w * ID_SPACE_PER_WRITER + 1 ..}. */
  static final int ID_SPACE_PER_WRITER = 1_000;
  /** {@code u = generation * U_STEP + id}: unique across rows whatever the generation. */
  static final int U_STEP = 100_000;
  static final int K_VALUES = 40;
  /** The value of {@code m} that {@code CHECK (m <> 13)} forbids. */
  static final int FORBIDDEN_M = 13;

  static final String INSERT = "INSERT INTO s (id, k, u, v, n, m) VALUES (?, ?, ?, ?, ?, ?)";
  static final String UPDATE_K = "UPDATE s SET k = ? WHERE id = ?";
  static final String UPDATE_U = "UPDATE s SET u = ? WHERE id = ?";
  static final String UPDATE_KM = "UPDATE s SET k = ?, m = ? WHERE id = ?";
  static final String UPDATE_VNM = "UPDATE s SET v = ?, n = ?, m = ? WHERE id = ?";
  static final String DELETE = "DELETE FROM s WHERE id = ?";
  static final String READ_ROW = "SELECT id, k, u, v, n, m FROM s WHERE id = ?";
  static final String BY_K = "SELECT id FROM s WHERE k = ?";
  static final String BY_U = "SELECT id FROM s WHERE u = ?";
  static final String BY_KM = "SELECT id FROM s WHERE k = ? AND m = ?";
  static final String ALL_ROWS = "SELECT id, k, u, v, n, m FROM s";

  // --- the parent/child pair the DDL loop adds and drops a FOREIGN KEY between ---------------

  static final String PARENT_TABLE = "SP";
  static final String CHILD_TABLE = "SC";
  static final String CREATE_PARENT = "CREATE TABLE sp (id INT PRIMARY KEY, w INT)";
  static final String CREATE_CHILD = "CREATE TABLE sc (id INT PRIMARY KEY, pid INT)";
  static final String FK_NAME = "FK_SC";
  /** Parent keys are 1..PARENTS, shared by every writer; children also refer to PARENTS + 1..3, never a key. */
  static final int PARENTS = 30;
  /** Child ids of family writer w are {@code FIRST_CHILD + w * ID_SPACE_PER_WRITER ..}. */
  static final int FIRST_CHILD = 1_000_000;
  static final int CHILDREN_PER_WRITER = 40;
  static final String INSERT_PARENT = "INSERT INTO sp (id, w) VALUES (?, ?)";
  static final String DELETE_PARENT = "DELETE FROM sp WHERE id = ?";
  static final String MOVE_PARENT = "UPDATE sp SET id = ? WHERE id = ?";
  static final String INSERT_CHILD = "INSERT INTO sc (id, pid) VALUES (?, ?)";
  static final String MOVE_CHILD = "UPDATE sc SET pid = ? WHERE id = ?";
  static final String DELETE_CHILD = "DELETE FROM sc WHERE id = ?";
  /** Before the key is added: the orphans left while there was none (the add may still meet new ones). */
  static final String DELETE_ORPHANS = "DELETE FROM sc WHERE pid IS NOT NULL AND pid NOT IN (SELECT id FROM sp)";
  /** Children whose parent is missing, at one snapshot. */
  static final String ORPHANS =
      "SELECT sc.id, sc.pid FROM sc LEFT JOIN sp ON sp.id = sc.pid WHERE sc.pid IS NOT NULL AND sp.id IS NULL";

  static int firstId(int writer) {
    return writer * ID_SPACE_PER_WRITER + 1;
  }

  static int ownerOf(int id) {
    return (id - 1) / ID_SPACE_PER_WRITER;
  }

  static StressRow newRow(Random rnd, int id) {
    return new StressRow(id, k(rnd), u(rnd, id), v(rnd), n(rnd), m(rnd));
  }

  static int k(Random rnd) {
    return rnd.nextInt(K_VALUES);
  }

  static int u(Random rnd, int id) {
    return rnd.nextInt(20_000) * U_STEP + id;
  }

  static String v(Random rnd) {
    return rnd.nextInt(20) == 0 ? null : "v" + (char) ('a' + rnd.nextInt(8));
  }

  static int n(Random rnd) {
    return rnd.nextInt(100);
  }

  /** NULL 3 % of the time, 13 (forbidden by CHECK (m <> 13)) 5 % of the time. */
  static Integer m(Random rnd) {
    return rnd.nextInt(33) == 0 ? null : rnd.nextInt(20);
  }
}
