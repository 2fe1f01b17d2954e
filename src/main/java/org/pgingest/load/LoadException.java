package org.pgingest.load;

import java.sql.SQLException;

/** A row was rejected. The table is as it was before the call (for atomic loaders). */
public class LoadException extends SQLException {
    private static final long serialVersionUID = 1L;
    private final long rowIndex;

    LoadException(long rowIndex, SQLException cause) {
        super((rowIndex >= 0 ? "row " + rowIndex + " of the input was rejected: " : "the load was rejected: ")
                + oneLine(serverMessage(cause)), cause.getSQLState(), cause);
        this.rowIndex = rowIndex;
    }

    /**
     * Index of the offending row in the caller's input (0-based), or -1 when it could not be told: streamed
     * input whose failing row conflicts with a row of an earlier chunk, or a failure that did not repeat.
     */
    public long rowIndex() {
        return rowIndex;
    }

    /** Folds a server message's "Detail:" and "Hint:" lines onto one line. */
    static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").trim();
    }

    /** The server's message: for a failed batch, the chained error rather than pgjdbc's wrapper. */
    static String serverMessage(SQLException e) {
        SQLException next = e.getNextException();
        return next != null && next.getMessage() != null ? next.getMessage() : String.valueOf(e.getMessage());
    }
}
