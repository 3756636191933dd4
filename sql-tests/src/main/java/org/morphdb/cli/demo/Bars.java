package org.morphdb.cli.demo;

import java.io.PrintStream;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.InteractiveConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Makes the demo's progress bars. On a terminal they redraw in place, one line each; when the
 * output is a pipe or a file every refresh is printed as a line of its own, less often.
 */
final class Bars {
  static final int NAME_WIDTH = 27;
  private static final int LINE_WIDTH = 150;

  private final PrintStream out;
  private final boolean interactive;

  Bars(PrintStream out, boolean interactive) {
    this.out = out;
    this.interactive = interactive;
  }

  /** True when {@code out} is this process's terminal. */
  static boolean isTerminal(PrintStream out) {
    return out == System.out && System.console() != null;
  }

  /** A bar named {@code name}; {@code max} −1 makes it indefinite until a max is known. */
  ProgressBar bar(String name, long max, String unit) {
    return bar(name, max, unit, true);
  }

  /** The same, without the estimated time left when {@code eta} is false. */
  ProgressBar bar(String name, long max, String unit, boolean eta) {
    ProgressBarBuilder b = new ProgressBarBuilder()
        .setTaskName(name.length() > NAME_WIDTH ? name.substring(0, NAME_WIDTH) : name
            + " ".repeat(NAME_WIDTH - name.length()))
        .setInitialMax(max)
        .setUpdateIntervalMillis(interactive ? 200 : 2000)
        .setConsumer(consumer())
        .setStyle(interactive ? ProgressBarStyle.COLORFUL_UNICODE_BLOCK : ProgressBarStyle.ASCII);
    if (unit != null) {
      b.setUnit(" " + unit, 1);
    }
    if (!eta) {
      b.hideEta();
    }
    return b.build();
  }

  private ProgressBarConsumer consumer() {
    if (interactive) {
      return new InteractiveConsoleProgressBarConsumer(out);
    }
    return new DelegatingProgressBarConsumer(line -> out.println(line.stripTrailing()), LINE_WIDTH);
  }
}
