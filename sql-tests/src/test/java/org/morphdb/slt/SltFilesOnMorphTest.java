package org.morphdb.slt;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Our own engine-neutral files (src/test/resources/slt) on MorphDB, as they pass on H2. */
class SltFilesOnMorphTest {

  @TestFactory
  Stream<DynamicTest> ownFilesPassOnMorph() throws IOException {
    return SltTests.eachFile(SltTarget.morph(), "src/test/resources/slt");
  }
}
