package org.pgingest.server;

import org.pgingest.secret.SecretBearing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code -Dpg.conf.NAME=VALUE} on an external server, where the suite changes nothing server-wide: a setting a
 * session may choose for itself is given to every suite connection at its start (the startup packet's
 * {@code options}, as libpq's {@code PGOPTIONS="-c name=value"}); a setting only the server's configuration or a
 * restart changes is refused. pg_settings.context says which (PostgreSQL 14-18): {@code user} and
 * {@code superuser} can be SET by a session, {@code backend} and {@code superuser-backend} at connection start;
 * {@code sighup}, {@code postmaster} and {@code internal} cannot. A value the server rejects (or a superuser
 * setting the role may not set) fails the first connection with the server's own reason.
 */
public final class SessionSettings {
    /** The pg_settings contexts a session can take at its start. */
    public static final Set<String> PER_SESSION = Set.of("user", "superuser", "backend", "superuser-backend");

    private SessionSettings() {
    }

    /**
     * The pgjdbc {@code options} value that sets {@code overrides} in each session, checked against the server's
     * pg_settings over {@code connection}; throws {@link TargetException} naming a setting it cannot take per session.
     */
    static String startupOptions(Connection connection, Map<String, String> overrides) throws SQLException {
        for (String name : overrides.keySet()) {
            try (PreparedStatement ps = connection.prepareStatement(
                    "SELECT context, current_setting(name) FROM pg_settings WHERE lower(name) = lower(?)")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new TargetException("-Dpg.conf." + name + ": the external server has no setting " + name
                                + " (or does not show it to this role)");
                    }
                    String context = rs.getString(1);
                    if (!PER_SESSION.contains(context)) {
                        // the value as the server holds it may carry a secret (primary_conninfo's password=...)
                        throw new TargetException("-Dpg.conf." + name + ": on the external server " + name + " is "
                                + SecretBearing.maskedIn(rs.getString(2)) + " and only its configuration can change it (context " + context
                                + (context.equals("postmaster") ? ", a restart" : context.equals("sighup") ? ", a reload" : "")
                                + "); the suite changes nothing server-wide there: change it on the server, or leave the option out");
                    }
                }
            }
        }
        return startupOptions(overrides);
    }

    /** pgjdbc's {@code options} value for these settings: {@code -c name=value} each (values hold no spaces). */
    public static String startupOptions(Map<String, String> settings) {
        return settings.entrySet().stream().map(e -> "-c " + e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
