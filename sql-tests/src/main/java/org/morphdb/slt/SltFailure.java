package org.morphdb.slt;

/**
 * A record that did not do what its file says.
 *
 * @param file       the file's display name
 * @param line       the record's first line
 * @param connection the connection label it ran on ({@value SltRecord#MAIN_CONNECTION} if none)
 * @param sql        the statement or query
 * @param expected   what the file expects, as text
 * @param actual     what happened, as text
 */
public record SltFailure(String file, int line, String connection, String sql, String expected,
                         String actual) {

  /** Where it is, e.g. {@code select1.test:120} or {@code tx.test:14 [con2]}. */
  public String location() {
    return file + ":" + line
        + (connection.equals(SltRecord.MAIN_CONNECTION) ? "" : " [" + connection + "]");
  }

  /** A multi-line description: location, SQL, expected, got. */
  @Override
  public String toString() {
    return location() + "\n"
        + indent("sql:      ", sql) + "\n"
        + indent("expected: ", expected) + "\n"
        + indent("got:      ", actual);
  }

  private static String indent(String head, String text) {
    return head + text.replace("\n", "\n" + " ".repeat(head.length()));
  }
}
