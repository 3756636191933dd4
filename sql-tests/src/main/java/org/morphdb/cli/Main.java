package org.morphdb.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code morph} command line: {@code shell}, {@code server}, {@code slt}, {@code demo}, {@code bench},
 * {@code stress} and {@code fuzz}.
 */
public final class Main {
  static final String USAGE = """
      Usage: morph <command> [options]

      Commands:
        shell [URL] [--url URL] [SQLLINE-OPTIONS...]
            Interactive SQL shell (sqlline) on URL, default jdbc:morph:mem:shell; a server's
            database is jdbc:morph://host[:port]/NAME (see server).
            Further options go to sqlline, e.g. -e "SELECT 1" runs one command and exits;
            type !help in the shell for its commands, !quit to leave.

        server [--port P] [--host H] [--db NAME=URL ...] [--allow-create]
               [--idle-timeout T] [--max-frame BYTES] [--users FILE] [--tls-cert F --tls-key F]
            Hosts databases for other processes: clients connect with
            jdbc:morph://H:P/NAME (user, password, fetchSize, socketTimeout, connectTimeout
            and the embedded options may follow after ';'). Prints where it listens; runs
            until Ctrl-C or SIGTERM, which roll back open transactions and close everything.
            --port P      TCP port (default 9123; 0: any free port)
            --host H      address to listen on (default localhost: only this machine)
            --db NAME=URL a database clients reach as NAME, an embedded URL such as
                          jdbc:morph:mem:sales;nodes=3 or jdbc:morph:file:DIR (repeatable;
                          default main=jdbc:morph:mem:main unless --allow-create is given)
            --allow-create  clients may create in-memory databases by naming them
            --idle-timeout T  close a connection silent for T (default 10m; 0: never): its
                          transaction rolls back and its locks are released
            --max-frame BYTES  largest request accepted (default 16777216)
            --users FILE  require a login: users with SCRAM-SHA-256 verifiers, one per line
                          as 'morph user NAME' prints them; a wrong login is 28000
            --tls-cert F --tls-key F  serve TLS with this PEM certificate chain and PKCS#8
                          key; clients add ;tls=true (and tlsCert=FILE to trust a
                          self-signed one); --tls-client-ca F also requires client
                          certificates signed by that CA (clients add
                          tlsKeyStore=FILE;tlsKeyStorePassword=PW)

        user NAME
            Reads a password (console, or the first line of stdin) and prints the line of a
            --users file for it: NAME:SCRAM-SHA-256$4096:SALT$STORED_KEY:SERVER_KEY.

        slt [--url URL] [--failures N] [--file-timeout T] PATH...
            Run sqllogictest files and print passed / failed / skipped records per file and
            in total. PATH is a .test file, a directory (every *.test below it), or
            corpus:NAME for the SQLite corpus on the classpath: corpus:select1.test,
            corpus:evidence, corpus:index/between/10, or corpus: for all 622 files.
            --url URL     JDBC URL of the databases, a fresh one per file: {db} is replaced
                          by its name, a URL ending in ':' gets the name appended
                          (default jdbc:morph:mem:{db}; e.g. jdbc:h2:mem: to compare with H2).
                          skipif/onlyif compare with the engine named by the URL: morphdb,
                          h2, hsqldb, ...
            --failures N  failures shown per file (default 3)
            --file-timeout T  stop a file after T (120s, 2m, 500ms; default: no limit); it
                          counts as failed, with what it did until then
            Exit code 1 when a record fails, a file times out or cannot be run.

        slt --report [--sample N] [--engines morphdb,h2,hsqldb] [--out FILE]
                     [--file-timeout T] [--skips FILE] [PATH...]
            Run the files (default corpus:, the whole SQLite corpus) on MorphDB, H2 and
            HSQLDB in one run, file by file, with one progress line per file, and write a
            markdown report (default docs/slt.md): records passed / failed / skipped, time
            and records per second per directory and in total for each engine, MorphDB's
            records per second over H2's, the machine and the command that reproduces it.
            --sample N    only the first N files of each directory
            --engines L   which engines, in this order (default morphdb,h2,hsqldb)
            --file-timeout T  time limit per file and engine (default 300s): a file that
                          reaches it is stopped and reported as timed out with what it did
            --skips FILE  records MorphDB skips (default docs/slt-skips.md, as in CI)
            Exit code 0 when the report was written, whatever the records did.

        fuzz [--count N] [--seed S] [--url URL] [--statement-timeout SECONDS]
            Seeded fuzzing for bad input: N mutated statements (default 100000) from SQLite
            corpus files and the project's own .test files, against a database with data.
            Prints progress and the statements by outcome: ok, SQLException per SQLState
            class, failures. Exit code 1 on anything but an SQLException with a SQLState, a
            hang, a dead connection, an unclean CHECK TABLE afterwards, or a wrong answer to
            a known query. ./morph fuzz --help lists every option.

        demo [--rows N] [--quick] [--compare] [--server] [--writers N] [--readers N] [--chart FILE] [--file DIR]
            Online schema changes under load, on jdbc:morph:mem:demo;nodes=3: loads a table
            (N rows, default 1000000), starts writer and reader threads spread over the 3
            nodes, then runs one after another CREATE INDEX, CREATE UNIQUE INDEX (one that
            succeeds, one on a column with duplicates that must fail with 23505), ADD COLUMN
            ... DEFAULT, DROP COLUMN, DROP INDEX. Shows a progress bar per DDL job (state,
            step, rows backfilled, from SYS.DDL_JOBS) and the live throughput; then a table
            per DDL (duration, writer throughput before / during / after, transactions
            retried, errors surfaced), CHECK TABLE, and a chart of throughput over time with
            the F1 steps marked (SVG, default demo-throughput.svg).
            --quick       short pauses around the schema changes (for a quick look or a test)
            --compare     run the same workload on H2 too and compare its writers during
                          CREATE INDEX with MorphDB's
            --server      run every connection of the demo through a MorphDB server on localhost
                          (jdbc:morph://localhost:PORT/demo) instead of embedded
            --writers N   writer threads (default 3); --readers N: reader threads (default 3)
            --file DIR    run MorphDB on a durable database in DIR (jdbc:morph:file:DIR;nodes=3)
            Exit code 1 when an error reached the application, CHECK TABLE is not clean, a
            row is missing or a schema change did not end as expected.

        bench [--quick] [--rows N] [--profile] [--doc FILE | --no-doc]
            MorphDB against H2 and HSQLDB, each embedded in memory in this JVM with the same
            JDBC code: point select, auto-commit insert, index range scan, join + group by,
            bulk load, heap per 1M rows, and writers during CREATE INDEX (as fast as they go,
            and at a fixed load of half that). Prints the figures, the ratios and the targets
            of docs/benchmarks.md, and refreshes that file's generated section (the real run
            only). Takes about 5 to 10 minutes.
            --quick       tiny sizes and windows: a smoke run in well under a minute
            --rows N      rows of the big table (default 1000000; 10000 with --quick)
            --profile     record MorphDB's runs with JFR and list their hot spots
            --doc FILE    write the results there (also with --quick); --no-doc: nowhere

        bench-remote [--quick] [--rows N] [--seconds S]
            Server round trips on loopback, one run: MorphDB's server against H2's TCP server
            and HSQLDB's server (all in this JVM), point select by primary key and auto-commit
            insert with 1 and 16 client threads; ops/s and MorphDB's ratio to the faster.
        bench-remote --index-build [--compare] [--quick] [--rows N] [--seconds S]
            Writers on 8 client connections, their writes/s before and during a CREATE INDEX
            sent by another client on the N-row table (default 1,000,000); --compare adds
            H2's and HSQLDB's servers.
        bench --durable [--quick] [--rows N]
            File databases side by side: MorphDB (durability=sync and async), H2 and HSQLDB
            file modes (default and commit-synced): auto-commit inserts/s with 1, 4 and 16
            threads, bulk load, files' size, reopen after a clean close and after a crash.

        stress [--seeds N] [--minutes M | --seconds S] [--unsafe stale-cache|skip-states] ...
            Randomized F1 stress on several lagging nodes while DDL jobs run; CHECK TABLE and
            a model check after every job. In an unsafe mode it reports how many seeds found
            anomalies. ./morph stress --help lists every option.

        crashtest [--kills N] [--seed S] [--writers N] [--async] [--dir DIR] [--target morph|h2|hsqldb]
            Kills a child JVM writing to a file database (and running DDL) with SIGKILL N
            times (default 20) at random moments; after each kill reopens the database and
            checks every acknowledged commit is there whole, CHECK TABLE is clean and no DDL
            job or index is left half-way. Exit code 1 on any failure. --target h2|hsqldb
            kills a child inserting auto-commit rows into H2 or HSQLDB (default settings)
            and counts the acknowledged commits each reopen does not find.

        --help
            This text.

      The first run of ./morph builds the project with Maven; set MORPH_JAVA_OPTS for JVM
      options (e.g. -Xmx4g).
      """;

  private Main() {
  }

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command; returns the exit code (0 ok, 1 failed, 2 usage error). */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      err.print(USAGE);
      return 2;
    }
    List<String> rest = Arrays.asList(args).subList(1, args.length);
    try {
      return switch (args[0]) {
        case "--help", "-h", "help" -> {
          out.print(USAGE);
          yield 0;
        }
        case "shell" -> ShellCommand.run(rest, err);
        case "server" -> ServerCommand.run(rest, out);
        case "user" -> ServerCommand.user(rest, out);
        case "bench-remote" -> RemoteBenchCommand.run(rest, out);
        case "slt" -> SltCommand.run(rest, out);
        case "demo" -> DemoCommand.run(rest, out);
        case "bench" -> BenchCommand.run(rest, out);
        case "stress" -> org.morphdb.stress.StressRunner.runCli(rest.toArray(String[]::new), out, err);
        case "fuzz" -> org.morphdb.fuzz.FuzzRunner.runCli(rest.toArray(String[]::new), out, err);
        case "crashtest" -> org.morphdb.crash.CrashTest.runCli(rest.toArray(String[]::new), out, err);
        default -> throw new UsageException("unknown command '" + args[0] + "'");
      };
    } catch (UsageException e) {
      err.println("morph: " + e.getMessage());
      err.println("Run 'morph --help' for usage.");
      return 2;
    } catch (IOException e) {
      err.println("morph: " + e);
      return 1;
    }
  }
}
