package org.pgingest.server;

import org.postgresql.Driver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * A server the user runs, given by JDBC URL with user and password from the environment. The suite changes
 * nothing there but its own schema: settings are read and compared with the suite's file (differences are
 * printed and recorded, not applied), and pg_stat_statements is used only if already installed.
 */
public final class ExternalTarget extends TargetBase {
    private static final Logger LOG = LoggerFactory.getLogger(ExternalTarget.class);
    private static final String HINT = "check PGIB_JDBC_URL, PGIB_USER and PGIB_PASSWORD";
    /** pgjdbc's parsed-URL keys that Endpoint carries itself. */
    private static final Set<String> ENDPOINT_KEYS = Set.of("PGHOST", "PGPORT", "PGDBNAME", "user", "password");

    // The monitor uses the benchmark database itself: on someone else's server the suite creates no database.
    private ExternalTarget(Endpoint endpoint, String schema, Map<String, String> options) {
        super(endpoint, schema, options, endpoint.database());
    }

    public static ExternalTarget connect(TargetConfig config) {
        if (config.externalUrl() == null) {
            throw new TargetException("the external target needs PGIB_JDBC_URL (e.g. jdbc:postgresql://host:5432/db), "
                    + "PGIB_USER and PGIB_PASSWORD in the environment");
        }
        Properties parsed = Driver.parseURL(config.externalUrl(), new Properties());
        if (parsed == null) {
            throw new TargetException("PGIB_JDBC_URL is not a PostgreSQL JDBC URL: expected jdbc:postgresql://host:port/database");
        }
        String host = parsed.getProperty("PGHOST", "localhost");
        if (host.contains(",")) {
            throw new TargetException("PGIB_JDBC_URL names several hosts (" + host + "); give exactly one");
        }
        if (parsed.getProperty("password") != null) {
            // A URL travels further than an environment variable: the launcher hands -Dpg.url to every JMH
            // fork as a JVM argument, and JMH records JVM arguments in its JSON.
            throw new TargetException("the JDBC URL carries a password; remove it and set PGIB_PASSWORD instead");
        }
        Secret password = config.externalPassword();
        String user = config.externalUser() != null ? config.externalUser() : parsed.getProperty("user");
        if (user == null) {
            throw new TargetException("the external target needs a user: set PGIB_USER");
        }
        int port;
        try {
            port = Integer.parseInt(parsed.getProperty("PGPORT", "5432"));
        } catch (NumberFormatException e) {
            throw new TargetException("PGIB_JDBC_URL has an invalid port '" + parsed.getProperty("PGPORT") + "'", e);
        }
        Endpoint endpoint = new Endpoint(host, port, parsed.getProperty("PGDBNAME", user), user, password);
        Map<String, String> options = new LinkedHashMap<>();
        parsed.stringPropertyNames().stream().filter(k -> !ENDPOINT_KEYS.contains(k))
                .forEach(k -> options.put(k, parsed.getProperty(k)));

        ExternalTarget target = new ExternalTarget(endpoint, config.schema(), options);
        try (Connection connection = ConnectionCheck.open(target.monitorDataSource(), endpoint, HINT)) {
            target.prepare(connection, config);
        } catch (SQLException e) {
            throw new TargetException("external server " + endpoint.describe() + ": "
                    + password.scrub(e.getMessage()), e);
        }
        LOG.info("{}", target.facts().summary());
        return target;
    }

    @Override
    public TargetKind kind() {
        return TargetKind.EXTERNAL;
    }

    /** Nothing to stop: the server is the user's. The suite's schema stays for the next run. */
    @Override
    public void close() {
    }
}
