package org.pgingest.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * All-or-nothing execution on a connection, in its own transaction or under a savepoint of the caller's.
 * Work is undone on every throwable, an {@link Error} included: with autocommit off, turning autocommit back
 * on commits whatever is pending (JDBC's rule, and pgjdbc's), so a failure must be rolled back before that.
 */
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
        boolean undone = true;
        try {
            T result = work.run();
            if (own) {
                connection.commit();
            } else {
                connection.releaseSavepoint(start);
            }
            return result;
        } catch (SQLException e) {
            // The handler searches for the bad row under further savepoints of this transaction, so the
            // starting savepoint is kept until it is done.
            undone = undo(connection, start, e, false);
            SQLException reported = e;
            if (undone) {
                try {
                    reported = onFailure.handle(e);
                } catch (SQLException | RuntimeException handlerFailure) {
                    e.addSuppressed(handlerFailure);
                } finally {
                    undone = undo(connection, start, reported, true);
                }
            }
            throw reported;
        } catch (Throwable e) {
            undone = undo(connection, start, e, true);
            throw e;
        } finally {
            // Only after a successful rollback: re-enabling autocommit would commit a transaction left open.
            if (own && undone) {
                connection.setAutoCommit(true);
            }
        }
    }

    /** Rolls back the transaction or to the savepoint (and releases it if asked); false when that failed. */
    private static boolean undo(Connection connection, Savepoint start, Throwable failure, boolean release) {
        try {
            if (start == null) {
                connection.rollback();
            } else {
                connection.rollback(start);
                if (release) {
                    connection.releaseSavepoint(start);
                }
            }
            return true;
        } catch (SQLException rollbackFailure) {
            failure.addSuppressed(rollbackFailure);
            return false;
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
            connection.releaseSavepoint(probe);
        }
    }
}
