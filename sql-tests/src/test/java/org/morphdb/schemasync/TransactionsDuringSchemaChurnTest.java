package org.morphdb.schemasync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.morphdb.schemasync.Scenario.rows;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.jdbc.MorphConnection;

/**
 * Rules 1–9 together, in explicit transactions: three connections (one per node) run
 * transfers between accounts through {@code runInTransaction} — read two balances, write
 * both back changed, record the transfer — while another connection loops ADD COLUMN C INT,
 * widen C to BIGINT, RENAME COLUMN C TO D, DROP COLUMN D on ACCOUNTS. Transactions that
 * straddle a change are aborted (1001/1002) and retried by {@code runInTransaction}; no
 * error escapes, and the final tables equal a model of the units that returned.
 *
 * <p>Each connection moves money among its own accounts only, so lock conflicts are not
 * what is tested here. The DDL loop pauses {@value #DDL_PAUSE_MS} ms between statements: a
 * unit (well under a millisecond without churn) must be able to finish between two changes,
 * since by rule 2 any change of ACCOUNTS aborts every unit that straddles it.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class TransactionsDuringSchemaChurnTest {
  private static final int WRITERS = 3;
  private static final int ACCOUNTS_EACH = 5;
  private static final int INITIAL = 1000;
  private static final long RUN_MS = 3000;
  private static final int DDL_PAUSE_MS = 50;

  private Scenario db;

  @AfterEach
  void tearDown() throws SQLException {
    db.close();
  }

  @Test
  void noErrorEscapesAndTheTablesEqualTheModelOfCommittedWork() throws Exception {
    db = Scenario.open("nodes=3");
    db.admin("CREATE TABLE ACCOUNTS (ID INT PRIMARY KEY, OWNER INT NOT NULL, BALANCE BIGINT)",
        "CREATE TABLE TRANSFERS (ID BIGINT PRIMARY KEY, FROM_ID INT, TO_ID INT, AMOUNT INT)");
    Map<Integer, Long> balances = new ConcurrentHashMap<>();
    for (int i = 0; i < WRITERS * ACCOUNTS_EACH; i++) {
      db.admin("INSERT INTO ACCOUNTS VALUES (" + i + ", " + i / ACCOUNTS_EACH + ", " + INITIAL + ")");
      balances.put(i, (long) INITIAL);
    }
    Map<Long, String> transfers = new ConcurrentHashMap<>();
    AtomicInteger attempts = new AtomicInteger();

    Churn churn = new Churn();
    for (int w = 0; w < WRITERS; w++) {
      MorphConnection c = db.connect("node=" + w).unwrap(MorphConnection.class);
      Teller teller = new Teller(w, c, balances, transfers, attempts);
      churn.worker("teller " + w, teller::transfer);
    }
    churn.columnChurn(db.connect("node=0"), "ACCOUNTS", DDL_PAUSE_MS);
    churn.runFor(RUN_MS);

    List<String> expectedAccounts = new ArrayList<>();
    new TreeMap<>(balances).forEach((id, b) -> expectedAccounts.add(id + ", " + b));
    assertEquals(expectedAccounts, rows(db.admin(), "SELECT ID, BALANCE FROM ACCOUNTS ORDER BY ID"));
    List<String> expectedTransfers = new ArrayList<>();
    new TreeMap<>(transfers).forEach((id, t) -> expectedTransfers.add(id + ", " + t));
    assertEquals(expectedTransfers, rows(db.admin(), "SELECT ID, FROM_ID, TO_ID, AMOUNT FROM TRANSFERS ORDER BY ID"));
    assertEquals(List.of(String.valueOf((long) INITIAL * WRITERS * ACCOUNTS_EACH)),
        rows(db.admin(), "SELECT SUM(BALANCE) FROM ACCOUNTS"));
    assertTrue(attempts.get() > transfers.size(), "no unit straddled a change, so nothing was proven: "
        + attempts.get() + " attempts for " + transfers.size() + " committed units");
  }

  /** One connection's units of work; the model changes only when runInTransaction returns. */
  private static final class Teller {
    private final int id;
    private final MorphConnection c;
    private final Map<Integer, Long> balances;
    private final Map<Long, String> transfers;
    private final AtomicInteger attempts;
    private final Random random;

    Teller(int id, MorphConnection c, Map<Integer, Long> balances, Map<Long, String> transfers,
        AtomicInteger attempts) {
      this.id = id;
      this.c = c;
      this.balances = balances;
      this.transfers = transfers;
      this.attempts = attempts;
      this.random = new Random(id);
    }

    void transfer(int i) throws SQLException {
      int from = id * ACCOUNTS_EACH + random.nextInt(ACCOUNTS_EACH);
      int to = id * ACCOUNTS_EACH + (from - id * ACCOUNTS_EACH + 1 + random.nextInt(ACCOUNTS_EACH - 1)) % ACCOUNTS_EACH;
      int amount = 1 + random.nextInt(100);
      long transferId = id * 1_000_000L + i;

      long[] read = c.runInTransaction(tx -> {
        attempts.incrementAndGet();
        long fromBalance = balance(tx, from);
        long toBalance = balance(tx, to);
        try (PreparedStatement set = tx.prepareStatement("UPDATE ACCOUNTS SET BALANCE = ? WHERE ID = ?")) {
          set.setLong(1, fromBalance - amount);
          set.setInt(2, from);
          expectOne(set.executeUpdate());
          set.setLong(1, toBalance + amount);
          set.setInt(2, to);
          expectOne(set.executeUpdate());
        }
        expectOne(Scenario.update(tx, "INSERT INTO TRANSFERS VALUES (" + transferId + ", " + from + ", " + to
            + ", " + amount + ")"));
        return new long[] {fromBalance, toBalance};
      });

      // committed: the unit read what the model says the committed state was
      if (read[0] != balances.get(from) || read[1] != balances.get(to)) {
        throw new AssertionError("transfer " + transferId + " read " + read[0] + "/" + read[1]
            + " but the committed balances were " + balances.get(from) + "/" + balances.get(to));
      }
      balances.put(from, read[0] - amount);
      balances.put(to, read[1] + amount);
      transfers.put(transferId, from + ", " + to + ", " + amount);
    }

    private static long balance(Connection tx, int account) throws SQLException {
      try (PreparedStatement q = tx.prepareStatement("SELECT BALANCE FROM ACCOUNTS WHERE ID = ?")) {
        q.setInt(1, account);
        try (ResultSet rs = q.executeQuery()) {
          if (!rs.next()) {
            throw new AssertionError("account " + account + " is missing");
          }
          return rs.getLong(1);
        }
      }
    }

    private static void expectOne(int count) {
      if (count != 1) {
        throw new AssertionError("expected one row changed, got " + count);
      }
    }
  }
}
