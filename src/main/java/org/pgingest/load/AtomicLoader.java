package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A loader whose call is all or nothing. Subclasses write the rows; this class checks each row as it goes
 * ({@link RowCheck}), runs the write in one transaction (or under a savepoint of the caller's) and, on a
 * failure a row caused, finds that row:
 * <ul>
 *   <li>from what the server or driver reported, when the write could tell ({@link LocatedFailure}: a row the
 *       check refused, a COPY line, a batch entry, a one-row statement): no further statement;</li>
 *   <li>otherwise by bisection under savepoints for the shortest failing prefix, within the chunk whose
 *       statement failed when the write names one ({@link ChunkFailure}). The search runs only after a
 *       failure and costs at most {@code ceil(log2 n) + 1} further writes of a prefix of the input, where n
 *       is the number of rows in that chunk (or in the input). On streamed input (an Iterable that is not a
 *       List) the rows before the chunk are gone, so the chunk is searched on its own; a failure that needs
 *       an earlier row to happen (a key repeated from an earlier chunk) is then reported with row index -1.</li>
 * </ul>
 * A failure no row caused ({@link Failures}: no such table, no permission, a broken connection, a statement
 * over a server size limit) is thrown as the {@link SQLException} it is, never as a {@link LoadException},
 * and is not searched for.
 */
public abstract class AtomicLoader implements Loader {

    @Override
    public final long load(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        requireSupported(table);
        return Transactions.atomically(connection, () -> writeChecked(connection, table, rows),
                failure -> locate(connection, table, rows, failure));
    }

    /** {@link #write} of the rows as {@link RowCheck} passes them; a row it refuses is a LocatedFailure. */
    final long writeChecked(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        try {
            return write(connection, table, RowCheck.checking(table, rows));
        } catch (RowCheck.Rejected e) {
            throw e.failure();
        }
    }

    /**
     * Writes the rows inside a transaction the caller manages (no commit, no rollback). The rows are checked
     * already: every value is of its column's Java type and can be stored exactly.
     *
     * @throws LocatedFailure when the failing row is known (index within {@code rows})
     * @throws ChunkFailure   when the statement that wrote a known chunk of {@code rows} failed
     */
    protected abstract long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException;

    /**
     * True for loaders that replace the table's contents (COPY FREEZE truncates first): such a loader cannot be
     * called piecewise, as quarantine mode does.
     */
    public boolean replacesTableContents() {
        return false;
    }

    /** Throws IllegalArgumentException with the reason when this loader cannot write {@code table}. */
    protected void requireSupported(Table table) {
        cannotWrite(table).ifPresent(why -> {
            throw new IllegalArgumentException(name() + " cannot write " + table.definition().name() + ": " + why);
        });
    }

    /** For loaders that need a unique key: its columns, or the reason there is none. */
    protected static List<String> requireConflictKey(Table table, String loaderName) {
        return table.conflictKey().orElseThrow(() -> new IllegalArgumentException(
                loaderName + " needs a unique key to conflict on: " + table.definition().conflictKeyAbsence()));
    }

    /**
     * What to throw after {@code failure}, the table back as it was: a LoadException naming the row that
     * caused it, or the failure itself when no row did.
     */
    protected final SQLException locate(Connection connection, Table table, Iterable<Object[]> rows, SQLException failure)
            throws SQLException {
        if (!Failures.rowCaused(failure)) {
            return Failures.notARowsFault(failure);
        }
        if (failure instanceof LocatedFailure located) {
            return new LoadException(located.rowIndex(), located.original());
        }
        ChunkFailure chunk = failure instanceof ChunkFailure c ? c : null;
        if (rows instanceof List<Object[]> list) {
            // The chunks before the failing one were written in this transaction: their prefix loads.
            return chunk == null ? bisect(connection, table, list, 0, list.size(), 0, failure)
                    : bisect(connection, table, list, (int) chunk.offset(), (int) chunk.offset() + chunk.chunk().size(), 0, failure);
        }
        if (chunk != null) {
            return bisect(connection, table, chunk.chunk(), 0, chunk.chunk().size(), chunk.offset(), failure);
        }
        return new LoadException(-1, Failures.original(failure));
    }

    /**
     * Bisection for the shortest failing prefix of {@code input}, knowing that its first {@code good} rows load
     * and guessing that its first {@code bad} rows fail: one write to confirm the guess, then one per halving.
     * The prefix ends at the offending row (for a key repeated within the input, the later of the two).
     *
     * @param base index of {@code input}'s first row in the caller's input
     */
    private LoadException bisect(Connection connection, Table table, List<Object[]> input, int good, int bad, long base,
                                 SQLException failure) throws SQLException {
        int high = bad;
        SQLException last = Transactions.failureUnderSavepoint(connection,
                () -> writeChecked(connection, table, input.subList(0, high)));
        if (last == null) {
            // The failure did not repeat: it needed rows the search cannot replay, or was not the data's.
            return new LoadException(-1, Failures.original(failure));
        }
        int low = good;
        int fail = high;
        while (fail - low > 1) {
            if (last instanceof LocatedFailure located) {
                return new LoadException(base + located.rowIndex(), located.original());
            }
            int mid = (low + fail) >>> 1;
            SQLException f = Transactions.failureUnderSavepoint(connection,
                    () -> writeChecked(connection, table, input.subList(0, mid)));
            if (f == null) {
                low = mid;
            } else {
                fail = mid;
                last = f;
            }
        }
        return new LoadException(base + fail - 1, Failures.original(last));
    }

    /** The rows as a list, copying only when they are not one already. */
    static List<Object[]> asList(Iterable<Object[]> rows) {
        if (rows instanceof List<Object[]> list) {
            return list;
        }
        List<Object[]> copy = new ArrayList<>();
        rows.forEach(copy::add);
        return copy;
    }
}
