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
  private KeySpace[] spaces;
  private Key[] keys;
  private VersionChain[] chains;
  private int count;
  /** True once chains of two keyspaces were added. */
  private boolean mixed;

  void add(KeySpace space, Key key, VersionChain chain) {
    if (keys == null) {
      spaces = new KeySpace[4];
      keys = new Key[4];
      chains = new VersionChain[4];
    } else if (count == keys.length) {
      int capacity = count * 2;
      spaces = Arrays.copyOf(spaces, capacity);
      keys = Arrays.copyOf(keys, capacity);
      chains = Arrays.copyOf(chains, capacity);
    }
    mixed |= count > 0 && spaces[0] != space;
    spaces[count] = space;
    keys[count] = key;
    chains[count++] = chain;
  }

  /** Links every chain added, each keyspace's in the order they were added. */
  void linkAll(boolean yieldBetween) {
    if (!mixed) {
      if (count > 0) {
        spaces[0].linkAll(keys, chains, 0, count, yieldBetween);
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
