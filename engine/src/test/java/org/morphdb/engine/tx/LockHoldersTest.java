package org.morphdb.engine.tx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The inline-first-holder set behaves like the map of holders it replaced. */
class LockHoldersTest {

  private static boolean grantableInModel(Map<Long, LockMode> model, long txId, LockMode mode) {
    for (Map.Entry<Long, LockMode> h : model.entrySet()) {
      if (h.getKey() != txId && !h.getValue().compatibleWith(mode)) {
        return false;
      }
    }
    return true;
  }

  @Test
  void randomPutsAndRemovesMatchAMapOfHolders() {
    Random r = new Random(3);
    LockHolders holders = new LockHolders();
    Map<Long, LockMode> model = new HashMap<>();
    LockMode[] modes = LockMode.values();
    for (int i = 0; i < 50_000; i++) {
      long tx = r.nextInt(6);
      LockMode mode = modes[r.nextInt(modes.length)];
      if (r.nextInt(3) == 0) {
        holders.remove(tx);
        model.remove(tx);
      } else {
        holders.put(tx, mode);
        model.put(tx, mode);
      }
      assertEquals(model.isEmpty(), holders.isEmpty());
      List<Long> ids = new ArrayList<>();
      holders.forEachId(ids::add);
      ids.sort(null);
      List<Long> expected = new ArrayList<>(model.keySet());
      expected.sort(null);
      assertEquals(expected, ids);
      for (long other = 0; other < 6; other++) {
        for (LockMode m : modes) {
          assertEquals(grantableInModel(model, other, m), holders.grantable(other, m), other + " " + m);
        }
      }
    }
  }
}
