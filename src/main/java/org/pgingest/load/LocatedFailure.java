package org.pgingest.load;

import java.sql.SQLException;

/**
 * A failure whose row the driver or server told us (a COPY line number, a batch entry), thrown by a
 * loader's write step with the row's index in that step's input.
 */
final class LocatedFailure extends SQLException {
    private static final long serialVersionUID = 1L;
    private final long rowIndex;

    LocatedFailure(long rowIndex, SQLException cause) {
        super(cause.getMessage(), cause.getSQLState(), cause);
        this.rowIndex = rowIndex;
    }

    long rowIndex() {
        return rowIndex;
    }

    SQLException original() {
        return (SQLException) getCause();
    }
}
