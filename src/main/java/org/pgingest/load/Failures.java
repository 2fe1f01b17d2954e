package org.pgingest.load;

import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.SQLException;
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
     * Server source files whose PROGRAM_LIMIT_EXCEEDED (54000) is a whole statement's size, not a row's: a jsonb
     * container over 256 MB (jsonb_util.c), an array over MaxArraySize elements (arrayutils.c) or, expanded, over
     * MaxAllocSize bytes (array_expanded.c).
     * The error's file field (F) is the server's own source name, which lc_messages does not translate, unlike
     * its message (PostgreSQL 9.x-18).
     */
    private static final Set<String> STATEMENT_SIZE_FILES = Set.of("jsonb_util.c", "arrayutils.c", "array_expanded.c");
    /**
     * arrayfuncs.c raises 54000 both for an array over MaxAllocSize bytes (a statement's size) and for a value
     * with too many dimensions (a row's): the first names MaxAllocSize among its arguments, which are numbers and
     * stay as they are in every translation.
     */
    private static final String MAX_ALLOC_SIZE = "1073741823";

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

    /**
     * Whether the error is a statement over a server size limit: one of the 54000 above, or palloc's
     * "invalid memory alloc request size" (XX000 from mcxt.c). Told by SQLSTATE and the error's source file.
     */
    static boolean statementTooLarge(SQLException e) {
        SQLException server = serverError(e);
        ServerErrorMessage fields = server instanceof PSQLException p ? p.getServerErrorMessage() : null;
        if (fields == null || fields.getFile() == null) {
            return false;
        }
        String file = fields.getFile();
        return switch (String.valueOf(server.getSQLState())) {
            case "54000" -> STATEMENT_SIZE_FILES.contains(file)
                    || file.equals("arrayfuncs.c") && String.valueOf(fields.getMessage()).contains(MAX_ALLOC_SIZE);
            case "XX000" -> file.equals("mcxt.c");
            default -> false;
        };
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
