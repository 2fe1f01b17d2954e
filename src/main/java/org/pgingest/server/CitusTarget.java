package org.pgingest.server;

import org.pgingest.exit.StopOnExit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * A Citus cluster the suite starts for one run ({@code -Dpg.target=citus}): a coordinator and
 * {@code -Dpg.citus.workers} workers ({@link CitusSetup}), each a PostgreSQL of its own ({@link CitusNode}) with
 * citus preloaded and the suite's settings file, durability read back on every node. The benchmark connects to the
 * coordinator's {@code bench} database; the suite's schema is created there and Citus propagates it to the workers.
 * Closing it (or a JVM shutdown: Ctrl-C, SIGTERM) stops every node and removes its directory; after a
 * {@code kill -9} the next start's {@link LeftoverSweeper} does.
 *
 * <p>Settings beside the file's: {@code shared_preload_libraries} with citus first (Citus refuses to load after
 * another library that hooks the planner), and {@code max_prepared_transactions}: every COPY into a distributed
 * table is a two-phase commit on each worker connection it opens, one per shard placement (Citus 13.2,
 * multi_copy.c), so a worker needs many; PostgreSQL's default is 0. Two of Citus' background jobs are off, because
 * each node's costs are counted per window and they would land in whichever window they happen to run in: the
 * coordinator's distributed deadlock detection (a query on every node every 2 s; the suite's writers each write a
 * table of their own and cannot deadlock) and its 2PC recovery (every 60 s it reads pg_prepared_xacts on every
 * worker and deletes the finished transactions' rows from pg_dist_transaction, which therefore grows for the life of
 * the suite's cluster, a run's).
 */
public final class CitusTarget extends TargetBase implements CitusNodes {
    private static final Logger LOG = LoggerFactory.getLogger(CitusTarget.class);
    /** Two-phase transactions a worker may hold at once: 32 shards' COPY by several writers. */
    static final String MAX_PREPARED_TRANSACTIONS = "200";
    /** The cluster facts' entry naming the workers whose durability is off. */
    static final String WORKERS_DURABILITY_OFF = "workersDurabilityOff";

    private final List<CitusNode> nodes;
    private final StopOnExit stopOnExit = new StopOnExit("pg-ingest-bench-citus-shutdown", this::stop);
    private final Map<String, ServerFacts> workerFacts = new LinkedHashMap<>();
    private final Map<String, String> clusterFacts = new LinkedHashMap<>();

    private CitusTarget(List<CitusNode> nodes, String schema) {
        super(new Endpoint("localhost", nodes.get(0).port(), OwnedServer.BENCHMARK_DATABASE, "postgres", Secret.none()),
                schema, Map.of(), OwnedServer.MONITOR_DATABASE);
        this.nodes = List.copyOf(nodes);
    }

    /** The settings every node runs: the file's, with citus preloaded and prepared transactions allowed. */
    static ServerSettings nodeSettings(ServerSettings file) {
        String preload = file.values().getOrDefault("shared_preload_libraries", "");
        List<String> libraries = new ArrayList<>(List.of("citus"));
        for (String library : preload.split(",")) {
            if (!library.isBlank() && !library.trim().equals("citus")) {
                libraries.add(library.trim());
            }
        }
        return file.withOverrides(Map.of("shared_preload_libraries", String.join(",", libraries),
                "max_prepared_transactions", MAX_PREPARED_TRANSACTIONS,
                "citus.distributed_deadlock_detection_factor", "-1", "citus.recover_2pc_interval", "-1"));
    }

    /** Starts the cluster {@code config} names; nothing is left where it cannot. */
    public static CitusTarget start(TargetConfig config) {
        Path home = config.citus().requireInstall();
        ServerSettings settings = nodeSettings(config.settings());
        LeftoverSweeper.sweep();
        List<CitusNode> nodes = new ArrayList<>();
        CitusTarget target = null;
        try {
            nodes.add(CitusNode.start(COORDINATOR, home, settings.values()));
            for (int i = 1; i <= config.citus().workers(); i++) {
                nodes.add(CitusNode.start("worker" + i, home, settings.values()));
            }
            target = new CitusTarget(nodes, config.schema());
            target.stopOnExit.register();
            for (CitusNode node : nodes) {
                createExtension(node);
            }
            addWorkers(nodes);
            OwnedServer.prepare(target, config.withSettings(settings));
            for (CitusNode worker : nodes.subList(1, nodes.size())) {
                target.workerFacts.put(worker.name(), readFacts(worker, settings));
            }
            target.requireDurabilityOnEveryNode();
            try (Connection c = connect(nodes.get(0), OwnedServer.BENCHMARK_DATABASE)) {
                target.clusterFacts.putAll(clusterFacts(c, nodes.size()));
            }
            target.clusterFacts.putAll(workerDurability(target.workerFacts));
        } catch (SQLException | RuntimeException e) {
            if (target != null) {
                target.close();
            } else {
                nodes.forEach(CitusNode::stop);
            }
            if (e instanceof TargetException te) {
                throw te;
            }
            throw new TargetException("the Citus cluster started but could not be prepared: " + e.getMessage(), e);
        }
        LOG.info("Citus: coordinator and {} workers; {}", nodes.size() - 1, target.facts().summary());
        return target;
    }

    /**
     * The benchmark database and Citus in it, on each node; where the monitor reads, pg_stat_statements and
     * pg_walinspect (the node's two-phase commits are counted in its WAL).
     */
    private static void createExtension(CitusNode node) throws SQLException {
        try (Connection admin = connect(node, OwnedServer.MONITOR_DATABASE); Statement st = admin.createStatement()) {
            st.execute("CREATE DATABASE " + OwnedServer.BENCHMARK_DATABASE);
            st.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
            st.execute("CREATE EXTENSION IF NOT EXISTS pg_walinspect");
        }
        try (Connection bench = connect(node, OwnedServer.BENCHMARK_DATABASE); Statement st = bench.createStatement()) {
            st.execute("CREATE EXTENSION citus");
        }
    }

    /** The coordinator's own address, then each worker's, in the coordinator's metadata (pg_dist_node). */
    private static void addWorkers(List<CitusNode> nodes) throws SQLException {
        try (Connection coordinator = connect(nodes.get(0), OwnedServer.BENCHMARK_DATABASE);
             PreparedStatement self = coordinator.prepareStatement("SELECT citus_set_coordinator_host('localhost', ?)");
             PreparedStatement add = coordinator.prepareStatement("SELECT citus_add_node('localhost', ?)")) {
            self.setInt(1, nodes.get(0).port());
            self.execute();
            for (CitusNode worker : nodes.subList(1, nodes.size())) {
                add.setInt(1, worker.port());
                add.execute();
            }
        }
    }

    private static ServerFacts readFacts(CitusNode node, ServerSettings settings) throws SQLException {
        try (Connection admin = connect(node, OwnedServer.MONITOR_DATABASE)) {
            return ServerFacts.read(admin, TargetKind.CITUS, nodeEndpoint(node, OwnedServer.MONITOR_DATABASE), settings, null);
        }
    }

    /**
     * Each worker's durability settings as read back ({@code workerN.durability}), and under
     * {@value #WORKERS_DURABILITY_OFF} the workers where one is off, which every trial warns of: a worker's commits
     * and two-phase commits are counted on it, and with fsync off they cost it nothing.
     */
    static Map<String, String> workerDurability(Map<String, ServerFacts> workers) {
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> off = new ArrayList<>();
        workers.forEach((worker, read) -> {
            facts.put(worker + ".durability", read.durability());
            if (!read.durabilityOff().isEmpty()) {
                off.add(worker + ": " + String.join(", ", read.durabilityOff()));
            }
        });
        if (!off.isEmpty()) {
            facts.put(WORKERS_DURABILITY_OFF, String.join("; ", off));
        }
        return facts;
    }

    /**
     * Citus' version as the {@code coordinator}'s extension reports it and the node count; an external target at a
     * coordinator records the same (the shards are a table's: each trial's are in its facts' {@code distribution} line).
     */
    static Map<String, String> clusterFacts(Connection coordinator, int nodes) throws SQLException {
        Map<String, String> facts = new LinkedHashMap<>();
        try (Statement st = coordinator.createStatement();
             ResultSet rs = st.executeQuery("SELECT extversion, citus_version() FROM pg_extension WHERE extname = 'citus'")) {
            rs.next();
            facts.put("name", "citus");
            // citus_version(): "Citus 13.2.2 on x86_64-pc-linux-gnu, compiled by gcc ..."; extversion is the schema's
            facts.put("version", rs.getString(2).replaceFirst("^Citus (\\S+).*$", "$1"));
            facts.put("extensionVersion", rs.getString(1));
        }
        facts.put("nodes", String.valueOf(nodes));
        facts.put("workers", String.valueOf(nodes - 1));
        return facts;
    }

    @Override
    public ServerFacts facts() {
        return clusterFacts.isEmpty() ? super.facts() : super.facts().withCluster(clusterFacts);
    }

    /** fsync, synchronous_commit and full_page_writes as the file says on every node, read back with SHOW. */
    private void requireDurabilityOnEveryNode() {
        Map<String, ServerFacts> all = new LinkedHashMap<>();
        all.put(COORDINATOR, facts());
        all.putAll(workerFacts);
        all.forEach((node, facts) -> {
            for (String name : ServerSettings.DURABILITY) {
                if (facts.differences().containsKey(name)) {
                    throw new TargetException("Citus " + node + ": " + name + " " + facts.differences().get(name));
                }
            }
        });
    }

    private static Endpoint nodeEndpoint(CitusNode node, String database) {
        return new Endpoint("localhost", node.port(), database, "postgres", Secret.none());
    }

    private static Connection connect(CitusNode node, String database) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", "postgres");
        return DriverManager.getConnection(nodeEndpoint(node, database).jdbcUrl(), props);
    }

    /**
     * Makes {@code table} (schema-qualified) a distributed table hashed on {@code column}, or on the first column of
     * its primary key where that is null, in {@code shards} shards; its rows move to the workers. A column the table
     * does not have fails with one line naming those it has.
     */
    public static void distribute(Connection coordinator, String table, String column, int shards) throws SQLException {
        List<String> columns = new ArrayList<>();
        String primaryKeyFirst = null;
        try (PreparedStatement ps = coordinator.prepareStatement("SELECT a.attname, EXISTS (SELECT 1 FROM pg_index i "
                + "WHERE i.indrelid = a.attrelid AND i.indisprimary AND i.indkey[0] = a.attnum) FROM pg_attribute a "
                + "WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    columns.add(rs.getString(1));
                    if (rs.getBoolean(2)) {
                        primaryKeyFirst = rs.getString(1);
                    }
                }
            }
        }
        String hashed = column == null ? primaryKeyFirst : column;
        if (hashed == null) {
            throw new TargetException(table + " has no primary key to distribute on: name a column with "
                    + "-p distribution=hash:COLUMN (" + String.join(", ", columns) + "), or use -p distribution=local");
        }
        if (!columns.contains(hashed)) {
            throw new TargetException("-p distribution=hash:" + hashed + ": " + table + " has no such column; its "
                    + "columns: " + String.join(", ", columns));
        }
        // Citus (13.2) refuses a unique key without the distribution column, in its words ("cannot create
        // constraint on users_0"): said here, naming the key and the ways out
        try (PreparedStatement ps = coordinator.prepareStatement("SELECT c.relname FROM pg_index i JOIN pg_class c ON "
                + "c.oid = i.indexrelid WHERE i.indrelid = ?::regclass AND i.indisunique AND NOT EXISTS (SELECT 1 FROM "
                + "pg_attribute a WHERE a.attrelid = i.indrelid AND a.attname = ? AND a.attnum = ANY (i.indkey::int2[])) "
                + "ORDER BY 1")) {
            ps.setString(1, table);
            ps.setString(2, hashed);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    throw new TargetException(table + " has a unique key, " + rs.getString(1) + ", without " + hashed
                            + ", the column it is hashed on, which Citus refuses: with a published shape use -p "
                            + "indexes=PK, else name a column of every unique key with -p distribution=hash:COLUMN, or "
                            + "use -p distribution=local");
                }
            }
        }
        try (PreparedStatement ps = coordinator.prepareStatement(
                "SELECT create_distributed_table(?::regclass, ?, shard_count := ?)")) {
            ps.setString(1, table);
            ps.setString(2, hashed);
            ps.setInt(3, shards);
            ps.execute();
        }
    }

    @Override
    public Optional<CitusNodes> citusNodes() {
        return Optional.of(this);
    }

    /**
     * Makes {@code table} a reference table (a copy on every node): the target of a distributed table's foreign key
     * must be one, Citus (13.2) refuses a foreign key from a distributed table to a plain table on the coordinator.
     */
    public static void makeReference(Connection coordinator, String table) throws SQLException {
        try (PreparedStatement ps = coordinator.prepareStatement("SELECT create_reference_table(?::regclass)")) {
            ps.setString(1, table);
            ps.execute();
        }
    }

    /**
     * How {@code table} lies on the cluster, read from Citus' metadata: {@code distribution} ("hash:COLUMN",
     * "reference" or "local": no row in pg_dist_partition) and {@code shards} (pg_dist_shard; 0 for a local table).
     */
    public static Map<String, Object> placement(Connection coordinator, String table) throws SQLException {
        Map<String, Object> placement = new LinkedHashMap<>();
        try (PreparedStatement ps = coordinator.prepareStatement("SELECT p.partmethod, "
                + "column_to_column_name(p.logicalrelid, p.partkey), (SELECT count(*) FROM pg_dist_shard s "
                + "WHERE s.logicalrelid = p.logicalrelid) FROM pg_dist_partition p WHERE p.logicalrelid = ?::regclass")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    placement.put("distribution", "local");
                    placement.put("shards", 0L);
                } else {
                    // partmethod: 'h' hash-distributed, 'n' none (a reference table), 'a' append, 'r' range
                    placement.put("distribution", rs.getString(1).equals("h") ? "hash:" + rs.getString(2)
                            : rs.getString(1).equals("n") ? "reference" : rs.getString(1));
                    placement.put("shards", rs.getLong(3));
                }
            }
        }
        return placement;
    }

    /** Each node's name ("coordinator", "worker1", ...) and its benchmark database, as the per-node costs read them. */
    @Override
    public Map<String, Endpoint> nodes() {
        Map<String, Endpoint> endpoints = new LinkedHashMap<>();
        nodes.forEach(node -> endpoints.put(node.name(), nodeEndpoint(node, OwnedServer.BENCHMARK_DATABASE)));
        return endpoints;
    }

    /** The node's monitor database (not the benchmark's, whose counters it reads). */
    @Override
    public DataSource nodeMonitor(String node) {
        CitusNode found = nodes.stream().filter(n -> n.name().equals(node)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no node " + node + " in this cluster"));
        return DataSources.create(nodeEndpoint(found, OwnedServer.MONITOR_DATABASE), null, Map.of());
    }

    @Override
    public Map<String, ServerFacts> workerFacts() {
        return Map.copyOf(workerFacts);
    }

    /** The node's postmaster, while it runs (tests stop a worker mid-iteration). */
    ProcessHandle postmaster(String node) {
        return nodes.stream().filter(n -> n.name().equals(node)).findFirst().flatMap(CitusNode::postmaster).orElseThrow();
    }

    /** Every node's run directory; removed on close. */
    List<Path> runDirectories() {
        return nodes.stream().map(CitusNode::runDirectory).toList();
    }

    @Override
    public TargetKind kind() {
        return TargetKind.CITUS;
    }

    @Override
    public void close() {
        stopOnExit.close();
    }

    /** Workers first, then the coordinator, whose 2PC recovery would otherwise keep calling on them. */
    private void stop() {
        for (int i = nodes.size() - 1; i >= 0; i--) {
            nodes.get(i).stop();
        }
    }
}
