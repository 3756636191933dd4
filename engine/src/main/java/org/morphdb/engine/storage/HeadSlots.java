package org.morphdb.engine.storage;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The head pointers of one keyspace's version chains, in arrays instead of a field of each
 * chain. An UPDATE or DELETE stores a young version as its chain's new head; in a field of
 * the chain, an old object somewhere in the heap, every such store dirties a card of its own
 * that G1's concurrent refinement must scan (a quarter of a core under the bench's two
 * writers). Here a card holds the heads of 128 chains.
 *
 * <p>Slots are handed out by {@link #allocate} and given back by {@link #free} once their
 * chain is removed from the space; a freed slot goes to the next new chain. A reader that
 * still holds the removed chain may then read another chain's versions through the slot:
 * {@link VersionChain} reads its {@code removed} flag again after reading through the slot,
 * and a removed chain is absent to every reader anyway.
 *
 * <p>Chunk {@code c} holds {@code 16 << c} slots, so a small space costs 64 bytes and a big one
 * grows without copying: a slot's chunk never moves.
 */
final class HeadSlots {
  private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Version[].class);
  private static final int FIRST = 16;

  private volatile Version[][] chunks = {new Version[FIRST]};
  /** Guarded by this: slots handed out so far, and the freed ones to hand out again. */
  private int next;
  private int[] free = new int[8];
  private int freeCount;

  /** A slot for a new chain, holding null. */
  synchronized int allocate() {
    if (freeCount > 0) {
      return free[--freeCount];
    }
    int slot = next++;
    int chunk = chunkOf(slot);
    Version[][] c = chunks;
    if (chunk == c.length) {
      Version[][] grown = Arrays.copyOf(c, chunk + 1);
      grown[chunk] = new Version[FIRST << chunk];
      chunks = grown;
    }
    return slot;
  }

  /** Gives {@code slot} back for a new chain; it must hold null by now. */
  synchronized void free(int slot) {
    if (freeCount == free.length) {
      free = Arrays.copyOf(free, 2 * freeCount);
    }
    free[freeCount++] = slot;
  }

  Version get(int slot) {
    int chunk = chunkOf(slot);
    return (Version) SLOT.getAcquire(chunks[chunk], offsetOf(slot, chunk));
  }

  void set(int slot, Version head) {
    int chunk = chunkOf(slot);
    SLOT.setRelease(chunks[chunk], offsetOf(slot, chunk), head);
  }

  /** Chunk {@code c} starts at slot {@code FIRST * (2^c - 1)}. */
  private static int chunkOf(int slot) {
    return 31 - Integer.numberOfLeadingZeros(slot / FIRST + 1);
  }

  private static int offsetOf(int slot, int chunk) {
    return slot - FIRST * ((1 << chunk) - 1);
  }
}
