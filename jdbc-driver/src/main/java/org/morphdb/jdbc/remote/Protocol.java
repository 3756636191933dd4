package org.morphdb.jdbc.remote;

/**
 * Constants of the MorphDB wire protocol (docs/protocol.md): the magic bytes, the version,
 * feature bits, the frame limit and the operation codes. Shared by the driver's
 * {@link RemoteSession} and the server.
 */
public final class Protocol {
  private Protocol() {}

  /** Sent once by the client before its first frame: "MRPH". */
  public static final byte[] MAGIC = {'M', 'R', 'P', 'H'};
  public static final int VERSION = 1;
  public static final int DEFAULT_PORT = 9123;
  /** Frames above this size close the connection (the server's default; configurable there). */
  public static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;
  /** Rows a result chunk holds when the statement names no fetch size. */
  public static final int DEFAULT_FETCH_ROWS = 1000;
  /** A chunk stops growing once its encoded rows pass this size, whatever the fetch size. */
  public static final int CHUNK_BYTES = 1024 * 1024;

  /** Feature bits of the handshake; both sides use the intersection. */
  public static final long FEATURE_CANCEL = 1L;
  public static final long FEATURE_CHUNKED_RESULTS = 1L << 1;
  /** EXECUTE_BATCH: a JDBC batch in one request (or a few chunks), not one per row. */
  public static final long FEATURE_BATCH = 1L << 2;
  /**
   * An EXECUTE reply leaves out (nil) what the client has already: the result columns of a
   * prepared statement when they are the ones last sent for it, and the table versions when
   * they are the ones the request carried.
   */
  public static final long FEATURE_KNOWN_METADATA = 1L << 3;
  public static final long FEATURES = FEATURE_CANCEL | FEATURE_CHUNKED_RESULTS | FEATURE_BATCH
      | FEATURE_KNOWN_METADATA;
  /** A batch request's rows stop growing at this many encoded bytes (or half the server's frame limit). */
  public static final int BATCH_CHUNK_BYTES = 4 * 1024 * 1024;
  /**
   * The count a batch reply gives a row whose statement returned a result set (a plain
   * statement batch's query); the server stops after that row.
   */
  public static final long BATCH_ROW_RETURNED_ROWS = Long.MIN_VALUE;
  /** ... and at this many rows, so the reply (a count and perhaps keys per row) stays well inside a frame. */
  public static final int BATCH_CHUNK_ROWS = 65_536;

  /** Reply status: the operation succeeded / failed with an engine error. */
  public static final int STATUS_OK = 0;
  public static final int STATUS_ERROR = 1;
  /** Handshake only: the server wants a login step; the payload is the next SCRAM message. */
  public static final int STATUS_AUTH = 2;
  public static final String SCRAM_MECHANISM = "SCRAM-SHA-256";

  /** Session state flags carried by every reply, so the driver answers getters locally. */
  public static final int STATE_IN_TRANSACTION = 1;
  public static final int STATE_AUTO_COMMIT = 1 << 1;
  public static final int STATE_READ_ONLY = 1 << 2;

  /** Operation codes: ids are stable, never reused. */
  public enum Op {
    PREPARE(1), REPREPARE(2), EXECUTE(3), FETCH(4), CLOSE_CURSOR(5), CLOSE_STATEMENT(6),
    COMMIT(7), ROLLBACK(8), SET_AUTO_COMMIT(9), SET_READ_ONLY(10), PING(11), CLOSE(12),
    /** Out of band: no reply; cancels the named request if it is still running. */
    CANCEL(13),
    /** The rows of a JDBC batch of one prepared statement, run in order until one fails. */
    EXECUTE_BATCH(14);

    private static final Op[] BY_ID = new Op[15];

    static {
      for (Op op : values()) {
        BY_ID[op.id] = op;
      }
    }

    private final int id;

    Op(int id) {
      this.id = id;
    }

    public int id() { return id; }

    /** The operation with this id, or null for an unknown one. */
    public static Op byId(int id) {
      return id > 0 && id < BY_ID.length ? BY_ID[id] : null;
    }
  }
}
