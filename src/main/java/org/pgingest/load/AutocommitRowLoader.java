package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One prepared INSERT per row in autocommit mode: every row is its own transaction, so every row costs a
 * commit and, with synchronous_commit on, a WAL flush (fsync). The published one-by-one baseline.
 *
 * <p>Not atomic: rows before a row the server rejects stay committed (at risk on failure: none; rows
 * committed: all before the rejected one). Input in a {@link java.util.List} is checked whole before the first
 * row is sent, so a row of the wrong length or Java type, or a value that cannot be stored exactly, commits
 * nothing; streamed input is checked row by row as it is sent, so rows before such a row stay committed.
 */
public final class AutocommitRowLoader implements Loader {

    @Override
    public String name() {
        return "autocommit-row";
    }

    @Override
    public boolean atomic() {
        return false;
    }

    @Override
    public long load(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        if (!connection.getAutoCommit()) {
            throw new IllegalStateException(name() + " commits every row itself: call it with autocommit on");
        }
        RowCheck.checkAll(table, rows);
        try {
            return SingleRowLoader.insertEach(connection, table, RowCheck.checking(table, rows));
        } catch (RowCheck.Rejected e) {
            throw new LoadException(e.failure().rowIndex(), e.failure().original());
        } catch (LocatedFailure e) {
            throw Failures.reported(e, 0);
        }
    }
}
