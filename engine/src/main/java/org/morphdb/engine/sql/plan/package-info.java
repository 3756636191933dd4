/**
 * Query planning and execution with Apache Calcite over MorphDB tables.
 *
 * <h2>Entry points</h2>
 * {@link org.morphdb.engine.sql.plan.QueryPlanner} (one per database, thread-safe) prepares
 * queries into {@link org.morphdb.engine.sql.plan.PreparedQuery}s, which run against a
 * {@link org.morphdb.engine.sql.plan.TableSource} supplied per execution by the transaction
 * layer, and compiles CHECK / DEFAULT expressions into
 * {@link org.morphdb.engine.sql.plan.CompiledExpression}s.
 *
 * <h2>Pipeline</h2>
 * parse ({@code MorphParser}) → lift literals ({@link org.morphdb.engine.sql.plan.LiteralLifter})
 * → plan cache lookup → validate ({@link org.morphdb.engine.sql.plan.MorphValidator}) →
 * SqlToRel (views expanded from their SQL, sub-queries kept as RexSubQuery) → integer
 * arithmetic made overflow-checked → sub-queries to correlates, decorrelation, field trimming
 * (pushed into the scans) → logical rewrites and join ordering (Hep) → access paths and
 * Enumerable operators (Volcano) → Calcs → Java code compiled by Janino
 * ({@code EnumerableInterpretable}). See {@link org.morphdb.engine.sql.plan.MorphRules}.
 *
 * <h2>Caching</h2>
 * Calcite schemas are built once per catalog version (and a second variant with
 * {@code $ROWKEY} on first use). Plans are cached by (catalog version, row-key exposure,
 * statement text with numeric and string literals lifted into parameters, declared parameter
 * types); equal literals share a parameter, ordinals / LIMIT / OFFSET / FETCH / window frames
 * stay literal. A statement whose lifted form does not validate (an operator needing a literal)
 * is planned again with its literals in place. The exact SQL text is cached in front, so a
 * repeated statement is not even parsed. Lifted literals are typed as the literal was (DECIMALs
 * with at least 19 digits, strings VARCHAR) but nullable, as Calcite types all parameters: the
 * metadata of a constant result column therefore says nullable.
 *
 * <h2>Execution</h2>
 * Generated code reaches the {@code TableSource} through the DataContext only:
 * {@code root.get("morph.source")}; parameter values are {@code root.get("?0")}, ... (the
 * caller's first, then the lifted literals); each scan's {@link org.morphdb.engine.sql.plan.ScanSpec}
 * is stashed in the DataContext at code generation. CURRENT_TIMESTAMP and friends are fixed
 * for the whole execution.
 *
 * <h2>Semantics chosen (following H2 where the standard leaves room)</h2>
 * <ul>
 *   <li>NULLs sort as the lowest values: first in ASC, last in DESC (H2, SQLite).</li>
 *   <li>Integer {@code + - * /} fail with 22003 on overflow; division by zero is 22012.
 *       SUM of integers is BIGINT (its own overflow is not checked); AVG of integers is
 *       DOUBLE; integer division truncates.</li>
 *   <li>CASE / UNION of strings of different lengths is VARCHAR, never blank-padded CHAR.</li>
 *   <li>DECIMAL has up to 100 digits; a DECIMAL column declared without precision is
 *       DECIMAL(100, 40) to Calcite (values keep their own scale).</li>
 *   <li>TIME and TIMESTAMP carry milliseconds (precision 3).</li>
 *   <li>A parameter whose type nothing determines ({@code SELECT ?}) is VARCHAR.</li>
 *   <li>INTERVAL results are returned as text.</li>
 * </ul>
 *
 * <h2>Access paths</h2>
 * {@link org.morphdb.engine.sql.plan.IndexAccessRule} turns a Filter over a
 * {@link org.morphdb.engine.sql.plan.MorphTableScan} into a
 * {@link org.morphdb.engine.sql.plan.MorphPkLookup} when equalities fix the whole primary key,
 * and into a {@link org.morphdb.engine.sql.plan.MorphIndexScan} for each PUBLIC index whose
 * leading columns are constrained; Volcano picks the cheapest. Range comparisons also stay in
 * the residual filter, so the storage's ordering of NULLs never matters. Row counts come from
 * the planner's {@code rowCountEstimate} (default 1000), fixed per catalog version. A join can
 * become a Correlate whose inner side is such a lookup per outer row (index nested loops).
 *
 * <h2>Costs (2-core machine, warm JVM)</h2>
 * A new statement costs about 10–40 ms, two thirds of it Janino compiling the generated code
 * (Calcite's interpreter was considered for first executions and rejected: it has no Calc or
 * Correlate, joins by nested loops, and compiles its expressions with Janino anyway). A
 * statement differing only in literals from a cached one costs about 0.03 ms; the same text
 * again about 0.004 ms. Joins of more than 10 tables are ordered greedily: a 64-table comma
 * join plans and compiles in about half a second. {@link
 * org.morphdb.engine.sql.plan.QueryPlanner#warmUp()} moves the one-off class loading (seconds)
 * off the first statement.
 */
package org.morphdb.engine.sql.plan;
