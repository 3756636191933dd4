package org.morphdb.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.morphdb.stress.StressConfig;
import org.morphdb.stress.StressRunner;

/** The options of {@code ./morph stress}, and that a failing seed's replay command parses back to it. */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class StressConfigTest {

  @Test
  void minutesAreSharedBetweenTheSeeds() {
    StressConfig c = StressConfig.parse(new String[] {"--seeds", "4", "--minutes", "2"});
    assertEquals(4, c.seeds());
    assertEquals(30_000, c.millisPerSeed());
    assertNull(c.unsafe());
    assertEquals(StressConfig.forCli(4, 2, null).millisPerSeed(), c.millisPerSeed());
  }

  @Test
  void staleCacheDefaultsToALagFarAboveTheDelay() {
    StressConfig c = StressConfig.parse(new String[] {"--unsafe", "stale-cache"});
    assertEquals("stale-cache", c.unsafe());
    assertEquals(2, c.delayMillis());
    assertEquals(150, c.lagMillis());
    StressConfig custom = StressConfig.parse(new String[] {"--unsafe", "stale-cache", "--lag", "400"});
    assertEquals(400, custom.lagMillis());
  }

  @Test
  void theReplayCommandRunsTheSameSeedWithTheSameSettings() {
    StressConfig c = StressConfig.parse(new String[] {"--seeds", "7", "--first-seed", "40", "--seconds", "3",
        "--nodes", "4", "--delay", "3", "--lag", "30", "--writers", "2", "--rows", "50", "--unsafe", "skip-states"});
    String replay = c.replayCommand(43);
    StressConfig again = StressConfig.parse(replay.substring("./morph stress ".length()).split(" "));
    assertEquals(43, again.firstSeed());
    assertEquals(1, again.seeds());
    assertEquals(c.withFirstSeed(43).withSeeds(1).withOut(null), again.withOut(null));
  }

  @Test
  void badOptionsAreUsageErrors() {
    assertThrows(IllegalArgumentException.class, () -> StressConfig.parse(new String[] {"--seeds"}));
    assertThrows(IllegalArgumentException.class, () -> StressConfig.parse(new String[] {"--unsafe", "nope"}));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = StressRunner.runCli(new String[] {"--bogus", "1"}, System.out, new PrintStream(err, true,
        StandardCharsets.UTF_8));
    assertEquals(2, code);
    assertEquals(true, err.toString(StandardCharsets.UTF_8).contains("Usage: morph stress"));
  }
}
