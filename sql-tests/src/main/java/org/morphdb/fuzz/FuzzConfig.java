package org.morphdb.fuzz;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.morphdb.slt.SltSource;

/**
 * One fuzz run: which statements it mutates, how many it runs and where.
 *
 * @param seed                    the random seed: the same seed, sources and URL give the same
 *                                statements
 * @param count                   how many mutated statements to run
 * @param url                     the JDBC URL of a database the run creates its tables in
 * @param statementTimeoutMillis  a statement running longer than this is a hang
 * @param sources                 sqllogictest files whose statements and queries are mutated
 * @param out                     where progress and the summary go (null: silent)
 */
public record FuzzConfig(long seed, int count, String url, long statementTimeoutMillis,
                         List<SltSource> sources, PrintStream out) {
  /** Statements of the command's run when not told otherwise. */
  public static final int DEFAULT_COUNT = 100_000;
  /** The default time after which a statement counts as hung. */
  public static final long DEFAULT_STATEMENT_TIMEOUT_MILLIS = 30_000;
  /** Corpus files the statements come from, besides the project's own files. */
  public static final List<String> CORPUS_FILES = List.of("select1.test", "evidence/in1.test",
      "evidence/slt_lang_update.test", "evidence/slt_lang_createview.test",
      "index/delete/10/slt_good_0.test");
  /** Where the project's own sqllogictest files are: from the repository or the module. */
  static final List<Path> OWN_FILES = List.of(Path.of("sql-tests/src/test/resources/slt"),
      Path.of("src/test/resources/slt"));

  static final String USAGE = """
      fuzz [--count N] [--seed S] [--url URL] [--statement-timeout SECONDS]
          Runs N mutated statements (default 100000) against a database with data in it.
          The statements are those of a few SQLite corpus files and of the project's own
          .test files, with tokens dropped, duplicated or swapped, statements spliced,
          extreme literals, very long identifiers and deep nesting put in.
          --seed S     random seed (default: chosen from the clock and printed)
          --url URL    JDBC URL of a fresh database (default jdbc:morph:mem:fuzz_SEED)
          --statement-timeout SECONDS   a statement running longer is a hang (default 30)
          Exit code 1 when a statement failed with anything but an SQLException with a
          SQLState, hung, or left the connection dead, when CHECK TABLE finds a problem
          afterwards, or when the connection no longer answers a known query correctly.
      """;

  public FuzzConfig {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, not " + count);
    }
    if (statementTimeoutMillis < 1) {
      throw new IllegalArgumentException("the statement timeout must be positive");
    }
    if (!url.startsWith("jdbc:")) {
      throw new IllegalArgumentException("not a JDBC URL: " + url);
    }
    sources = List.copyOf(sources);
  }

  /** The corpus files and, when found, the project's own files; {@code count} statements. */
  public static FuzzConfig of(long seed, int count) throws IOException {
    return new FuzzConfig(seed, count, defaultUrl(seed), DEFAULT_STATEMENT_TIMEOUT_MILLIS,
        defaultSources(), null);
  }

  /** {@code jdbc:morph:mem:fuzz_SEED}. */
  public static String defaultUrl(long seed) {
    return "jdbc:morph:mem:fuzz_" + Long.toUnsignedString(seed);
  }

  public FuzzConfig withUrl(String u) {
    return new FuzzConfig(seed, count, u, statementTimeoutMillis, sources, out);
  }

  public FuzzConfig withStatementTimeout(long millis) {
    return new FuzzConfig(seed, count, url, millis, sources, out);
  }

  public FuzzConfig withOut(PrintStream o) {
    return new FuzzConfig(seed, count, url, statementTimeoutMillis, sources, o);
  }

  /** {@link #CORPUS_FILES} and every .test file of the first of {@link #OWN_FILES} there is. */
  public static List<SltSource> defaultSources() throws IOException {
    List<SltSource> out = new ArrayList<>();
    for (String f : CORPUS_FILES) {
      out.add(SltSource.corpus(f));
    }
    for (Path dir : OWN_FILES) {
      if (Files.isDirectory(dir)) {
        out.addAll(SltSource.resolve(dir.toString()));
        break;
      }
    }
    return out;
  }

  /** Parses the command's arguments; an IllegalArgumentException says what is wrong. */
  public static FuzzConfig parse(String[] args) throws IOException {
    long seed = System.nanoTime() ^ System.currentTimeMillis();
    int count = DEFAULT_COUNT;
    String url = null;
    long timeout = DEFAULT_STATEMENT_TIMEOUT_MILLIS;
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      int eq = name.indexOf('=');
      String value;
      if (eq > 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else if (i + 1 < args.length && name.startsWith("--")) {
        value = args[++i];
      } else {
        throw new IllegalArgumentException(name.startsWith("--") ? name + " needs a value"
            : "unexpected argument '" + name + "'");
      }
      switch (name) {
        case "--count" -> count = (int) number(name, value, 1, Integer.MAX_VALUE);
        case "--seed" -> seed = number(name, value, Long.MIN_VALUE, Long.MAX_VALUE);
        case "--url" -> url = value;
        case "--statement-timeout" -> timeout = number(name, value, 1, 86_400) * 1000;
        default -> throw new IllegalArgumentException("unknown option " + name);
      }
    }
    FuzzConfig c = of(seed, count).withStatementTimeout(timeout);
    return url == null ? c : c.withUrl(url);
  }

  private static long number(String option, String value, long min, long max) {
    try {
      long n = Long.parseLong(value.replace("_", ""));
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(String.format(Locale.ROOT,
        "%s needs a whole number%s, not '%s'", option, min > 0 ? " of at least " + min : "",
        value));
  }
}
