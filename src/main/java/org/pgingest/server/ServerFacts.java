package org.pgingest.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the server says about itself at start: version, the effective value of every setting in the
 * suite's settings file (and a few more that change what a write costs), and the differences from the
 * file. Recorded with every result.
 *
 * @param target              where the server came from
 * @param endpoint            user@host:port/database (never a password)
 * @param versionString       {@code SHOW server_version}, e.g. "17.6"
 * @param versionNum          {@code server_version_num}, e.g. 170006
 * @param settings            effective values; null value = the server does not know the setting
 * @param differences         setting to "expected X, server has Y", for every file setting that differs
 * @param overrides           settings this run asked to change from the file
 * @param statementsSchema    schema of the pg_stat_statements view where the monitor reads it, or null when it
 *                            cannot be read there (see {@code statementsMissing})
 * @param statementsMissing   why pg_stat_statements cannot be read, or null when it can
 * @param image               the container image the server runs in ({@code -Dpg.image} with its tag), or null
 *                            for servers not started from an image
 * @param pooler              the pooler between the loaders and the server ({@code -Dpg.via}): name, version and
 *                            pool mode; empty when they connect directly
 * @param cluster             the cluster the server coordinates ({@code -Dpg.target=citus}): Citus' version, nodes
 *                            and shards per distributed table; empty for one server
 * @param eventTriggers       on an external server, the benchmark database's event triggers that fire on the suite's
 *                            DDL ("name on event"); empty elsewhere (a server the suite starts has none of the user's)
 */
public record ServerFacts(TargetKind target, String endpoint, String versionString, int versionNum,
                          Map<String, String> settings, Map<String, String> differences,
                          Map<String, String> overrides, String statementsSchema, String statementsMissing,
                          String image, Map<String, String> pooler, Map<String, String> cluster,
                          List<String> eventTriggers) {

    /** Read back besides the file's own settings: they decide how much WAL a row costs. */
    static final List<String> ALSO_RECORDED = List.of("data_checksums", "wal_compression", "wal_sync_method",
            "wal_buffers", "commit_delay", "server_encoding", "block_size", "wal_segment_size");

    public ServerFacts {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        differences = Collections.unmodifiableMap(new LinkedHashMap<>(differences));
        overrides = Collections.unmodifiableMap(new LinkedHashMap<>(overrides));
        pooler = Collections.unmodifiableMap(new LinkedHashMap<>(pooler));
        cluster = Collections.unmodifiableMap(new LinkedHashMap<>(cluster));
        eventTriggers = List.copyOf(eventTriggers);
    }

    /** The same facts with the loaders connecting through {@code poolerFacts} (name, version, pool mode). */
    ServerFacts withPooler(Map<String, String> poolerFacts) {
        return new ServerFacts(target, endpoint, versionString, versionNum, settings, differences, overrides,
                statementsSchema, statementsMissing, image, poolerFacts, cluster, eventTriggers);
    }

    /** The same facts of a coordinator, with its cluster's ({@code clusterFacts}: Citus version, nodes, shards). */
    ServerFacts withCluster(Map<String, String> clusterFacts) {
        return new ServerFacts(target, endpoint, versionString, versionNum, settings, differences, overrides,
                statementsSchema, statementsMissing, image, pooler, clusterFacts, eventTriggers);
    }

    /** Whether planning and execution time can be read from pg_stat_statements. */
    public boolean pgStatStatements() {
        return statementsSchema != null;
    }

    public int major() {
        return versionNum / 10000;
    }

    public boolean fsyncOff() {
        return !"on".equalsIgnoreCase(settings.get("fsync"));
    }

    /** Durability settings that are not on; empty for a production-like server. */
    List<String> durabilityOff() {
        List<String> off = new ArrayList<>();
        for (String name : ServerSettings.DURABILITY) {
            if (!"on".equalsIgnoreCase(settings.get(name))) {
                off.add(name + "=" + settings.get(name));
            }
        }
        Collections.sort(off);
        return off;
    }

    /** The durability settings as read back, by name: {@code fsync=on, full_page_writes=on, synchronous_commit=on}. */
    String durability() {
        return ServerSettings.DURABILITY.stream().sorted().map(name -> name + "=" + settings.get(name))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** Lines a run must print prominently: durability off, and any setting that differs from the file. */
    public List<String> warnings() {
        List<String> lines = new ArrayList<>();
        if (fsyncOff()) {
            lines.add("FSYNC IS OFF on this server: commits are not flushed to disk, so fsync counts are 0 and "
                    + "every method that commits often looks faster than it is in production.");
        }
        List<String> off = durabilityOff();
        if (!off.isEmpty()) {
            lines.add("Durability differs from production: " + String.join(", ", off)
                    + (overrides.isEmpty() ? "" : " (this run's overrides: " + overrides + ")"));
        }
        differences.forEach((name, what) -> {
            if (!ServerSettings.DURABILITY.contains(name)) {
                lines.add("Setting " + name + ": " + what);
            }
        });
        if (!eventTriggers.isEmpty()) {
            lines.add("Event triggers of this database fire on the suite's DDL in its schema (its tables' CREATE, "
                    + "ALTER and DROP): " + String.join(", ", eventTriggers) + "; what they write is theirs, "
                    + "outside the suite's schema, and the suite leaves them enabled");
        }
        if (statementsMissing != null) {
            lines.add("Planning and execution time will be reported missing: " + statementsMissing);
        }
        if (cluster.containsKey(CitusTarget.WORKERS_DURABILITY_OFF)) {
            lines.add("Durability differs from production on Citus " + cluster.get(CitusTarget.WORKERS_DURABILITY_OFF));
        }
        if (cluster.containsKey(ExternalCitus.UNMEASURED)) {
            lines.add(cluster.get(ExternalCitus.UNMEASURED));
        }
        return lines;
    }

    /** A one-line summary for logs. */
    public String summary() {
        return "PostgreSQL " + versionString + " (" + target.id() + ", " + endpoint + "), fsync="
                + settings.get("fsync") + ", synchronous_commit=" + settings.get("synchronous_commit")
                + ", full_page_writes=" + settings.get("full_page_writes") + ", data_checksums="
                + settings.get("data_checksums") + (pooler.isEmpty() ? ""
                : ", loaders through " + pooler.get("name") + " " + pooler.get("version") + " (" + pooler.get("poolMode") + " pooling)");
    }

    /**
     * Reads version and settings over {@code connection}, comparing with {@code expected}.
     *
     * @param monitor a connection to the database where pg_stat_statements would be installed
     * @param image   the container image, or null
     */
    static ServerFacts read(Connection monitor, TargetKind target, Endpoint endpoint, ServerSettings expected,
                                   String image) throws SQLException {
        String versionString;
        int versionNum;
        try (Statement st = monitor.createStatement();
             ResultSet rs = st.executeQuery(
                     "SELECT current_setting('server_version'), current_setting('server_version_num')::int")) {
            rs.next();
            versionString = rs.getString(1);
            versionNum = rs.getInt(2);
        }
        Set<String> names = new LinkedHashSet<>(expected.values().keySet());
        names.addAll(ALSO_RECORDED);
        Map<String, String> settings = new LinkedHashMap<>();
        names.forEach(name -> settings.put(name, null));
        // pg_settings lists only what this role may see (shared_preload_libraries, for one, needs
        // pg_read_all_settings), where current_setting() on a hidden name raises an error.
        try (PreparedStatement ps = monitor.prepareStatement(
                "SELECT n.name, current_setting(s.name) FROM unnest(?::text[]) AS n(name) "
                        // setting names are case-insensitive; pg_settings spells some in mixed case (TimeZone)
                        + "JOIN pg_settings s ON lower(s.name) = lower(n.name)")) {
            ps.setArray(1, monitor.createArrayOf("text", names.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    settings.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        Map<String, String> differences = new LinkedHashMap<>();
        expected.values().forEach((name, want) -> {
            String have = settings.get(name);
            if (have == null) {
                differences.put(name, "the suite's file says " + want
                        + ", the server does not show it to this role (or does not know it)");
            } else if (!sameSetting(want, have)) {
                differences.put(name, "the suite's file says " + want + ", the server has " + have);
            }
        });
        String statementsSchema = null;
        String statementsMissing;
        try (Statement st = monitor.createStatement();
             ResultSet rs = st.executeQuery("SELECT extnamespace::regnamespace::text FROM pg_extension "
                     + "WHERE extname = 'pg_stat_statements'")) {
            statementsMissing = rs.next() ? null
                    : "the pg_stat_statements extension is not installed in database " + monitor.getCatalog()
                      + " (CREATE EXTENSION pg_stat_statements; the suite does not create it on an external server)";
            if (statementsMissing == null) {
                statementsSchema = rs.getString(1);
            }
        }
        if (statementsSchema != null) {
            statementsMissing = probeStatements(monitor, statementsSchema);
            if (statementsMissing != null) {
                statementsSchema = null;
            }
        }
        return new ServerFacts(target, endpoint.describe(), versionString, versionNum, settings, differences,
                expected.overrides(), statementsSchema, statementsMissing, image, Map.of(), Map.of(),
                target == TargetKind.EXTERNAL ? eventTriggers(monitor) : List.of());
    }

    /**
     * The event triggers that fire on the suite's CREATE, ALTER and DROP in its schema: those enabled for sessions in
     * the default session_replication_role (origin), 'O', and 'A' (always). They are the user's, per database (the
     * external target's monitor connects to its benchmark database); the suite names them and leaves them be.
     */
    private static List<String> eventTriggers(Connection monitor) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement st = monitor.createStatement();
             ResultSet rs = st.executeQuery("SELECT evtname, evtevent FROM pg_catalog.pg_event_trigger "
                     + "WHERE evtenabled IN ('O', 'A') ORDER BY evtname")) {
            while (rs.next()) {
                names.add(rs.getString(1) + " on " + rs.getString(2));
            }
        }
        return names;
    }

    /** Null when the view can be read; otherwise the server's reason (typically: not preloaded). */
    private static String probeStatements(Connection monitor, String schema) throws SQLException {
        boolean autoCommit = monitor.getAutoCommit();
        try (Statement st = monitor.createStatement()) {
            st.executeQuery("SELECT 1 FROM " + schema + ".pg_stat_statements LIMIT 1").close();
            return null;
        } catch (SQLException e) {
            if (!autoCommit) {
                monitor.rollback();
            }
            return "pg_stat_statements cannot be read: " + TargetException.oneLine(e.getMessage());
        }
    }

    private static boolean sameSetting(String want, String have) {
        return have != null && want.trim().toLowerCase(Locale.ROOT).equals(have.trim().toLowerCase(Locale.ROOT));
    }

    /** A JSON-ready view (no password: the endpoint never holds one). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", target.id());
        m.put("endpoint", endpoint);
        if (image != null) {
            m.put("image", image);
        }
        // null when the loaders connect directly: every facts line says which
        m.put("pooler", pooler.isEmpty() ? null : pooler);
        if (!cluster.isEmpty()) {
            m.put("cluster", cluster);
        }
        m.put("serverVersion", versionString);
        m.put("serverVersionNum", versionNum);
        m.put("fsyncOff", fsyncOff());
        m.put("settings", settings);
        m.put("differences", differences);
        m.put("overrides", overrides);
        m.put("pgStatStatements", pgStatStatements());
        m.put("pgStatStatementsMissing", statementsMissing);
        m.put("eventTriggers", eventTriggers);
        m.put("warnings", warnings());
        return m;
    }
}
