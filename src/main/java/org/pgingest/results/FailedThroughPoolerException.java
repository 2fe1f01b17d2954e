package org.pgingest.results;

import java.sql.SQLException;
import java.util.Objects;

/**
 * A loader that does not work through a connection pooler: what the server or the pooler answered, as its SQLSTATE
 * and first message line, thrown by a trial through a pooler in place of the {@link SQLException}; or the row check's
 * finding that the table does not hold the rows the loader reported, with no error. Such a trial is a
 * result of the pooler axis ("fails, with this error"), not a failure of the run: the launcher tells it from other
 * exceptions by the printed class name, lists it in one line and records it beside the results
 * ({@link PoolerFailure}). It carries no stack trace and no cause, so JMH prints it as one line.
 */
public final class FailedThroughPoolerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message "SQLSTATE 26000: prepared statement "S_1" does not exist" */
    private FailedThroughPoolerException(String message) {
        super(message, null, false, false);
    }

    /**
     * From the failure the loader threw: its SQLSTATE (or "none") and its message's first line. A failed batch is
     * reported by the server's own error (pgjdbc chains it as the next exception; its BatchUpdateException's
     * message quotes the statement with the row's values).
     */
    public static FailedThroughPoolerException of(SQLException failure) {
        SQLException reported = failure.getNextException() != null ? failure.getNextException() : failure;
        String message = Objects.requireNonNullElse(reported.getMessage(), reported.getClass().getSimpleName());
        return new FailedThroughPoolerException("SQLSTATE " + Objects.requireNonNullElse(reported.getSQLState(), "none")
                + ": " + message.strip().lines().findFirst().orElse(""));
    }

    /**
     * From the row check after an iteration: the loader reported rows the table does not hold, with no error from
     * the server or the pooler.
     *
     * @param check "COPY_BINARY: the table holds 2500 rows but the loader reported 5000 in this iteration"
     */
    public static FailedThroughPoolerException rowsLost(String check) {
        return new FailedThroughPoolerException("rows lost, no error: " + check.strip().lines().findFirst().orElse(""));
    }
}
