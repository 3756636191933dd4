package org.morphdb.slt;

/** A malformed sqllogictest file; the message reads {@code FILE:LINE: what is wrong}. */
public final class SltParseException extends Exception {
  private final String file;
  private final int line;

  public SltParseException(String file, int line, String problem) {
    super(file + ":" + line + ": " + problem, null, false, false);
    this.file = file;
    this.line = line;
  }

  public String file() {
    return file;
  }

  public int line() {
    return line;
  }
}
