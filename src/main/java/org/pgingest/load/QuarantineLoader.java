package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/**
 * "Fast path first, then find the bad rows": tries an atomic loader on all rows; when a row is rejected,
 * loads every good row and returns the rejected ones with their errors, in one transaction. Where the
 * failure names its row (COPY line, batch entry) the rows before it are kept and the search goes on after
 * it; otherwise the failing piece is halved until single bad rows remain. Every attempt runs under a
 * savepoint, so the cost of bad rows is a few re-sends of their neighbourhood, not a row-by-row reload.
 */
final class QuarantineLoader {
    private final AtomicLoader fast;

    /** A row that was not loaded, with the server's reason. */
    record QuarantinedRow(long index, Object[] row, String sqlState, String message) {
    }

    /**
     * @param loaded   rows the table received
     * @param rejected rows it did not, by ascending input index
     */
    record Result(long loaded, List<QuarantinedRow> rejected) {
    }

    QuarantineLoader(AtomicLoader fast) {
        if (fast.replacesTableContents()) {
            throw new IllegalArgumentException(fast.name() + " replaces the table's contents on every call and cannot "
                    + "load in pieces; quarantine mode needs a loader that appends");
        }
        this.fast = fast;
    }

    String name() {
        return "quarantine-" + fast.name();
    }

    /**
     * Loads every row that can be loaded and returns the others.
     *
     * @throws SQLException a failure no row caused (no such table, a broken connection ...), after which
     *                      nothing of this call is kept
     */
    public Result load(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        fast.requireSupported(table);
        List<QuarantinedRow> rejected = new ArrayList<>();
        long loaded = Transactions.atomically(connection, () -> loadPieces(connection, table, rows, rejected),
                failure -> failure);
        rejected.sort((a, b) -> Long.compare(a.index(), b.index()));
        return new Result(loaded, Collections.unmodifiableList(rejected));
    }

    /** A run of consecutive input rows still to load, and the index of its first row. */
    private record Piece(List<Object[]> rows, long offset) {
    }

    /**
     * Works through the pieces in input order : a piece that
     * loads is kept; one that fails is rolled back and split around the row the failure names, or in halves.
     */
    private long loadPieces(Connection connection, Table table, List<Object[]> rows, List<QuarantinedRow> rejected)
            throws SQLException {
        Deque<Piece> pending = new ArrayDeque<>();
        pending.push(new Piece(rows, 0));
        long loaded = 0;
        while (!pending.isEmpty()) {
            Piece piece = pending.pop();
            List<Object[]> part = piece.rows();
            if (part.isEmpty()) {
                continue;
            }
            Savepoint attempt = connection.setSavepoint();
            try {
                loaded += fast.writeChecked(connection, table, part);
                connection.releaseSavepoint(attempt);
                continue;
            } catch (SQLException failure) {
                connection.rollback(attempt);
                connection.releaseSavepoint(attempt);
                if (!Failures.rowCaused(failure)) {
                    throw Failures.notARowsFault(failure);
                }
                int bad = failure instanceof LocatedFailure located && located.rowIndex() < part.size()
                        ? (int) located.rowIndex() : -1;
                if (part.size() == 1 || bad >= 0) {
                    int at = Math.max(bad, 0);
                    SQLException cause = Failures.original(failure);
                    // Pushed last, popped first: the rows before the bad one, then those after it.
                    pending.push(new Piece(part.subList(at + 1, part.size()), piece.offset() + at + 1));
                    rejected.add(new QuarantinedRow(piece.offset() + at, part.get(at), cause.getSQLState(),
                            LoadException.oneLine(LoadException.serverMessage(cause))));
                    pending.push(new Piece(part.subList(0, at), piece.offset()));
                } else {
                    int half = part.size() / 2;
                    pending.push(new Piece(part.subList(half, part.size()), piece.offset() + half));
                    pending.push(new Piece(part.subList(0, half), piece.offset()));
                }
            }
        }
        return loaded;
    }
}
