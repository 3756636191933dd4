package org.morphdb.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SltSourceTest {

  private static List<String> names(String argument) throws IOException {
    return SltSource.resolve(argument).stream().map(SltSource::name).toList();
  }

  @Test
  void corpusFilesAndDirectories() throws IOException {
    assertEquals(List.of("corpus:select1.test"), names("corpus:select1.test"));
    assertEquals(622, names("corpus:").size());
    assertEquals(12, names("corpus:evidence").size());
    assertEquals(List.of("corpus:index/between/1/slt_good_0.test"),
        names("corpus:index/between/1/"));
    assertEquals(13, names("corpus:index/between").size());
    assertThrows(IllegalArgumentException.class, () -> names("corpus:nope"));
    assertThrows(IllegalArgumentException.class, () -> names("corpus:nope.test"));
  }

  @Test
  void filesAndDirectoriesOnDisk() throws IOException {
    assertEquals(List.of("src/test/resources/slt/connections.test",
        "src/test/resources/slt/halt.test", "src/test/resources/slt/records.test"),
        names("src/test/resources/slt"));
    assertEquals(List.of("src/test/resources/slt/halt.test"),
        names("src/test/resources/slt/halt.test"));
    assertThrows(IllegalArgumentException.class, () -> names("src/test/resources/nope"));
  }
}
