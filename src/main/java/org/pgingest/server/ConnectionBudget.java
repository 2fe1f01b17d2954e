package org.pgingest.server;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * How many more connections a server takes from the suite's role: {@code max_connections}, less the slots reserved
 * for roles the suite's is not (superuser_reserved_connections; reserved_connections from PostgreSQL 16, for
 * members of pg_use_reserved_connections), less the client connections already open. Background workers,
 * autovacuum and WAL senders have slots of their own and do not count. A run that needs more connections at once
 * than this fails mid-run ("too many clients") or waits on a pool forever; the launcher and {@code rate} check it
 * before anything starts.
 *
 * @param maxConnections the server's max_connections
 * @param reserved       slots this role cannot use
 * @param inUse          client connections open besides the one that counted them
 * @param adjustable     whether the suite starts the server, so that -Dpg.conf.max_connections changes it
 */
public record ConnectionBudget(int maxConnections, int reserved, int inUse, boolean adjustable) {
    /** The suite's own connections besides the clients: the counters' monitor and one for setup and checks. */
    static final int SUITE_CONNECTIONS = 2;
    /** PostgreSQL's own ceiling for max_connections (MAX_BACKENDS, 2^18 - 1, in 14-18). */
    static final int MAX_CONNECTIONS_LIMIT = 262_143;

    /** Connections the suite's role may still open. */
    int available() {
        return Math.max(0, maxConnections - reserved - inUse);
    }

    /**
     * A server the suite starts for each trial (embedded, container), from its settings: it connects as the
     * server's superuser, for whom no slot is reserved, and nothing else is connected.
     */
    public static ConnectionBudget ofSettings(ServerSettings settings) {
        String max = settings.values().get("max_connections");
        if (max == null) {
            // PostgreSQL's default when the file says nothing.
            return new ConnectionBudget(100, 0, 0, true);
        }
        try {
            return new ConnectionBudget(Integer.parseInt(max.trim()), 0, 0, true);
        } catch (NumberFormatException e) {
            // The embedded server was asked first and would have said so; a container's is asked only in a fork.
            throw new TargetException("max_connections=" + max + " is not a whole number of connections", e);
        }
    }

    /** A running server, asked over one of its connections. */
    public static ConnectionBudget of(DataSource monitor, boolean adjustable) throws SQLException {
        try (Connection c = monitor.getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT current_setting('max_connections')::int, "
                     + "current_setting('superuser_reserved_connections')::int, "
                     // reserved_connections and its role exist from 16 on; missing_ok gives NULL before.
                     + "coalesce(current_setting('reserved_connections', true)::int, 0), "
                     + "(SELECT rolsuper FROM pg_roles WHERE rolname = current_user), "
                     + "coalesce((SELECT pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles "
                     + "WHERE rolname = 'pg_use_reserved_connections'), false), "
                     // Another role's session shows its pid and user but a NULL backend_type to a role without
                     // pg_read_all_stats; counted as a client (it may be a parallel worker or WAL sender: this
                     // errs on the side of room). Background processes without a user are never counted.
                     + "(SELECT count(*) FROM pg_stat_activity WHERE usesysid IS NOT NULL "
                     + "AND coalesce(backend_type, 'client backend') = 'client backend')::int - 1")) {
            rs.next();
            boolean superuser = rs.getBoolean(4);
            int reserved = superuser ? 0 : rs.getInt(2) + (rs.getBoolean(5) ? 0 : rs.getInt(3));
            return new ConnectionBudget(rs.getInt(1), reserved, rs.getInt(6), adjustable);
        }
    }

    /**
     * Why {@code clients} connections at once (plus the suite's own) do not fit, in one line naming what the user
     * asked ({@code asked}, e.g. "-t 250") and the most that fits; empty when they fit.
     *
     * @param option the option that sets the clients, written so that the most that fits can follow ("-t ")
     */
    public Optional<String> problem(int clients, String asked, String option) {
        // long: a client count near Integer.MAX_VALUE (-p workers=2147483647) must not wrap round to "fits".
        long needed = (long) clients + SUITE_CONNECTIONS;
        if (needed <= available()) {
            return Optional.empty();
        }
        List<String> why = new ArrayList<>();
        why.add("max_connections " + maxConnections);
        if (reserved > 0) {
            why.add(reserved + " reserved for other roles");
        }
        why.add(inUse == 0 ? "none in use" : inUse + " in use");
        int most = available() - SUITE_CONNECTIONS;
        return Optional.of(asked + " needs " + needed + " connections at once (" + clients + " clients + "
                + SUITE_CONNECTIONS + " for the suite's counters and checks); the server takes " + available()
                + " (" + String.join(", ", why) + "): " + (most >= 1 ? "use " + option + most + " or fewer" : "no client fits")
                + (needed > MAX_CONNECTIONS_LIMIT ? " (no server takes " + needed + ": max_connections is at most "
                + MAX_CONNECTIONS_LIMIT + ")"
                : adjustable ? ", or raise it with -Dpg.conf.max_connections=" + needed
                : ", or close other sessions or raise max_connections on the server (a restart)"));
    }
}
