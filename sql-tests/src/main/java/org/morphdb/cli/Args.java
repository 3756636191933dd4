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

  List<String> positional() {
    return positional;
  }
}
