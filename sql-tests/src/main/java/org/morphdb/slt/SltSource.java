package org.morphdb.slt;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A sqllogictest file to run: a file on disk, or a file of the SQLite corpus that the
 * {@code net.hydromatic:sql-logic-test} jar carries under {@code test/} on the classpath. Corpus
 * files are named {@code corpus:PATH} with PATH relative to {@code test/}, e.g.
 * {@code corpus:select1.test} or {@code corpus:index/between/10/slt_good_0.test}.
 */
public final class SltSource {
  /** Prefix of corpus names. */
  public static final String CORPUS = "corpus:";
  private static final String CORPUS_ROOT = "test/";
  private static final String PROBE = CORPUS_ROOT + "select1.test";

  @FunctionalInterface
  private interface Opener {
    InputStream open() throws IOException;
  }

  private final String name;
  private final Opener opener;

  private SltSource(String name, Opener opener) {
    this.name = name;
    this.opener = opener;
  }

  /** A file on disk. */
  public static SltSource file(Path path) {
    return new SltSource(path.toString(), () -> Files.newInputStream(path));
  }

  /** One corpus file, e.g. {@code corpus("select1.test")}. */
  public static SltSource corpus(String path) {
    String resource = CORPUS_ROOT + path;
    if (SltSource.class.getClassLoader().getResource(resource) == null) {
      throw new IllegalArgumentException("no corpus file " + CORPUS + path
          + " (is net.hydromatic:sql-logic-test on the classpath?)");
    }
    return new SltSource(CORPUS + path, () -> {
      InputStream in = SltSource.class.getClassLoader().getResourceAsStream(resource);
      if (in == null) {
        throw new IOException("corpus file vanished: " + resource);
      }
      return in;
    });
  }

  /**
   * The files an argument names: a {@code .test} file; a directory (every {@code *.test} below
   * it, sorted); {@code corpus:FILE}; {@code corpus:DIR} (every corpus file below DIR, sorted);
   * or {@code corpus:} for the whole corpus.
   */
  public static List<SltSource> resolve(String argument) throws IOException {
    if (argument.startsWith(CORPUS)) {
      String path = argument.substring(CORPUS.length());
      if (path.endsWith(".test")) {
        return List.of(corpus(path));
      }
      List<SltSource> files = new ArrayList<>();
      for (String p : corpusFiles(path)) {
        files.add(corpus(p));
      }
      if (files.isEmpty()) {
        throw new IllegalArgumentException("no corpus files under " + argument);
      }
      return files;
    }
    Path path = Path.of(argument);
    if (Files.isRegularFile(path)) {
      return List.of(file(path));
    }
    if (!Files.isDirectory(path)) {
      throw new IllegalArgumentException("no such file or directory: " + argument);
    }
    try (Stream<Path> walk = Files.walk(path)) {
      return walk.filter(p -> p.toString().endsWith(".test") && Files.isRegularFile(p))
          .sorted().map(SltSource::file).toList();
    }
  }

  /** Paths, relative to the corpus root, of the corpus files under {@code dir} ("" for all). */
  public static List<String> corpusFiles(String dir) throws IOException {
    String prefix = dir.isEmpty() || dir.endsWith("/") ? dir : dir + "/";
    URL probe = SltSource.class.getClassLoader().getResource(PROBE);
    if (probe == null) {
      throw new IllegalStateException("the sql-logic-test corpus is not on the classpath");
    }
    List<String> files = new ArrayList<>();
    if (probe.getProtocol().equals("jar")) {
      JarURLConnection connection = (JarURLConnection) probe.openConnection();
      connection.setUseCaches(false);
      try (JarFile jar = connection.getJarFile()) {
        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
          String n = e.nextElement().getName();
          if (n.startsWith(CORPUS_ROOT + prefix) && n.endsWith(".test")) {
            files.add(n.substring(CORPUS_ROOT.length()));
          }
        }
      }
    } else {
      Path root;
      try {
        root = Path.of(probe.toURI()).getParent();
      } catch (URISyntaxException e) {
        throw new IOException(e);
      }
      Path start = root.resolve(prefix);
      if (Files.isDirectory(start)) {
        try (Stream<Path> walk = Files.walk(start)) {
          walk.filter(p -> p.toString().endsWith(".test"))
              .forEach(p -> files.add(root.relativize(p).toString().replace('\\', '/')));
        }
      }
    }
    Collections.sort(files);
    return files;
  }

  /** The name failures and reports use: the path as given, or {@code corpus:PATH}. */
  public String name() {
    return name;
  }

  public SltScript parse() throws IOException, SltParseException {
    try (InputStream in = opener.open()) {
      return SltParser.parse(name, new InputStreamReader(in, StandardCharsets.UTF_8));
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
