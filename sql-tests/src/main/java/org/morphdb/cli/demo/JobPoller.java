package org.morphdb.cli.demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads MorphDB's SYS.DDL_JOBS on a connection of its own; one caller at a time. */
final class JobPoller implements AutoCloseable {
  /** One row of SYS.DDL_JOBS. */
  record Job(long id, String statement, String state, String step, long rowsDone, long rowsTotal,
      String error) {
    boolean running() {
      return "RUNNING".equals(state);
    }
  }

  private final Connection connection;
  private final PreparedStatement query;

  JobPoller(DemoTarget target) throws SQLException {
    connection = target.connect(0);
    query = connection.prepareStatement("SELECT JOB_ID, STATEMENT, STATE, STEP, ROWS_DONE, "
        + "ROWS_TOTAL, ERROR FROM SYS.DDL_JOBS");
  }

  /** The jobs with an id above {@code afterId}, oldest first. */
  synchronized List<Job> jobsAfter(long afterId) throws SQLException {
    List<Job> jobs = new ArrayList<>();
    try (ResultSet rs = query.executeQuery()) {
      while (rs.next()) {
        long id = rs.getLong(1);
        if (id > afterId) {
          jobs.add(new Job(id, rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5),
              rs.getLong(6), rs.getString(7)));
        }
      }
    }
    jobs.sort((x, y) -> Long.compare(x.id(), y.id()));
    return jobs;
  }

  /** The newest job's id, 0 when there is none. */
  long lastId() throws SQLException {
    List<Job> all = jobsAfter(0);
    return all.isEmpty() ? 0 : all.get(all.size() - 1).id();
  }

  @Override
  public synchronized void close() throws SQLException {
    try (connection) {
      query.close();
    }
  }
}
