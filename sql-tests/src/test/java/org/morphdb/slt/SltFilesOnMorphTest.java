package org.morphdb.slt;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Our own engine-neutral files (src/test/resources/slt) on MorphDB, as they pass on H2; and the
 * regression files of wrong results found in the corpus (src/test/resources/slt-regressions),
 * which SltOnH2Test runs on H2 and HSQLDB too.
 */
class SltFilesOnMorphTest {

  @TestFactory
  Stream<DynamicTest> ownFilesPassOnMorph() throws IOException {
    return SltTests.eachFile(SltTarget.morph(), "src/test/resources/slt");
  }

  @TestFactory
  Stream<DynamicTest> regressionFilesPassOnMorph() throws IOException {
    return SltTests.eachFile(SltTarget.morph(), "src/test/resources/slt-regressions");
  }
}
