package org.morphdb.stress;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;

/** Named event counters shared by a seed's threads (commits, retries by cause, rejections). */
final class Counters {
  private final ConcurrentSkipListMap<String, LongAdder> counts = new ConcurrentSkipListMap<>();

  void add(String name) {
    add(name, 1);
  }

  void add(String name, long n) {
    counts.computeIfAbsent(name, k -> new LongAdder()).add(n);
  }

  long get(String name) {
    LongAdder a = counts.get(name);
    return a == null ? 0 : a.sum();
  }

  /** Sum of the counters whose name starts with {@code prefix}. */
  long sum(String prefix) {
    long s = 0;
    for (Map.Entry<String, LongAdder> e : counts.tailMap(prefix).entrySet()) {
      if (!e.getKey().startsWith(prefix)) {
        break;
      }
      s += e.getValue().sum();
    }
    return s;
  }

  Map<String, Long> snapshot() {
    Map<String, Long> out = new TreeMap<>();
    counts.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }
}
