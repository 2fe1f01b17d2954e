package org.pgingest.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;

/** All-or-nothing execution on a connection, in its own transaction or under a savepoint of the caller's. */
final class Transactions {
    private Transactions() {
    }

    interface Work<T> {
        T run() throws SQLException;
    }

    interface FailureHandler {
        /** Called with the table back as it was and a transaction open; returns what to throw. */
        SQLException handle(SQLException failure) throws SQLException;
    }

    static <T> T atomically(Connection connection, Work<T> work, FailureHandler onFailure) throws SQLException {
        boolean own = connection.getAutoCommit();
        Savepoint start = null;
        if (own) {
            connection.setAutoCommit(false);
        } else {
            start = connection.setSavepoint();
        }
        try {
            T result = work.run();
            if (own) {
                connection.commit();
            } else {
                connection.releaseSavepoint(start);
            }
            return result;
        } catch (SQLException e) {
            undo(connection, start, e);
            SQLException located = onFailure.handle(e);
            undo(connection, start, located);
            throw located;
        } catch (RuntimeException e) {
            undo(connection, start, e);
            throw e;
        } finally {
            if (own) {
                connection.setAutoCommit(true);
            }
        }
    }

    private static void undo(Connection connection, Savepoint start, Exception failure) {
        try {
            if (start == null) {
                connection.rollback();
            } else {
                connection.rollback(start);
            }
        } catch (SQLException rollbackFailure) {
            failure.addSuppressed(rollbackFailure);
        }
    }

    /** Runs {@code work} under a savepoint and undoes it; returns its failure, or null when it succeeded. */
    static SQLException failureUnderSavepoint(Connection connection, Work<?> work) throws SQLException {
        Savepoint probe = connection.setSavepoint();
        try {
            work.run();
            return null;
        } catch (SQLException e) {
            return e;
        } finally {
            connection.rollback(probe);
        }
    }
}
