package org.morphdb.engine;

import java.util.Map;
import org.morphdb.engine.api.ErrorCode;
import org.morphdb.engine.api.MorphException;
import org.morphdb.engine.api.Session;

/** Named in-memory databases of this JVM. (Being built.) */
public final class DatabaseRegistry {
  private DatabaseRegistry() {}

  public static Session connect(String name, Map<String, String> options) {
    throw new MorphException(ErrorCode.FEATURE_NOT_SUPPORTED, "engine not built yet");
  }
}
