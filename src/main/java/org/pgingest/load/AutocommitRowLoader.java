package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One prepared INSERT per row in autocommit mode: every row is its own transaction, so every row costs a
 * commit and, with synchronous_commit on, a WAL flush (fsync). The published one-by-one baseline.
 *
 * <p>Not atomic: rows before a rejected row stay committed (at risk on failure: none; rows committed: all
 * before the rejected one).
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
        try {
            return SingleRowLoader.insertEach(connection, table, rows);
        } catch (LocatedFailure e) {
            throw new LoadException(e.rowIndex(), e.original());
        }
    }
}
