package org.morphdb.engine.api;

/** The one exception type the engine throws; carries an {@link ErrorCode}. */
public class MorphException extends RuntimeException {
  private final ErrorCode code;

  public MorphException(ErrorCode code, String message) {
    super(message);
    this.code = code;
  }

  public MorphException(ErrorCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  public ErrorCode code() { return code; }

  public static MorphException of(ErrorCode code, String format, Object... args) {
    return new MorphException(code, args.length == 0 ? format : String.format(format, args));
  }
}
