package org.morphdb.slt;

import java.util.List;

/** A parsed sqllogictest file: its display name and its records in file order. */
public record SltScript(String name, List<SltRecord> records) {
  public SltScript {
    records = List.copyOf(records);
  }
}
