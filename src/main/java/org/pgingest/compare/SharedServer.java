package org.pgingest.compare;

import org.pgingest.cli.UsageException;
import org.pgingest.server.Endpoint;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.SessionSettings;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetException;
import org.pgingest.server.TargetKind;
import org.pgingest.workload.SchemaRefusedException;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.ddl.Identifiers;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The one server every side of a comparison or ranking loads into: the target the leading {@code -D} options name (an
 * embedded server by default, started here once), which every run of every side reaches as an external target, each
 * side in a schema of its own ({@code pgingest_baseline}, {@code pgingest_candidate}; a ranking's
 * {@code pgingest_rank<pid>_c<n>}) and with its own session settings.
 * Each JMH fork would otherwise start a server of its own, and two servers are two machines' worth of difference.
 */
final class SharedServer implements AutoCloseable {
    /** Settings that change who a session is rather than how it works. */
    private static final Set<String> IDENTITY = Set.of("role", "session_authorization");

    private final PostgresTarget target;
    private final TargetConfig config;

    private SharedServer(PostgresTarget target, TargetConfig config) {
        this.target = target;
        this.config = config;
    }

    /** Starts (embedded, container) or reaches (external) the server. */
    static SharedServer open(TargetConfig config) {
        PostgresTarget target = PostgresTarget.open(config);
        try {
            if (config.kind() != TargetKind.EXTERNAL) {
                // The sides reach it as an external target, which reads statement statistics in the benchmark database
                // itself; a server the suite owns has the extension in its maintenance database only.
                try (Connection c = target.dataSource().getConnection(); Statement st = c.createStatement()) {
                    st.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
                }
            }
            return new SharedServer(target, config);
        } catch (SQLException | RuntimeException e) {
            target.close();
            throw new TargetException("the run's server started but could not be prepared: " + e.getMessage(), e);
        }
    }

    /** "embedded", "container", "external": where the server came from. */
    TargetKind kind() {
        return target.kind();
    }

    /** One line for the log, e.g. "PostgreSQL 17.11 (embedded, postgres@localhost:5432/bench), fsync=on, ...". */
    String summary() {
        return target.facts().summary();
    }

    /** What the server's facts say a reader must not miss (durability off, a setting that differs, ...). */
    List<String> warnings() {
        return target.facts().warnings();
    }

    /**
     * The side's JDBC URL: the server's, with the side's session settings as pgjdbc's {@code options} parameter. On an
     * external server the settings given for both sides are session settings too (the suite changes nothing
     * server-wide there, {@link SessionSettings}), so they come first; a server the run started has them in its
     * configuration already. The sides get them here rather than as {@code -Dpg.conf} options: a side's build may
     * predate session settings on external targets, and would then only compare them.
     */
    String url(SideOptions side) {
        return url(side.settings());
    }

    /** The same for any sessions' settings (a candidate's, in {@code ./bench rank}). */
    String url(Map<String, String> sessionSettings) {
        boolean external = config.kind() == TargetKind.EXTERNAL;
        String base = external ? config.externalUrl() : target.endpoint().jdbcUrl();
        Map<String, String> settings = new LinkedHashMap<>(external ? config.settings().overrides() : Map.of());
        settings.putAll(sessionSettings);
        String options = SessionSettings.startupOptions(settings);
        if (options.isEmpty()) {
            return base;
        }
        if (base.contains("options=")) {
            throw new UsageException("the JDBC URL already carries pgjdbc's options parameter; give session settings "
                    + "there or as -Dpg.conf options, not both");
        }
        // pgjdbc URL-decodes parameter values (Driver.parseURL); a space must be %20, not '+'.
        return base + (base.contains("?") ? "&" : "?") + "options="
                + URLEncoder.encode(options, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The side's schema: the suite's schema with the side's name, e.g. {@code pgingest_candidate}. */
    String schema(Side side) {
        return schema(config, side);
    }

    /** The same for a configuration; a name PostgreSQL would refuse is a {@link TargetException}. */
    static String schema(TargetConfig config, Side side) {
        String schema = config.schema() + "_" + side.id();
        return config.withSchema(schema).schema();
    }

    /**
     * The environment of one side's launcher: the external target at this server, in the side's schema. The password
     * travels here only, never on a command line (JMH records its forks' JVM arguments in its JSON).
     */
    Map<String, String> environment(SideOptions side) {
        return environment(side.settings(), schema(side.side()));
    }

    /** The environment of a launcher whose sessions take {@code sessionSettings}, in {@code schema}. */
    Map<String, String> environment(Map<String, String> sessionSettings, String schema) {
        Endpoint endpoint = target.endpoint();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PGIB_TARGET", TargetKind.EXTERNAL.id());
        env.put("PGIB_JDBC_URL", url(sessionSettings));
        env.put("PGIB_USER", endpoint.user());
        env.put("PGIB_PASSWORD", endpoint.password().reveal());
        env.put("PGIB_SCHEMA", schema);
        return env;
    }

    /**
     * On an external server, the sides' schemas checked, then made where absent, before any fork: a schema that is not
     * the suite's is one line here, with nothing made (a side's fork found one 24 s in, an adversarial pass saw).
     */
    void prepareSideSchemas() {
        if (config.kind() != TargetKind.EXTERNAL) {
            return;
        }
        try (Connection c = target.dataSource().getConnection()) {
            for (Side side : Side.values()) {
                new SuiteSchema(schema(side)).checkExisting(c);
            }
            for (Side side : Side.values()) {
                new SuiteSchema(schema(side)).prepare(c);
            }
        } catch (SchemaRefusedException e) {
            throw new TargetException(e.getMessage(), e);
        } catch (SQLException e) {
            throw new TargetException("cannot prepare the sides' schemas: " + scrub(e), e);
        }
    }

    /**
     * On an external server, the line saying where the sides' tables stay (each side's launcher says it in its own log
     * only); empty elsewhere.
     */
    Optional<String> keptSchemas() {
        if (config.kind() != TargetKind.EXTERNAL) {
            return Optional.empty();
        }
        String baseline = schema(Side.BASELINE);
        String candidate = schema(Side.CANDIDATE);
        return Optional.of("schemas " + baseline + " and " + candidate + " kept on the server with the sides' "
                + "tables, for the next comparison; DROP SCHEMA " + Identifiers.quote(baseline) + ", "
                + Identifiers.quote(candidate) + " CASCADE drops them");
    }

    /** The server, for what the launcher itself does there (a table's setup, dropping what a run made). */
    PostgresTarget target() {
        return target;
    }

    /** The suite's schema on this server (where the run's own schemas are named from). */
    String baseSchema() {
        return config.schema();
    }

    /**
     * Checks the side's settings against this server and returns their effective values in the side's sessions: each
     * must exist, be settable per session ({@link SessionSettings#PER_SESSION}), be accepted by a session that starts
     * with it (a bad value, or a superuser setting for a role that is none, is the server's own one-line refusal), and
     * leave that session able to write.
     */
    Map<String, String> sessionSettings(SideOptions side) {
        return sessionSettings(side.settings(), "--" + side.side().id() + "-opt", " and both sides share one server; give it "
                + "once before --baseline for both, or compare two servers' runs with ./bench gate");
    }

    /**
     * The same for any settings, {@code option} naming where they were given and {@code serverWide} what to do with
     * a setting of the whole server.
     */
    Map<String, String> sessionSettings(Map<String, String> settings, String option, String serverWide) {
        Map<String, String> effective = new LinkedHashMap<>();
        if (settings.isEmpty()) {
            return effective;
        }
        for (Map.Entry<String, String> s : settings.entrySet()) {
            // SET ROLE and SET SESSION AUTHORIZATION are settings pg_settings does not list (PostgreSQL 14-18)
            if (IDENTITY.contains(s.getKey().toLowerCase(Locale.ROOT))) {
                throw new UsageException(option + " -Dpg.conf." + s.getKey() + "=" + s.getValue() + ": every candidate "
                        + "runs as the role the suite connects as, a limit of the suite; a role's own settings (ALTER "
                        + "ROLE ... SET) apply when the suite connects as it (-Dpg.url's user, or PGIB_USER)");
            }
        }
        try (Connection admin = target.dataSource().getConnection();
             PreparedStatement ps = admin.prepareStatement(
                     "SELECT name, context FROM pg_settings WHERE lower(name) = lower(?)")) {
            for (Map.Entry<String, String> s : settings.entrySet()) {
                ps.setString(1, s.getKey());
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new UsageException(option + " -Dpg.conf." + s.getKey() + "=" + s.getValue()
                                + ": this server has no setting " + s.getKey());
                    }
                    // A side's settings are given at its sessions' start: the contexts a session can take then.
                    if (!SessionSettings.PER_SESSION.contains(rs.getString(2))) {
                        throw new UsageException(option + " -Dpg.conf." + s.getKey() + "=" + s.getValue() + ": "
                                + rs.getString(1) + " is set for the whole server (context " + rs.getString(2)
                                + ")" + serverWide);
                    }
                }
            }
        } catch (SQLException e) {
            throw new TargetException("cannot read the server's settings: " + scrub(e), e);
        }
        Properties credentials = new Properties();
        credentials.setProperty("user", target.endpoint().user());
        if (target.endpoint().password().isPresent()) {
            credentials.setProperty("password", target.endpoint().password().reveal());
        }
        boolean readOnly;
        try (Connection session = DriverManager.getConnection(url(settings), credentials);
             PreparedStatement ps = session.prepareStatement("SELECT current_setting(?)")) {
            for (String name : settings.keySet()) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    effective.put(name, rs.getString(1));
                }
            }
            ps.setString(1, "transaction_read_only");
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                readOnly = rs.getString(1).equals("on");
            }
        } catch (SQLException e) {
            throw new UsageException(option + " " + settings + ": the server refused a session with these "
                    + "settings: " + scrub(e));
        }
        if (readOnly) {
            // default_transaction_read_only=on, say: every loader's first statement would fail in every fork
            throw new UsageException(option + " " + settings + ": a session with these settings is read-only "
                    + "(transaction_read_only is on), so no loader could write; leave out what makes it so");
        }
        return effective;
    }

    private String scrub(SQLException e) {
        return target.endpoint().password().scrub(TargetException.oneLine(e.getMessage()));
    }

    @Override
    public void close() {
        target.close();
    }
}
