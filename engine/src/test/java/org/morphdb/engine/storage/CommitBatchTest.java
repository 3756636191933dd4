package org.morphdb.engine.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A batch keeps one write per (space, key), the last one, in first-written order. */
class CommitBatchTest {

  @Test
  void repeatedKeysKeepTheirFirstPlaceAndTheLastWriteLikeALinkedMap() {
    Random r = new Random(9);
    for (int round = 0; round < 2_000; round++) {
      CommitBatch batch = new CommitBatch();
      Map<List<Object>, Object> model = new LinkedHashMap<>();
      int writes = r.nextInt(round % 10 == 0 ? 200 : 20); // below and above the scanned size
      int keys = 1 + r.nextInt(30);
      for (int i = 0; i < writes; i++) {
        long space = r.nextInt(3);
        Key key = Key.of((long) r.nextInt(keys));
        List<Object> target = List.of(space, key);
        if (r.nextInt(4) == 0) {
          batch.delete(space, key);
          model.put(target, null);
        } else {
          batch.put(space, key, "v" + i);
          model.put(target, "v" + i);
        }
      }
      List<List<Object>> actual = new ArrayList<>();
      for (CommitBatch.Write w : batch.writes()) {
        actual.add(List.of(List.of(w.space(), w.key()), String.valueOf(w.value())));
      }
      List<List<Object>> expected = new ArrayList<>();
      model.forEach((target, value) -> expected.add(List.of(target, String.valueOf(value))));
      assertEquals(expected, actual);
    }
  }
}
