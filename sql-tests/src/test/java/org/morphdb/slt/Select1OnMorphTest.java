package org.morphdb.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** SQLite's select1.test on MorphDB: every record passes, as on H2. */
class Select1OnMorphTest {

  @Test
  void select1PassesOnMorph() {
    SltFileResult r = new SltRunner(SltTarget.morph()).run(SltSource.corpus("select1.test"));
    SltTests.assertPassed(r);
    assertEquals(1031, r.passed(), r.summary());
  }
}
