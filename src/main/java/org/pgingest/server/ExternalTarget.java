package org.pgingest.server;

import org.pgingest.secret.SecretBearing;
import org.postgresql.Driver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server the user runs, given by JDBC URL with user and password from the environment. The suite changes
 * nothing there but its own schema: settings are read and compared with the suite's file (differences are
 * printed and recorded, not applied; an override a session may choose applies to the suite's sessions only,
 * {@link SessionSettings}), and pg_stat_statements is used only if already installed. A Citus coordinator is found
 * by its extension, and its workers measured where they answer ({@link ExternalCitus}).
 */
final class ExternalTarget extends TargetBase {
    private static final Logger LOG = LoggerFactory.getLogger(ExternalTarget.class);
    private static final String HINT = "check PGIB_JDBC_URL, PGIB_USER and PGIB_PASSWORD";
    /** pgjdbc's parsed-URL keys that Endpoint carries itself. */
    /** The port of a single-host URL: jdbc:postgresql://host:PORT/... */
    private static final Pattern URL_PORT = Pattern.compile("^jdbc:postgresql://[^/?,]*:(\\d+)(?:[/?]|$)");
    private static final Set<String> ENDPOINT_KEYS = Set.of("PGHOST", "PGPORT", "PGDBNAME", "user", "password");

    /** The Citus cluster the server coordinates, if it does ({@link ExternalCitus}); null for one server. */
    private ExternalCitus citus;

    // The monitor uses the benchmark database itself: on someone else's server the suite creates no database.
    private ExternalTarget(Endpoint endpoint, String schema, Map<String, String> options) {
        super(endpoint, schema, options, endpoint.database());
    }

    /**
     * pgjdbc's reading of a URL, without the warning it logs through java.util.logging on its way to answering null
     * (an undefined service=, a bad port): the refusal that follows says it in one line.
     */
    private static Properties parseQuietly(String url) {
        java.util.logging.Logger driverLog = java.util.logging.Logger.getLogger(Driver.class.getName());
        java.util.logging.Level level = driverLog.getLevel();
        driverLog.setLevel(java.util.logging.Level.OFF);
        try {
            return Driver.parseURL(url, new Properties());
        } finally {
            driverLog.setLevel(level);
        }
    }

    /** Where the external target's URL, user and password point, and the URL's other driver options. */
    private record Address(Endpoint endpoint, Map<String, String> options) {
    }

    private static Address address(TargetConfig config) {
        if (config.externalUrl() == null) {
            throw new TargetException("the external target needs the server's JDBC URL (-Dpg.url or PGIB_JDBC_URL, e.g. "
                    + "jdbc:postgresql://host:5432/db), a user (-Dpg.user or PGIB_USER) and PGIB_PASSWORD in the environment");
        }
        SecretBearing.inJdbcUrl(config.externalUrl()).ifPresent(what -> {
            throw new TargetException(secretInUrl("the JDBC URL", what));
        });
        Matcher urlPort = URL_PORT.matcher(config.externalUrl());
        if (urlPort.find() && (urlPort.group(1).length() > 5 || Integer.parseInt(urlPort.group(1)) > 65_535
                || Integer.parseInt(urlPort.group(1)) < 1)) {
            // pgjdbc would log a warning of its own and then give no URL at all.
            throw new TargetException("the JDBC URL's port " + urlPort.group(1) + " is not a TCP port (1 to 65535)");
        }
        Properties parsed = parseQuietly(config.externalUrl());
        if (parsed == null) {
            throw new TargetException("the JDBC URL (-Dpg.url or PGIB_JDBC_URL) is not a PostgreSQL JDBC URL pgjdbc reads: "
                    + "expected jdbc:postgresql://host:port/database" + (config.externalUrl().contains("service=")
                    ? " (a service= it names must be defined in a pg_service.conf pgjdbc finds)" : ""));
        }
        String host = parsed.getProperty("PGHOST", "localhost");
        if (host.contains(",")) {
            throw new TargetException("PGIB_JDBC_URL names several hosts (" + host + "); give exactly one");
        }
        Secret password = config.externalPassword();
        String user = config.externalUser() != null ? config.externalUser() : parsed.getProperty("user");
        if (user != null && user.contains(":")) {
            throw new TargetException(passwordInUser("the user (-Dpg.user, PGIB_USER or the URL's user=)"));
        }
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
        return new Address(endpoint, options);
    }

    static ExternalTarget connect(TargetConfig config) {
        Address address = address(config);
        Endpoint endpoint = address.endpoint();
        Map<String, String> options = address.options();
        Secret password = config.externalPassword();
        ExternalTarget target = new ExternalTarget(endpoint, config.schema(), options);
        try {
            Map<String, String> overrides = config.settings().overrides();
            if (!overrides.isEmpty()) {
                try (Connection connection = ConnectionCheck.open(target.monitorDataSource(), endpoint, HINT)) {
                    String sessionOptions = SessionSettings.startupOptions(connection, overrides);
                    options.merge("options", sessionOptions, (url, suite) -> url + " " + suite);
                }
                target = new ExternalTarget(endpoint, config.schema(), options);
            }
            try (Connection connection = ConnectionCheck.open(target.monitorDataSource(), endpoint, HINT)) {
                target.prepare(connection, config);
                target.citus = ExternalCitus.detect(connection, endpoint, options, config.settings()).orElse(null);
            }
        } catch (SQLException e) {
            throw new TargetException("external server " + endpoint.describe() + ": "
                    + password.scrub(e.getMessage()), e);
        }
        LOG.info("{}", target.facts().summary());
        return target;
    }

    /**
     * A session at the external server, in no schema, named {@code applicationName} in pg_stat_activity, that the
     * server keeps however long it idles: the one {@link SchemaLock} holds. A server that cannot be reached is one line
     * naming it.
     */
    static Connection session(TargetConfig config, String applicationName) {
        Address address = address(config);
        Map<String, String> options = new LinkedHashMap<>(address.options());
        options.put("ApplicationName", applicationName);
        // idle_session_timeout (14+, a role's or database's setting too) would end the idle session and free the lock
        // mid-run. pgjdbc sends the application name and its own settings in the startup packet only for servers it
        // may assume 9.0 or later, else as statements: transactions another run's cost window would count.
        options.merge("options", "-c idle_session_timeout=0", (url, suite) -> url + " " + suite);
        options.put("assumeMinServerVersion", "9.0");
        return ConnectionCheck.open(DataSources.create(address.endpoint(), null, options), address.endpoint(), HINT);
    }

    /**
     * The refusal of a URL that carries a secret, naming what carries it. A URL travels further than an environment
     * variable: the launcher hands -Dpg.url to every JMH fork as a JVM argument, and JMH records those in its JSON.
     */
    static String secretInUrl(String url, String what) {
        return url + " carries " + what + ": a URL reaches every JMH fork's command line, which JMH prints and "
                + "records in its JSON; remove it, and give the user with -Dpg.user or PGIB_USER and the password "
                + "with PGIB_PASSWORD (the suite reads no other secret)";
    }

    /**
     * The refusal of a user name with a colon, which reads as user:password: the server's refusal of the login would
     * echo it whole, and -Dpg.user reaches every JMH fork's command line. A role named with a colon is beyond the suite.
     */
    static String passwordInUser(String what) {
        return what + " holds a ':', read as user:password: the user reaches every JMH fork's command line and the "
                + "server's login errors; give the user alone and the password with PGIB_PASSWORD (a role name with a ':' "
                + "is beyond the suite)";
    }

    @Override
    public TargetKind kind() {
        return TargetKind.EXTERNAL;
    }

    @Override
    public ServerFacts facts() {
        return citus == null ? super.facts() : super.facts().withCluster(citus.clusterFacts());
    }

    @Override
    public Optional<CitusNodes> citusNodes() {
        return citus != null && citus.measurable() ? Optional.of(citus) : Optional.empty();
    }

    /** Nothing to stop: the server is the user's. The suite's schema stays for the next run. */
    @Override
    public void close() {
    }
}
