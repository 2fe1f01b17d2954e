package org.pgingest.results;

import java.sql.SQLException;
import java.util.Objects;

/**
 * A loader that does not work through a connection pooler: what the server or the pooler answered, as its SQLSTATE
 * and first message line, thrown by a trial through a pooler in place of the {@link SQLException}. Such a trial is a
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
}
