package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * "Fast path first, then find the bad rows": tries an atomic loader on all rows; when a row is rejected,
 * loads every good row and returns the rejected ones with their errors, in one transaction. Where the
 * failure names its row (COPY line, batch entry) the rows before it are kept and the search goes on after
 * it; otherwise the failing piece is halved until single bad rows remain. Every attempt runs under a
 * savepoint, so the cost of bad rows is a few re-sends of their neighbourhood, not a row-by-row reload.
 */
public final class QuarantineLoader {
    private final AtomicLoader fast;

    /** A row that was not loaded, with the server's reason. */
    public record Rejected(long index, Object[] row, String sqlState, String message) {
    }

    /**
     * @param loaded   rows the table received
     * @param rejected rows it did not, by ascending input index
     */
    public record Result(long loaded, List<Rejected> rejected) {
    }

    public QuarantineLoader(AtomicLoader fast) {
        if (fast.replacesTableContents()) {
            throw new IllegalArgumentException(fast.name() + " replaces the table's contents on every call and cannot "
                    + "load in pieces; quarantine mode needs a loader that appends");
        }
        this.fast = fast;
    }

    public String name() {
        return "quarantine-" + fast.name();
    }

    public Result load(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        fast.requireSupported(table);
        List<Rejected> rejected = new ArrayList<>();
        long loaded = Transactions.atomically(connection, () -> loadPiece(connection, table, rows, 0, rejected),
                failure -> failure);
        rejected.sort((a, b) -> Long.compare(a.index(), b.index()));
        return new Result(loaded, Collections.unmodifiableList(rejected));
    }

    private long loadPiece(Connection connection, Table table, List<Object[]> piece, long offset, List<Rejected> rejected)
            throws SQLException {
        if (piece.isEmpty()) {
            return 0;
        }
        Savepoint attempt = connection.setSavepoint();
        try {
            long n = fast.write(connection, table, piece);
            connection.releaseSavepoint(attempt);
            return n;
        } catch (SQLException failure) {
            connection.rollback(attempt);
            if (piece.size() == 1) {
                SQLException cause = failure instanceof LocatedFailure lf ? lf.original() : failure;
                rejected.add(new Rejected(offset, piece.get(0), cause.getSQLState(),
                        LoadException.oneLine(LoadException.serverMessage(cause))));
                return 0;
            }
            if (failure instanceof LocatedFailure located && located.rowIndex() < piece.size()) {
                int bad = (int) located.rowIndex();
                return loadPiece(connection, table, piece.subList(0, bad), offset, rejected)
                        + loadPiece(connection, table, piece.subList(bad, bad + 1), offset + bad, rejected)
                        + loadPiece(connection, table, piece.subList(bad + 1, piece.size()), offset + bad + 1, rejected);
            }
            int half = piece.size() / 2;
            return loadPiece(connection, table, piece.subList(0, half), offset, rejected)
                    + loadPiece(connection, table, piece.subList(half, piece.size()), offset + half, rejected);
        }
    }
}
