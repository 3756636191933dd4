package org.morphdb.engine.tx;

import java.util.AbstractCollection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The open transactions, from their begin until their end released their locks: what an
 * eager abort and a lock that moves the fast-path locks walk. Kept in stripes, each chosen
 * by the thread that begins the transaction, instead of one map keyed by transaction id: with
 * the server's two I/O threads each beginning and ending a transaction per statement, the
 * map's insert and removal of consecutive ids were a tenth of those threads' samples, the
 * two cores passing the same lines of its table back and forth. A transaction remembers its
 * stripe and slot, so leaving is a swap with the stripe's last member and needs no lookup.
 *
 * <p>Iteration sees every transaction that was open when it reached that transaction's stripe
 * (each stripe is copied under its monitor), as a concurrent map's iteration did.
 */
final class OpenTransactions extends AbstractCollection<Transaction> {
  /** One stripe's members, in slots 0..count-1; guarded by its monitor. */
  static final class Stripe {
    private Transaction[] members = new Transaction[4];
    private int count;
    // keeps two stripes' monitors and counts off one cache line (their arrays are apart anyway)
    @SuppressWarnings("unused")
    private long pad1, pad2, pad3, pad4, pad5, pad6;

    private synchronized void add(Transaction tx) {
      if (count == members.length) {
        members = Arrays.copyOf(members, count * 2);
      }
      tx.openSlot = count;
      members[count++] = tx;
    }

    private synchronized void remove(Transaction tx) {
      int slot = tx.openSlot;
      if (slot < 0 || slot >= count || members[slot] != tx) {
        return; // not open here (already removed)
      }
      Transaction last = members[--count];
      members[slot] = last;
      last.openSlot = slot;
      members[count] = null;
      tx.openSlot = -1;
    }

    private synchronized Transaction[] copy() {
      return Arrays.copyOf(members, count);
    }

    private synchronized int size() {
      return count;
    }
  }

  private final Stripe[] stripes;

  OpenTransactions() {
    int wanted = Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
    int n = 1 << (32 - Integer.numberOfLeadingZeros(wanted - 1)); // a power of two, for the mask
    stripes = new Stripe[n];
    for (int i = 0; i < n; i++) {
      stripes[i] = new Stripe();
    }
  }

  /** Registers a transaction that begins on the calling thread. */
  void open(Transaction tx) {
    long thread = Thread.currentThread().getId();
    int h = (int) (thread * 0x9E3779B97F4A7C15L >>> 32); // thread ids are small and consecutive
    Stripe stripe = stripes[h & (stripes.length - 1)];
    tx.openStripe = stripe;
    stripe.add(tx);
  }

  /** Forgets an ended transaction; it may end on another thread than the one it began on. */
  void close(Transaction tx) {
    Stripe stripe = tx.openStripe;
    if (stripe != null) {
      stripe.remove(tx);
    }
  }

  @Override
  public Iterator<Transaction> iterator() {
    List<Transaction> all = new ArrayList<>();
    for (Stripe s : stripes) {
      all.addAll(Arrays.asList(s.copy()));
    }
    return all.iterator();
  }

  @Override
  public int size() {
    int n = 0;
    for (Stripe s : stripes) {
      n += s.size();
    }
    return n;
  }
}
