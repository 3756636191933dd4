package org.morphdb.slt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Records not to run, by file and line, each with its reason: read from the tables of
 * {@code docs/slt-skips.md}, whose rows look like
 * {@code | corpus:evidence/slt_lang_update.test | 88, 98 | dialect | why |}. The second column
 * lists the lines of the records' first lines ({@code statement ...} / {@code query ...}), or
 * {@code all} for the whole file. Only rows whose third cell is {@code dialect} are read, so
 * the document may hold other tables and prose.
 */
public final class SltSkips {
  /** No skips. */
  public static final SltSkips NONE = new SltSkips(Map.of(), Set.of());

  private final Map<String, Set<Integer>> lines;
  private final Set<String> files;

  private SltSkips(Map<String, Set<Integer>> lines, Set<String> files) {
    this.lines = lines;
    this.files = files;
  }

  /** Reads a skip document. */
  public static SltSkips read(Path markdown) throws IOException {
    return parse(Files.readAllLines(markdown));
  }

  /** Parses the table rows of a skip document. */
  public static SltSkips parse(List<String> markdown) {
    Map<String, Set<Integer>> lines = new HashMap<>();
    Set<String> files = new HashSet<>();
    for (String row : markdown) {
      String t = row.trim();
      if (!t.startsWith("|")) {
        continue;
      }
      String[] cells = t.substring(1).split("\\|");
      if (cells.length < 3 || !cells[2].trim().equalsIgnoreCase("dialect")) {
        continue;
      }
      String file = cells[0].trim().replace("`", "");
      String which = cells[1].trim();
      if (which.equalsIgnoreCase("all")) {
        files.add(file);
        continue;
      }
      for (String n : which.split("[,\\s]+")) {
        if (!n.isEmpty()) {
          try {
            lines.computeIfAbsent(file, f -> new HashSet<>()).add(Integer.parseInt(n));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad line number '" + n + "' in skip row: " + row);
          }
        }
      }
    }
    return new SltSkips(Map.copyOf(lines), Set.copyOf(files));
  }

  /** Whether the record starting on {@code line} of {@code file} is skipped. */
  public boolean skips(String file, int line) {
    Set<Integer> s = lines.get(file);
    return s != null && s.contains(line);
  }

  /** Whether the whole file is skipped. */
  public boolean skipsFile(String file) {
    return files.contains(file);
  }

  /** How many whole files are listed. */
  public int fileCount() {
    return files.size();
  }

  /** How many single records are listed. */
  public int recordCount() {
    return lines.values().stream().mapToInt(Set::size).sum();
  }
}
