package org.pgingest.stats;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.load.CopyFormat;
import org.pgingest.load.CopyLoader;
import org.pgingest.server.CitusTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetKind;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.SuiteSchema;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Per-node costs on a real Citus cluster (coordinator and two workers, Citus 13.2.2 on PostgreSQL 15): a COPY into a
 * distributed table is one two-phase commit per shard it writes, on the worker holding that shard, as the server's
 * own placement metadata says; a COPY into a plain table prepares nothing anywhere.
 */
@RequiresPart(Part.CITUS)
class ClusterCostsTest {
    private static CitusTarget cluster;

    @BeforeAll
    static void start() {
        cluster = CitusTarget.start(TargetConfig.defaults().withKind(TargetKind.CITUS).withSetting("shared_buffers", "128MB"));
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aCopyIntoADistributedTablePreparesOncePerShardWrittenOnEachWorkerAndNeverOnTheCoordinator() throws Exception {
        Map<String, NodeCosts> costs;
        Map<String, long[]> written;
        String table;
        int rows = 2000;
        try (ServerCostMeter meter = ServerCostMeter.open(cluster); ClusterCostMeter nodes = ClusterCostMeter.open(cluster);
             Connection loader = cluster.dataSource().getConnection()) {
            PlannedTable users = PlannedTable.published(loader, new SuiteSchema(cluster.schema()), "users", "PK", "users_dist");
            table = users.table().qualifiedName();
            CitusTarget.distribute(loader, table, null, 32);
            // three windows, each a COPY of rows keyed from window x 1,000,000: from the second on, a window starts
            // with the connections the one before left behind closed and counted
            costs = Map.of();
            Map<Long, Long> before = Map.of();
            for (int window = 0; window < 3; window++) {
                List<Object[]> batch = users.rows(window, 0.1, window * 1_000_000L, 1).next(rows);
                before = rowsPerShard(table);
                costs = measure(meter, nodes, loader, () -> new CopyLoader(CopyFormat.BINARY).load(loader, users.table(), batch));
            }
            // What the last COPY wrote, per node: the shards whose rows it added to, placed as the coordinator's
            // metadata says
            written = writtenPerNode(before, rowsPerShard(table));
        }
        System.out.println("per node: " + describe(costs) + "; shards and rows written per node: " + describeWritten(written));
        assertThat(costs.keySet()).containsExactly("coordinator", "worker1", "worker2");
        assertThat(written.keySet()).containsExactlyInAnyOrder("worker1", "worker2");
        assertThat(costs.get("coordinator").twoPhase().prepared()).hasValue(0.0);
        for (String worker : List.of("worker1", "worker2")) {
            NodeCosts node = costs.get(worker);
            assertThat(node.costs().notes()).as(worker).isEmpty();
            assertThat(node.twoPhase().prepared()).as(worker + " prepared").hasValue((double) written.get(worker)[0]);
            assertThat(node.twoPhase().commitsPrepared()).as(worker + " committed prepared").hasValue((double) written.get(worker)[0]);
            // counted only once every connection's statistics reached the worker's counters
            assertThat(node.costs().require(CostFigure.TUPLES_INSERTED)).as(worker + " rows").isEqualTo(written.get(worker)[1]);
            assertThat(node.costs().require(CostFigure.COMMITS)).as(worker + " commits").isGreaterThanOrEqualTo(written.get(worker)[0]);
            assertThat(node.costs().require(CostFigure.WAL_FSYNCS)).as(worker + " WAL fsyncs").isPositive();
            assertThat(node.costs().require(CostFigure.WAL_BYTES)).as(worker + " WAL").isPositive();
        }
    }

    @Test
    void aCopyIntoAPlainTableOnTheCoordinatorPreparesNothingAnywhere() throws Exception {
        Map<String, NodeCosts> costs;
        String table;
        try (ServerCostMeter meter = ServerCostMeter.open(cluster); ClusterCostMeter nodes = ClusterCostMeter.open(cluster);
             Connection loader = cluster.dataSource().getConnection()) {
            PlannedTable users = PlannedTable.published(loader, new SuiteSchema(cluster.schema()), "users", "PK", "users_plain");
            table = users.table().qualifiedName();
            // two windows: the first after a cluster's start holds the start's own leftovers on the workers (two WAL
            // records and statistics reported late), which the contamination checks flag
            costs = Map.of();
            for (int window = 0; window < 2; window++) {
                List<Object[]> batch = users.rows(window, 0.1, window * 1_000_000L, 1).next(1000);
                costs = measure(meter, nodes, loader, () -> new CopyLoader(CopyFormat.BINARY).load(loader, users.table(), batch));
            }
        }
        System.out.println("per node: " + describe(costs));
        assertThat(placements(table)).as("shard placements of the plain table").isZero();
        assertThat(costs.values()).allSatisfy(node -> {
            assertThat(node.twoPhase().prepared()).hasValue(0.0);
            assertThat(node.costs().notes()).isEmpty();
        });
        assertThat(costs.get("coordinator").costs().require(CostFigure.TUPLES_INSERTED)).isEqualTo(1000.0);
        assertThat(costs.get("worker1").costs().require(CostFigure.TUPLES_INSERTED)).isZero();
        assertThat(costs.get("worker2").costs().require(CostFigure.TUPLES_INSERTED)).isZero();
    }

    private interface Work {
        void run() throws SQLException;
    }

    private static Map<String, NodeCosts> measure(ServerCostMeter meter, ClusterCostMeter nodes, Connection loader, Work work)
            throws SQLException {
        CounterSnapshot start = meter.startWindow(List.of(loader));
        nodes.startWindow();
        work.run();
        ServerCosts coordinator = meter.endWindow(start, List.of(loader));
        return nodes.endWindow(meter, coordinator);
    }

    /** Rows per shard of a distributed table, counted by the server. */
    private static Map<Long, Long> rowsPerShard(String table) throws SQLException {
        Map<Long, Long> rows = new HashMap<>();
        try (Connection c = cluster.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT get_shard_id_for_distribution_column('" + table + "', id), count(*) FROM "
                     + table + " GROUP BY 1")) {
            while (rs.next()) {
                rows.put(rs.getLong(1), rs.getLong(2));
            }
        }
        return rows;
    }

    /** Node name to {shards that gained rows, rows gained}, by the coordinator's placement metadata (pg_dist_shard_placement). */
    private static Map<String, long[]> writtenPerNode(Map<Long, Long> before, Map<Long, Long> after) throws SQLException {
        Map<Integer, String> byPort = new HashMap<>();
        cluster.nodes().forEach((name, endpoint) -> byPort.put(endpoint.port(), name));
        Map<String, long[]> perNode = new HashMap<>();
        try (Connection c = cluster.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT nodeport FROM pg_dist_shard_placement WHERE shardid = ?")) {
            for (Map.Entry<Long, Long> shard : after.entrySet()) {
                long gained = shard.getValue() - before.getOrDefault(shard.getKey(), 0L);
                if (gained == 0) {
                    continue;
                }
                ps.setLong(1, shard.getKey());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long[] sums = perNode.computeIfAbsent(byPort.get(rs.getInt(1)), n -> new long[2]);
                        sums[0]++;
                        sums[1] += gained;
                    }
                }
            }
        }
        return perNode;
    }

    private static long placements(String table) throws SQLException {
        try (Connection c = cluster.dataSource().getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FROM pg_dist_shard_placement p JOIN pg_dist_shard s USING (shardid) WHERE s.logicalrelid = ?::regclass")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static String describe(Map<String, NodeCosts> costs) {
        StringBuilder sb = new StringBuilder();
        costs.forEach((node, c) -> sb.append(node).append(": ").append(c.costs()).append(" prepared=")
                .append(c.twoPhase().prepared()).append(" commitsPrepared=").append(c.twoPhase().commitsPrepared())
                .append(" notes=").append(c.costs().notes()).append("; "));
        return sb.toString();
    }

    private static String describeWritten(Map<String, long[]> written) {
        StringBuilder sb = new StringBuilder();
        written.forEach((node, w) -> sb.append(node).append(" ").append(w[0]).append(" shards ").append(w[1]).append(" rows; "));
        return sb.toString();
    }
}
