/**
 * The randomized F1 stress and its checkers (DESIGN.md "Tests that prove it").
 *
 * <p>Entry points: {@link org.morphdb.stress.StressRunner#run(StressConfig)} returns a
 * {@link org.morphdb.stress.StressReport}; {@link org.morphdb.stress.StressRunner#runCli}
 * is {@code ./morph stress --seeds N --minutes M [--unsafe MODE]} (options in
 * {@link org.morphdb.stress.StressConfig#USAGE}).
 *
 * <p>Each seed gets a fresh database ({@code nodes}, {@code delay}, {@code lag},
 * optionally {@code unsafe}) with table {@code s(id, k, u, v, n, m)}:
 *
 * <ul>
 *   <li><b>Writers</b> ({@link org.morphdb.stress.Writer}), several per node, each owning a
 *       disjoint range of ids, so its model of its rows — built only from acknowledged
 *       commits — is exact. They insert, update indexed columns ({@code k}, the unique
 *       {@code u}, {@code (k, m)}, {@code v}), delete, run multi-statement transactions
 *       (some rolled back on purpose), and read their rows back through the indexed columns.
 *       Half retry through the driver ({@code autoRetry=true}), half retry themselves and
 *       count every 40001 by vendor code and every MR001.
 *   <li><b>The DDL thread</b> loops over CREATE INDEX, CREATE UNIQUE INDEX, DROP INDEX,
 *       ADD/DROP COLUMN, SET/DROP NOT NULL and ADD/DROP CHECK
 *       ({@link org.morphdb.stress.SchemaModel}); some are meant to fail (SET NOT NULL on
 *       {@code m}, which writers leave NULL now and then; CHECK {@code m <> 13}; dropping an
 *       indexed column) and may, with their SQLState only.
 *   <li><b>After every job</b> ({@link org.morphdb.stress.ConsistencyChecker}):
 *       {@code CHECK TABLE}, then in one read-only snapshot every index's equality and range
 *       queries (EXPLAIN says whether each went through an index) against a full scan.
 *       <b>At the end</b>: the same, and the table against the writers' models.
 * </ul>
 *
 * <p>Anything the checkers find is an <i>anomaly</i>; an exception no rule explains is an
 * <i>unexpected error</i>. A seed fixes the DDL sequence and every writer's operations;
 * thread timing and channel lag still vary, so a failing seed replays the same workload,
 * not necessarily the same interleaving. With {@code unsafe=stale-cache} and a lag far
 * above the delay, most seeds find anomalies (that is the point: the checkers work).
 */
package org.morphdb.stress;
