package org.pgingest.server;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Opens a first connection and turns the driver's failure into one line a user can act on: which
 * host and port, which user, what to check. The password never appears in it.
 */
final class ConnectionCheck {
    private ConnectionCheck() {
    }

    static Connection open(DataSource dataSource, Endpoint endpoint, String hint) {
        try {
            return dataSource.getConnection();
        } catch (SQLException e) {
            throw new TargetException(describe(e, endpoint, hint), e);
        }
    }

    static String describe(SQLException e, Endpoint endpoint, String hint) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String where = endpoint.host() + ":" + endpoint.port();
        String driverSays = endpoint.password().scrub(String.valueOf(e.getMessage()));
        String message;
        if (state.startsWith("28")) {
            // 28P01 invalid_password, 28000 invalid_authorization_specification (pg_hba rejects the role)
            message = "authentication failed for user '" + endpoint.user() + "' at " + where + "/"
                    + endpoint.database() + " (" + driverSays + ")";
        } else if ("3D000".equals(state)) {
            message = "database '" + endpoint.database() + "' does not exist at " + where;
        } else if (state.startsWith("08")) {
            message = "cannot reach PostgreSQL at " + where + " (" + driverSays + ")";
        } else {
            message = "cannot connect to PostgreSQL at " + where + " as '" + endpoint.user() + "' (" + driverSays + ")";
        }
        return hint == null ? message : message + "; " + hint;
    }
}
