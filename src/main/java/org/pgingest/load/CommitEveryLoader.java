package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Any atomic loader, committed every {@code commitEvery} rows: one transaction (and one WAL flush) per
 * chunk instead of per call. Not atomic: when a row is rejected, the chunks before its chunk stay committed
 * and its own chunk is rolled back, so up to {@code commitEvery} rows are at risk per failure (and per
 * crash). Client memory: one chunk. Input in a {@link java.util.List} is checked whole ({@link RowCheck}) before
 * the first chunk is sent, so a row of the wrong length or type, or a value that cannot be stored exactly,
 * commits nothing; streamed input is checked chunk by chunk.
 */
final class CommitEveryLoader implements Loader {
    private final AtomicLoader inner;
    private final int commitEvery;

    CommitEveryLoader(AtomicLoader inner, int commitEvery) {
        if (commitEvery < 1) {
            throw new IllegalArgumentException("commitEvery must be at least 1, was " + commitEvery);
        }
        this.inner = inner;
        this.commitEvery = commitEvery;
    }

    @Override
    public String name() {
        return inner.name() + "-commit-" + commitEvery;
    }

    @Override
    public boolean atomic() {
        return false;
    }

    @Override
    public Set<TableNeed> needs() {
        return inner.needs();
    }

    @Override
    public Map<String, String> driverOptions() {
        return inner.driverOptions();
    }

    @Override
    public long load(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        if (!connection.getAutoCommit()) {
            throw new IllegalStateException(name() + " commits every " + commitEvery
                    + " rows itself: call it with autocommit on");
        }
        RowCheck.checkAll(table, rows);
        return Chunks.write(rows, commitEvery, (chunk, offset) -> loadChunk(connection, table, chunk, offset));
    }

    private long loadChunk(Connection connection, Table table, List<Object[]> chunk, long offset) throws SQLException {
        try {
            return inner.load(connection, table, chunk);
        } catch (LoadException e) {
            throw new LoadException(e.rowIndex() < 0 ? -1 : offset + e.rowIndex(), (SQLException) e.getCause());
        }
    }
}
