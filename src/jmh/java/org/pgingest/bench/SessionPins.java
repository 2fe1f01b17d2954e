package org.pgingest.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The loading session's settings that a function of the table (a trigger's, a CHECK's) could change for the rest of
 * the session with {@code set_config(..., false)}, read when the trial starts and checked after each iteration: a
 * changed synchronous_commit would measure a durability the run does not record, a changed search_path would send
 * the suite's own statements to relations of the table's DDL, and any other setting changed for the session (a
 * planner's, work_mem) would measure settings the run does not record.
 *
 * @param settings name to value: synchronous_commit, search_path and every setting whose source is the session
 */
record SessionPins(Map<String, String> settings) {
    static SessionPins read(Connection connection) throws SQLException {
        Map<String, String> settings = new TreeMap<>();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT name, setting FROM pg_catalog.pg_settings WHERE source = 'session' "
                     + "OR name IN ('synchronous_commit', 'search_path')")) {
            while (rs.next()) {
                settings.put(rs.getString(1), rs.getString(2));
            }
        }
        return new SessionPins(settings);
    }

    /** Throws when {@code now} differs: the iteration's figures are not the run's. */
    void check(SessionPins now) {
        TreeSet<String> changed = new TreeSet<>(settings.keySet());
        changed.addAll(now.settings.keySet());
        changed.removeIf(name -> String.valueOf(settings.get(name)).equals(String.valueOf(now.settings.get(name))));
        if (!changed.isEmpty()) {
            String name = changed.first();
            throw new IllegalStateException("a function the table calls changed the loading session's " + name
                    + " from " + settings.getOrDefault(name, "its default") + " to " + now.settings.get(name)
                    + (changed.size() > 1 ? " (and " + String.join(", ", changed.tailSet(name, false)) + ")" : "")
                    + ": the figures would not be the run's settings; the suite does not measure a table whose code "
                    + "changes the session (set_config(..., false) or SET in a trigger or CHECK function)");
        }
    }
}
