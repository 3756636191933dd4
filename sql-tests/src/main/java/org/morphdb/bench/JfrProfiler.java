package org.morphdb.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Records a run with Java Flight Recorder (the JDK's "profile" settings: a stack sample per
 * running thread every 10 ms) and names its hot spots: each sample is charged to its
 * innermost frame in MorphDB's engine or driver, Calcite or Janino — so time spent in
 * {@code java.util} on the engine's behalf counts for the engine method that called it —
 * and, separately, to its top frame (self time).
 */
final class JfrProfiler {
  private static final int SHOWN = 10;
  private static final List<String> OWN = List.of("org.morphdb.engine.", "org.morphdb.jdbc.",
      "org.apache.calcite.", "org.codehaus.janino.", "org.codehaus.commons.");

  private final Path dir;

  JfrProfiler(Path dir) {
    this.dir = dir;
  }

  Path dir() {
    return dir;
  }

  /** Work that may fail with a checked exception. */
  @FunctionalInterface
  interface Work<T> {
    T run() throws Exception;
  }

  /** Runs {@code work} under a recording saved as {@code name.jfr}; returns the hot spots too. */
  <T> T profile(String name, Work<T> work, List<String> hotSpots) throws Exception {
    Files.createDirectories(dir);
    Path file = dir.resolve(name + ".jfr");
    T result;
    try (Recording recording = new Recording(Configuration.getConfiguration("profile"))) {
      recording.start();
      result = work.run();
      recording.stop();
      recording.dump(file);
    } catch (ParseException e) {
      throw new IOException("JFR's profile settings cannot be read", e);
    }
    hotSpots.addAll(analyze(file));
    return result;
  }

  /** The hot-spot lines of a recording. */
  static List<String> analyze(Path file) throws IOException {
    Map<String, Integer> engine = new HashMap<>();
    Map<String, Integer> self = new HashMap<>();
    int samples = 0;
    for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
      RecordedStackTrace stack = e.getStackTrace();
      if (!"jdk.ExecutionSample".equals(e.getEventType().getName()) || stack == null
          || stack.getFrames().isEmpty()) {
        continue;
      }
      samples++;
      List<RecordedFrame> frames = stack.getFrames();
      self.merge(name(frames.get(0)), 1, Integer::sum);
      engine.merge(innermostOwn(frames), 1, Integer::sum);
    }
    List<String> lines = new ArrayList<>();
    lines.add(samples + " samples; by innermost engine / driver / Calcite / Janino frame:");
    lines.addAll(top(engine, samples));
    lines.add("by top frame (self time):");
    lines.addAll(top(self, samples));
    return lines;
  }

  private static String innermostOwn(List<RecordedFrame> frames) {
    for (RecordedFrame f : frames) {
      String type = f.getMethod().getType().getName();
      if (OWN.stream().anyMatch(type::startsWith)) {
        return name(f);
      }
    }
    return "(no engine frame) " + name(frames.get(0));
  }

  private static String name(RecordedFrame f) {
    return f.getMethod().getType().getName() + "." + f.getMethod().getName();
  }

  private static List<String> top(Map<String, Integer> counts, int total) {
    return counts.entrySet().stream()
        .sorted((a, b) -> Integer.compare(b.getValue(), a.getValue()))
        .limit(SHOWN)
        .map(en -> String.format(Locale.ROOT, "%5.1f %%  %s", 100.0 * en.getValue() / total,
            en.getKey()))
        .toList();
  }
}
