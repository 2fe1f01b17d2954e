package org.pgingest.stats;

import org.pgingest.server.CitusNodes;
import org.pgingest.server.Endpoint;
import org.pgingest.server.ServerFacts;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each node's costs over the window the coordinator's {@link ServerCostMeter} measures, on a Citus cluster (the suite's
 * own, or one an external target found): the coordinator's are that meter's, each worker's are read on the worker by a meter of its own (through
 * its monitor database), and every node's two-phase commits are counted in its WAL.
 *
 * <p>A worker's benchmark work arrives over connections the coordinator's sessions open. Citus keeps one of them per
 * worker and session open after a transaction; its statistics would reach the worker's counters up to 10 s late. The
 * coordinator's meter ends them at each window edge ({@link CounterReader#CITUS_FLUSH}), and each worker's meter then
 * waits until no connection to its benchmark database is left (a backend reports its statistics as it exits, before
 * it leaves pg_stat_activity, 15+) before it reads. So the first call of each window opens one connection per worker
 * that Citus would otherwise have reused.
 *
 * <p>Call {@link #startWindow} right after the coordinator's window has started and {@link #endWindow} right after
 * it has ended, while the benchmark's connections are idle.
 */
public final class ClusterCostMeter implements AutoCloseable {
    private final CitusNodes cluster;
    private final Map<String, ServerCostMeter> workers;
    private final Map<String, CounterSnapshot> starts = new LinkedHashMap<>();

    private ClusterCostMeter(CitusNodes cluster, Map<String, ServerCostMeter> workers) {
        this.cluster = cluster;
        this.workers = workers;
    }

    /** Opens a meter on each worker of {@code cluster}. */
    public static ClusterCostMeter open(CitusNodes cluster) throws SQLException {
        Map<String, ServerCostMeter> workers = new LinkedHashMap<>();
        Map<String, ServerFacts> facts = cluster.workerFacts();
        try {
            for (Map.Entry<String, Endpoint> node : cluster.nodes().entrySet()) {
                if (!facts.containsKey(node.getKey())) {
                    continue; // the coordinator: measured by the trial's own meter
                }
                Connection monitor = cluster.nodeMonitor(node.getKey()).getConnection();
                workers.put(node.getKey(), ServerCostMeter.openNode(monitor, facts.get(node.getKey()),
                        node.getValue().database(), node.getValue().user()));
            }
        } catch (SQLException | RuntimeException e) {
            try {
                closeAll(workers.values());
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return new ClusterCostMeter(cluster, workers);
    }

    /** Each worker's first snapshot, once the connections the coordinator closed have left it, after a checkpoint. */
    public void startWindow() throws SQLException {
        starts.clear();
        for (Map.Entry<String, ServerCostMeter> worker : workers.entrySet()) {
            try {
                worker.getValue().awaitClosedConnections(List.of());
                starts.put(worker.getKey(), worker.getValue().startWindow(List.of()));
            } catch (SQLException e) {
                throw cluster.naming(worker.getKey(), e);
            }
        }
    }

    /**
     * Every node's costs, the coordinator's first ("coordinator", then "worker1", ...): {@code coordinatorCosts} is
     * the window {@code coordinator} has just measured.
     */
    public Map<String, NodeCosts> endWindow(ServerCostMeter coordinator, ServerCosts coordinatorCosts) throws SQLException {
        Map<String, ServerCosts> costs = new LinkedHashMap<>();
        // every worker's last snapshot first: the WAL reading below takes a while and is none of the window's work
        for (Map.Entry<String, ServerCostMeter> worker : workers.entrySet()) {
            try {
                worker.getValue().awaitClosedConnections(List.of());
                costs.put(worker.getKey(), worker.getValue().endWindow(starts.get(worker.getKey()), List.of()));
            } catch (SQLException e) {
                throw cluster.naming(worker.getKey(), e);
            }
        }
        Map<String, NodeCosts> nodes = new LinkedHashMap<>();
        nodes.put(CitusNodes.COORDINATOR, new NodeCosts(coordinatorCosts, coordinator.twoPhaseRecords(coordinatorCosts)));
        for (Map.Entry<String, ServerCosts> worker : costs.entrySet()) {
            nodes.put(worker.getKey(), new NodeCosts(worker.getValue(),
                    workers.get(worker.getKey()).twoPhaseRecords(worker.getValue())));
        }
        return nodes;
    }

    @Override
    public void close() throws SQLException {
        closeAll(workers.values());
    }

    private static void closeAll(Collection<ServerCostMeter> meters) throws SQLException {
        SQLException first = null;
        for (ServerCostMeter meter : meters) {
            try {
                meter.close();
            } catch (SQLException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
