package org.morphdb.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command's arguments: options {@code --name value} or {@code --name=value} from a known set,
 * flags {@code --name} without a value, and positional arguments. Anything else starting with
 * {@code --} is a usage error.
 */
final class Args {
  private final Map<String, String> options = new LinkedHashMap<>();
  private final List<String> positional = new ArrayList<>();
  private final Set<String> flags = new java.util.HashSet<>();

  private Args() {
  }

  /** Parses {@code args}; {@code valued} names the options that take a value. */
  static Args parse(List<String> args, Set<String> valued) {
    return parse(args, valued, Set.of());
  }

  /** Parses {@code args}; {@code valued} take a value, {@code flags} take none. */
  static Args parse(List<String> args, Set<String> valued, Set<String> flags) {
    Args a = new Args();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("--") || arg.equals("--")) {
        a.positional.add(arg);
        continue;
      }
      int eq = arg.indexOf('=');
      String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
      if (flags.contains(name) && eq < 0) {
        a.flags.add(name);
        continue;
      }
      if (!valued.contains(name)) {
        throw new UsageException("unknown option --" + name);
      }
      String value;
      if (eq >= 0) {
        value = arg.substring(eq + 1);
      } else if (i + 1 < args.size()) {
        value = args.get(++i);
      } else {
        throw new UsageException("--" + name + " needs a value");
      }
      a.options.put(name, value);
    }
    return a;
  }

  boolean flag(String name) {
    return flags.contains(name);
  }

  String option(String name, String otherwise) {
    return options.getOrDefault(name, otherwise);
  }

  int intOption(String name, int otherwise, int min) {
    String v = options.get(name);
    if (v == null) {
      return otherwise;
    }
    try {
      int n = Integer.parseInt(v.replace("_", ""));
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException("--" + name + " needs a whole number of at least " + min
        + ", not '" + v + "'");
  }

  /** Whether the option was given (with a value). */
  boolean has(String name) {
    return options.containsKey(name);
  }

  /**
   * A duration option in milliseconds: a whole number with a unit {@code ms}, {@code s},
   * {@code m} or {@code h} (seconds when none), e.g. {@code 120s}, {@code 2m}; {@code 0}: none.
   */
  long millisOption(String name, long otherwise) {
    String v = options.get(name);
    if (v == null) {
      return otherwise;
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,9})(ms|s|m|h)?")
        .matcher(v.trim());
    if (!m.matches()) {
      throw new UsageException("--" + name + " needs a duration such as 120s, 2m or 500ms, "
          + "not '" + v + "'");
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    return switch (unit) {
      case "ms" -> n;
      case "m" -> n * 60_000;
      case "h" -> n * 3_600_000;
      default -> n * 1000;
    };
  }

  List<String> positional() {
    return positional;
  }
}
