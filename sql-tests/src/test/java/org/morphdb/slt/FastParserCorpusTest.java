package org.morphdb.slt;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;
import org.morphdb.engine.sql.parser.FastParser;
import org.morphdb.engine.sql.parser.MorphParser;
import org.morphdb.engine.sql.parser.SqlTreeDiff;

/**
 * Holds {@link FastParser} to Calcite's parser on every statement of the CI subset of the
 * sqllogictest corpus and of our own slt files: whenever the fast parser returns a tree, it
 * is the tree Calcite's parser makes (classes, operators, literals, names, every position,
 * the unparsed text). And the fast path must keep handling most of the corpus.
 */
class FastParserCorpusTest {
  /**
   * Share of query records the fast parser handles (measured: 93.8%; nearly all the rest are
   * MySQL-only {@code CAST(... AS SIGNED)}).
   */
  static final double QUERY_FLOOR = 0.93;
  /** Share of statement records it handles (measured: 97.8%; the rest: DDL, INSERT SELECT). */
  static final double STATEMENT_FLOOR = 0.97;

  private final AtomicInteger queries = new AtomicInteger();
  private final AtomicInteger fastQueries = new AtomicInteger();
  private final AtomicInteger statements = new AtomicInteger();
  private final AtomicInteger fastStatements = new AtomicInteger();
  /** Query records MorphDB runs (no skipif/onlyif excludes it), and those handled. */
  private final AtomicInteger morphQueries = new AtomicInteger();
  private final AtomicInteger fastMorphQueries = new AtomicInteger();
  private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();

  @Test
  void fastTreesAreCalcitesTrees() throws Exception {
    List<SltSource> sources = new ArrayList<>();
    for (String f : SltCorpusSubsetTest.SUBSET.keySet()) {
      sources.add(SltSource.corpus(f));
    }
    try (Stream<Path> own = Files.list(Path.of("src/test/resources/slt"))) {
      own.filter(p -> p.toString().endsWith(".test")).sorted()
          .forEach(p -> sources.add(SltSource.file(p)));
    }
    sources.parallelStream().forEach(this::check);

    assertTrue(problems.isEmpty(), problems.size() + " differences, e.g.\n"
        + String.join("\n", problems.stream().limit(10).toList()));
    double q = (double) fastQueries.get() / queries.get();
    double s = (double) fastStatements.get() / statements.get();
    String coverage = String.format("fast parser: %d of %d queries (%.1f%%), %d of %d statements"
        + " (%.1f%%); of the queries MorphDB runs %d of %d (%.1f%%)", fastQueries.get(),
        queries.get(), 100 * q, fastStatements.get(), statements.get(), 100 * s,
        fastMorphQueries.get(), morphQueries.get(),
        100.0 * fastMorphQueries.get() / morphQueries.get());
    System.out.println(coverage);
    assertTrue(q >= QUERY_FLOOR && s >= STATEMENT_FLOOR, coverage + " is below the floor");
  }

  private void check(SltSource source) {
    SltScript script;
    try {
      script = source.parse();
    } catch (IOException | SltParseException e) {
      problems.add(source.name() + ": " + e);
      return;
    }
    Batch batch = new Batch(source);
    for (SltRecord r : script.records()) {
      if (r instanceof SltRecord.Query query) {
        queries.incrementAndGet();
        boolean morph = r.appliesTo("morphdb");
        if (morph) {
          morphQueries.incrementAndGet();
        }
        if (batch.add(r.line(), query.sql())) {
          fastQueries.incrementAndGet();
          if (morph) {
            fastMorphQueries.incrementAndGet();
          }
        }
      } else if (r instanceof SltRecord.Statement statement) {
        statements.incrementAndGet();
        if (batch.add(r.line(), statement.sql())) {
          fastStatements.incrementAndGet();
        }
      }
    }
    batch.flush();
  }

  /**
   * Statements the fast parser handled, compared with Calcite's trees a few hundred at a
   * time: Calcite's parser reads them as one script (one parser per batch, not per
   * statement), and the fast parser reads each after as many newlines as the script has lines
   * before it, so the positions are the script's. A batch Calcite's parser rejects is
   * compared one by one.
   */
  private final class Batch {
    static final int SIZE = 200;
    final SltSource source;
    final StringBuilder script = new StringBuilder();
    final List<String> sqls = new ArrayList<>();
    final List<Integer> lines = new ArrayList<>();
    final List<SqlNode> trees = new ArrayList<>();
    int scriptLines;

    Batch(SltSource source) {
      this.source = source;
    }

    /** Whether the fast parser handles {@code sql} (alone; then in the batch's script). */
    boolean add(int line, String sql) {
      if (FastParser.parse(sql) == null) {
        return false;
      }
      if (sql.contains("?") || sql.strip().endsWith(";")) {
        // parameters are numbered across a script; a semicolon would end the statement twice
        compare(line, sql, FastParser.parse(sql));
        return true;
      }
      trees.add(FastParser.parse("\n".repeat(scriptLines) + sql));
      script.append(sql).append(";\n");
      scriptLines += 1 + (int) sql.chars().filter(c -> c == '\n').count();
      sqls.add(sql);
      lines.add(line);
      if (sqls.size() == SIZE) {
        flush();
      }
      return true;
    }

    void flush() {
      if (sqls.isEmpty()) {
        return;
      }
      SqlNodeList list = null;
      try {
        list = SqlParser.create(script.toString(), MorphParser.CONFIG).parseStmtList();
      } catch (Exception e) {
        // one of them is not Calcite's SQL: compared one by one below
      }
      for (int i = 0; i < sqls.size(); i++) {
        if (list == null || list.size() != sqls.size()) {
          compare(lines.get(i), sqls.get(i), FastParser.parse(sqls.get(i)));
        } else {
          String d = SqlTreeDiff.difference(list.get(i), trees.get(i));
          if (d != null) {
            problems.add(source.name() + ":" + lines.get(i) + ": " + sqls.get(i) + "\n    " + d);
          }
        }
      }
      script.setLength(0);
      scriptLines = 0;
      sqls.clear();
      lines.clear();
      trees.clear();
    }

    /** Compares the fast parser's tree of one statement with Calcite's. */
    void compare(int line, String sql, SqlNode fast) {
      String where = source.name() + ":" + line + ": " + sql + "\n    ";
      if (fast == null) {
        problems.add(where + "the fast parser declined it after a newline");
        return;
      }
      try {
        SqlNodeList list = SqlParser.create(sql, MorphParser.CONFIG).parseStmtList();
        String d = list.size() == 1 ? SqlTreeDiff.difference(list.get(0), fast)
            : list.size() + " statements";
        if (d != null) {
          problems.add(where + d);
        }
      } catch (Exception e) {
        problems.add(where + "Calcite's parser fails: " + e.getMessage());
      }
    }
  }
}
