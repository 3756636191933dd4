package org.morphdb.engine.storage;

import java.util.Arrays;

/**
 * The chains one batch wrote that are not yet in their keyspace's key order: linked together
 * once the batch is written, per keyspace, so that a batch of many new keys (a bulk insert,
 * a backfill batch) takes each tree's lock once per run of keys instead of once per key.
 */
final class PendingLinks {
  // Allocated on the first add: most commits of a running table (updates) link nothing, and
  // most others a row and its index entries (room for more is made by doubling).
  private Key[] keys;
  private VersionChain[] chains;
  private int count;
  /** The keyspace of the first chain added. */
  private KeySpace firstSpace;
  /** Each chain's keyspace, made only once chains of a second keyspace were added (then mixed). */
  private KeySpace[] spaces;

  void add(KeySpace space, Key key, VersionChain chain) {
    if (keys == null) {
      keys = new Key[2];
      chains = new VersionChain[2];
      firstSpace = space;
    } else if (count == keys.length) {
      int capacity = count * 2;
      keys = Arrays.copyOf(keys, capacity);
      chains = Arrays.copyOf(chains, capacity);
      if (spaces != null) {
        spaces = Arrays.copyOf(spaces, capacity);
      }
    }
    if (spaces == null && space != firstSpace) {
      spaces = new KeySpace[keys.length];
      Arrays.fill(spaces, 0, count, firstSpace);
    }
    if (spaces != null) {
      spaces[count] = space;
    }
    keys[count] = key;
    chains[count++] = chain;
  }

  /** Links every chain added, each keyspace's in the order they were added. */
  void linkAll(boolean yieldBetween) {
    if (spaces == null) {
      if (count > 0) {
        firstSpace.linkAll(keys, chains, 0, count, yieldBetween);
      }
      return;
    }
    // A commit's writes alternate between a table and its indexes: gather each space's.
    Key[] someKeys = new Key[count];
    VersionChain[] someChains = new VersionChain[count];
    for (int i = 0; i < count; i++) {
      KeySpace space = spaces[i];
      if (space == null) {
        continue;
      }
      int n = 0;
      for (int j = i; j < count; j++) {
        if (spaces[j] == space) {
          someKeys[n] = keys[j];
          someChains[n++] = chains[j];
          spaces[j] = null;
        }
      }
      space.linkAll(someKeys, someChains, 0, n, yieldBetween);
    }
  }
}
