package org.morphdb.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The machine and JVM a run measured, as the results document records them. */
record Machine(int cpus, String memory, String java, String jvmOptions, String os,
    double loadAverage, long maxHeapMb) {

  static Machine current() {
    String java = System.getProperty("java.vm.name") + " "
        + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor")
        + ")";
    String options = String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
    String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch");
    return new Machine(Runtime.getRuntime().availableProcessors(), totalMemory(), java,
        options.isBlank() ? "(none)" : options, os,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        Runtime.getRuntime().maxMemory() / (1 << 20));
  }

  /** MemTotal of /proc/meminfo in GiB, or "unknown". */
  private static String totalMemory() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
          return String.format(Locale.ROOT, "%.1f GiB", kb / 1024.0 / 1024.0);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux: say so below
    }
    return "unknown";
  }

  String loadText() {
    return loadAverage < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", loadAverage);
  }
}
