package org.morphdb.engine.tx;

import org.morphdb.engine.storage.KeyRange;

/** Names of lockable things, with a readable description for error messages. */
public sealed interface LockName {
  String describe();

  /** A whole table (S for scans; IS/IX under row locks). */
  record Table(int tableId, String tableName) implements LockName {
    @Override
    public boolean equals(Object o) {
      return o instanceof Table t && t.tableId == tableId;
    }

    @Override
    public int hashCode() { return Integer.hashCode(tableId) * 31 + 7; }

    @Override
    public String describe() { return "table " + tableName; }
  }

  /** A key in a keyspace: a row by primary key, or a UNIQUE index value key. */
  record KeyInSpace(long space, Object key) implements LockName {
    // Written out: a record's generated equals and hashCode go through method handles,
    // which showed up in profiles of every write (one row lock each).
    @Override
    public boolean equals(Object o) {
      return o instanceof KeyInSpace k && k.space == space && k.key.equals(key);
    }

    @Override
    public int hashCode() { return Long.hashCode(space) * 31 + key.hashCode(); }

    @Override
    public String describe() { return "key " + key + " in space " + space; }
  }

  /**
   * One transaction's shared lock on a range of a table's primary keys ({@link RangeLocks}):
   * its own name per owner, so that each range lock has one holder and a writer that waits
   * for it waits for exactly that transaction.
   */
  record KeyRangeOf(Table table, KeyRange range, long ownerTx) implements LockName {
    @Override
    public String describe() {
      return "key range " + range.low() + " .. " + range.high() + " of " + table.describe();
    }
  }
}
