package org.pgingest.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The loading session's settings that a function of the table (a trigger's, a CHECK's) could change for the rest of
 * the session with {@code set_config(..., false)}, read when the trial starts and checked after each iteration: a
 * changed synchronous_commit would measure a durability the run does not record, and a changed search_path would send
 * the suite's own statements to relations of the table's DDL.
 *
 * @param synchronousCommit the session's synchronous_commit
 * @param searchPath        the session's search_path
 */
record SessionPins(String synchronousCommit, String searchPath) {
    static SessionPins read(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT pg_catalog.current_setting('synchronous_commit'), "
                     + "pg_catalog.current_setting('search_path')")) {
            rs.next();
            return new SessionPins(rs.getString(1), rs.getString(2));
        }
    }

    /** Throws when {@code now} differs: the iteration's figures are not the run's. */
    void check(SessionPins now) {
        if (!now.equals(this)) {
            String what = !now.synchronousCommit.equals(synchronousCommit)
                    ? "synchronous_commit from " + synchronousCommit + " to " + now.synchronousCommit
                    : "search_path from " + searchPath + " to " + now.searchPath;
            throw new IllegalStateException("a function the table calls changed the loading session's " + what
                    + ": the figures would not be the run's settings; the suite does not measure a table whose code "
                    + "changes the session (set_config(..., false) or SET in a trigger or CHECK function)");
        }
    }
}
