package org.pgingest.load;

import org.pgingest.workload.IndexProfile;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A loader whose call is all or nothing. Subclasses write the rows; this class runs the write in one
 * transaction (or under a savepoint of the caller's) and, on failure, finds the offending row: from what
 * the server or driver reported when the write could tell ({@link LocatedFailure}), otherwise by bisecting
 * the input under savepoints for the shortest prefix that fails. The bisection runs only after a failure.
 */
public abstract class AtomicLoader implements Loader {

    @Override
    public final long load(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        requireSupported(table);
        return Transactions.atomically(connection, () -> write(connection, table, rows),
                failure -> locate(connection, table, rows, failure));
    }

    /**
     * Writes the rows inside a transaction the caller manages (no commit, no rollback).
     *
     * @throws LocatedFailure when the failing row is known (index within {@code rows})
     */
    protected abstract long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException;

    /**
     * True for loaders that replace the table's contents (COPY FREEZE truncates first): such a loader cannot be
     * called piecewise, as quarantine mode does.
     */
    protected boolean replacesTableContents() {
        return false;
    }

    /** Throws IllegalArgumentException when this loader cannot write {@code table}. */
    protected void requireSupported(Table table) {
        if (!shapes().contains(table.shape())) {
            throw new IllegalArgumentException(name() + " does not support table shape " + table.shape().tableName()
                    + "; it supports " + shapes().stream().map(TableShape::tableName).collect(Collectors.joining(", ")));
        }
    }

    /** For loaders that need a unique key: the conflict column, or a clear error naming the fix. */
    protected static String requireConflictKey(Table table, String loaderName) {
        return table.shape().conflictKey(table.profile()).orElseThrow(() -> new IllegalArgumentException(
                loaderName + " needs a unique key to conflict on, and " + table.shape().tableName() + " with index profile "
                        + table.profile().name().toLowerCase(Locale.ROOT) + " has none"
                        + (table.shape() == TableShape.USERS ? "; use " + IndexProfile.PK_UNIQUE.name().toLowerCase(Locale.ROOT)
                        + " or a larger profile" : "")));
    }

    /** Finds the offending row after {@code failure}; the table is back as it was. */
    protected final LoadException locate(Connection connection, Table table, Iterable<Object[]> rows, SQLException failure)
            throws SQLException {
        if (failure instanceof LocatedFailure located) {
            return new LoadException(located.rowIndex(), located.original());
        }
        if (!(rows instanceof List<Object[]> list)) {
            return new LoadException(-1, failure);
        }
        // Invariant: the first `good` rows load, the first `bad` rows fail. Shortest failing prefix ends at
        // the offending row (for a duplicate within the input, the later of the two).
        int good = 0;
        int bad = list.size();
        SQLException lastFailure = Transactions.failureUnderSavepoint(connection,
                () -> write(connection, table, list.subList(0, bad)));
        if (lastFailure == null) {
            // The failure did not repeat (not caused by the data): report it as it was.
            return new LoadException(-1, failure);
        }
        int high = bad;
        while (high - good > 1) {
            int mid = (good + high) >>> 1;
            SQLException f = Transactions.failureUnderSavepoint(connection,
                    () -> write(connection, table, list.subList(0, mid)));
            if (f == null) {
                good = mid;
            } else {
                high = mid;
                lastFailure = f;
            }
        }
        SQLException cause = lastFailure instanceof LocatedFailure lf ? lf.original() : lastFailure;
        return new LoadException(high - 1, cause);
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
