package org.pgingest.load;

import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which failures a row caused. A server error is a row's fault when its SQLSTATE class says the data was
 * wrong: 21 (a key touched twice by one upsert), 22 (data exception: out of range, bad input syntax, too
 * long), 23 (integrity: unique, not null, check, foreign key), 44 (check option), 54 (a value over a limit,
 * e.g. an index row too large) and P0 (raised by a trigger). Anything else (42: no such table or column, no
 * permission; 08: the connection broke; 57, 40, 53, XX ...) happens whatever the rows are, so no row is
 * blamed and no search for one is made. A statement that grew past a server size limit is no row's fault
 * either: it is reported as such, with the fix (fewer rows per statement).
 */
final class Failures {
    private static final Set<String> ROW_CLASSES = Set.of("21", "22", "23", "44", "54", "P0");
    /**
     * Server messages of a statement over a size limit, not a row over one: jsonb's 256 MB array limit
     * (54000), palloc's 1 GB allocation limit (XX000), the array size limit (54000).
     */
    private static final List<String> STATEMENT_SIZE_MESSAGES = List.of(
            "total size of jsonb array elements exceeds", "total size of jsonb object elements exceeds",
            "invalid memory alloc request size", "array size exceeds the maximum allowed");

    private Failures() {
    }

    /** The server's error: for a failed batch the chained one, not pgjdbc's wrapper. */
    static SQLException serverError(SQLException e) {
        SQLException original = original(e);
        SQLException next = original.getNextException();
        return next != null ? next : original;
    }

    /** The driver's or server's exception inside the suite's own wrappers. */
    static SQLException original(SQLException e) {
        if (e instanceof LocatedFailure located) {
            return located.original();
        }
        return e instanceof ChunkFailure chunk ? chunk.original() : e;
    }

    static boolean rowCaused(SQLException e) {
        SQLException server = serverError(e);
        String state = server.getSQLState();
        return state != null && state.length() == 5 && ROW_CLASSES.contains(state.substring(0, 2).toUpperCase(Locale.ROOT))
                && !statementTooLarge(server);
    }

    static boolean statementTooLarge(SQLException e) {
        String message = String.valueOf(serverError(e).getMessage());
        return STATEMENT_SIZE_MESSAGES.stream().anyMatch(message::contains);
    }

    /**
     * What to throw for a failure no row caused: the original error, or for a statement over a size limit a
     * message that says so and names the fix.
     */
    static SQLException notARowsFault(SQLException e) {
        SQLException original = original(e);
        if (statementTooLarge(original)) {
            return new SQLException("one statement of the load exceeded a server size limit (no row is at fault; "
                    + "send fewer rows per statement with a smaller batchSize): "
                    + LoadException.oneLine(LoadException.serverMessage(original)), original.getSQLState(), original);
        }
        return original;
    }

    /** A failure that names its row, as the caller sees it: a LoadException when the row caused it. */
    static SQLException reported(LocatedFailure failure, long offset) {
        return rowCaused(failure) ? new LoadException(offset + failure.rowIndex(), failure.original())
                : notARowsFault(failure);
    }
}
