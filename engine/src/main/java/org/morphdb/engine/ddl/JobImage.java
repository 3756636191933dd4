package org.morphdb.engine.ddl;

import java.time.LocalDateTime;

/** A DDL job's row of SYS.DDL_JOBS as a durable database logs it and reads it back. */
public record JobImage(
    long id, String statement, String tableName, LocalDateTime started, JobRecord.State state,
    String step, long rowsDone, long rowsTotal, LocalDateTime finished, String error) {}
