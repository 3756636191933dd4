/**
 * The multi-version key/value store: row KVs and index KVs in keyspaces named by a
 * {@code long} id, each key a chain of versions stamped with commit timestamps.
 *
 * <h2>Committing</h2>
 * <pre>
 *   try (CommitTicket ticket = store.begin()) {   // takes commitTs, puts the commit in flight
 *     long commitTs = ticket.ts();                // look up catalogAt(commitTs), validate,
 *     ticket.apply(batchBuiltForCommitTs);        //   derive index writes, then apply
 *   }                                             // finish: now visible to readers
 * </pre>
 * Release the transaction's locks only after the ticket finished. A ticket closed without
 * {@code apply} is an abort that writes nothing. Every reader at or above {@code commitTs}
 * waits for the ticket, so never leave one open (the wait fails after 60 s).
 *
 * <h2>Reading</h2>
 * <pre>
 *   try (SnapshotHandle snapshot = store.openSnapshot()) {  // fresh ts, registered, visible
 *     store.get(space, key, snapshot.ts());
 *     store.scan(space, KeyRange.prefix(...), snapshot.ts());
 *   }
 * </pre>
 * {@code get} and {@code scan} never wait themselves. A reader that got its ts elsewhere
 * calls {@link org.morphdb.engine.storage.MvccStore#awaitVisible} once before reading, and
 * must hold a registered handle at or below that ts for as long as it reads: versions that
 * no registered reader can see are reclaimed by writes and by {@code vacuum()}.
 *
 * <h2>Backfill</h2>
 * The online index backfill opens a snapshot S, scans the rows at S, may skip rows whose
 * {@code newestVersionTs > S} (their writers maintained the index), and writes index
 * entries stamped S: they land below newer versions, which keep winning. A plain index's
 * backfill goes into sorted runs:
 * <pre>
 *   store.openLog(index, capacity);       // commits append their writes to the index here
 *   RunBuilder run = RunBuilder.at(s, n); // a plain index: the backfill's entries in columns
 *   run.addParts(parts, rowKey);          //   ... for every row unchanged since S
 *   store.attachRun(index, run, cp);      // folds the log in and sorts (later logs open meanwhile), attaches the runs
 *   // on failure instead: store.abandonLog(index) writes the logged writes into chains
 * </pre>
 * A plain index's entries thus become an immutable {@link SortedRun}, and what commits logged
 * while it was sorted smaller ones whose entry of a key hides the older runs'; its keyspace's
 * chains hold every later change, and a reader takes the newest of them. A UNIQUE index's
 * backfill writes chains with {@code putAllAt}, under the writers' value locks, between
 * {@code deferOrder(indexSpace)} and {@code restoreOrder(indexSpace)} (in a {@code finally}):
 * meanwhile its chains only enter the hash map, and the restore builds its B+tree in one
 * sorted pass (no one scans an index before it is PUBLIC). A UNIQUE index's backfill
 * writes chains with {@code putAllAt}, under the writers' value locks.
 */
package org.morphdb.engine.storage;
