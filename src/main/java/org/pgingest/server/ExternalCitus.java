package org.pgingest.server;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A Citus cluster behind an external target's server, found by its extension ({@code pg_extension} has citus in the
 * benchmark database): the workers are the coordinator's active primaries in {@code pg_dist_node}, reached at the
 * address the coordinator uses, in the same database, with the target's user, password and driver options (Citus
 * needs the database to have the same name on every node). A worker that does not answer leaves the per-node costs
 * out: the coordinator's figures alone, never a sum that misses a node.
 */
final class ExternalCitus implements CitusNodes {
    /** The cluster facts' entry that says why the costs are the coordinator's alone; a warning of every trial. */
    static final String UNMEASURED = "perNodeCosts";

    private final Map<String, Endpoint> nodes;
    private final Map<String, ServerFacts> workerFacts;
    private final Map<String, String> driverOptions;
    private final Map<String, String> clusterFacts;

    private ExternalCitus(Map<String, Endpoint> nodes, Map<String, ServerFacts> workerFacts,
                          Map<String, String> driverOptions, Map<String, String> clusterFacts) {
        // the coordinator first, then the workers in pg_dist_node's order, as nodes() promises
        this.nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        this.workerFacts = Map.copyOf(workerFacts);
        this.driverOptions = Map.copyOf(driverOptions);
        this.clusterFacts = clusterFacts;
    }

    /** The cluster {@code coordinator} (a connection to {@code endpoint}) coordinates; empty where it has no Citus. */
    static Optional<ExternalCitus> detect(Connection coordinator, Endpoint endpoint, Map<String, String> driverOptions,
                                          ServerSettings settings) throws SQLException {
        if (!CitusNodes.installed(coordinator)) {
            return Optional.empty();
        }
        Map<String, Endpoint> nodes = new LinkedHashMap<>();
        nodes.put(COORDINATOR, endpoint);
        // groupid 0 is the coordinator's own entry (citus_set_coordinator_host), present or not
        try (Statement st = coordinator.createStatement(); ResultSet rs = st.executeQuery("SELECT nodename, nodeport "
                + "FROM pg_dist_node WHERE groupid <> 0 AND noderole = 'primary' AND isactive ORDER BY nodeid")) {
            while (rs.next()) {
                nodes.put("worker" + nodes.size(), new Endpoint(rs.getString(1), rs.getInt(2), endpoint.database(),
                        endpoint.user(), endpoint.password()));
            }
        }
        Map<String, String> facts = new LinkedHashMap<>(CitusTarget.clusterFacts(coordinator, nodes.size()));
        Map<String, ServerFacts> workerFacts = new LinkedHashMap<>();
        for (Map.Entry<String, Endpoint> worker : nodes.entrySet()) {
            if (worker.getKey().equals(COORDINATOR)) {
                continue;
            }
            try (Connection c = DataSources.create(worker.getValue(), null, driverOptions).getConnection()) {
                workerFacts.put(worker.getKey(), ServerFacts.read(c, TargetKind.EXTERNAL, worker.getValue(), settings, null));
            } catch (SQLException e) {
                String why = CitusNodes.describe(worker.getKey(), worker.getValue())
                        + " cannot be reached with the coordinator's user and password: " + TargetException.oneLine(
                        endpoint.password().scrub(String.valueOf(e.getMessage()))) + "; costs are the coordinator's alone";
                facts.put(UNMEASURED, why);
                return Optional.of(new ExternalCitus(Map.of(), Map.of(), driverOptions, facts));
            }
        }
        // The workers are the user's: their durability is recorded and warned of, not refused.
        facts.putAll(CitusTarget.workerDurability(workerFacts));
        return Optional.of(new ExternalCitus(nodes, workerFacts, driverOptions, facts));
    }

    /** Citus' version, nodes and workers; why per-node costs are missing, where they are. */
    Map<String, String> clusterFacts() {
        return clusterFacts;
    }

    /** Whether every worker answered: per-node costs are measured only then. */
    boolean measurable() {
        return !clusterFacts.containsKey(UNMEASURED);
    }

    @Override
    public Map<String, Endpoint> nodes() {
        return nodes;
    }

    /** The node's benchmark database itself: on someone else's servers the suite creates no database. */
    @Override
    public DataSource nodeMonitor(String node) {
        Endpoint endpoint = nodes.get(node);
        if (endpoint == null) {
            throw new IllegalArgumentException("no node " + node + " in this cluster");
        }
        return DataSources.create(endpoint, null, driverOptions);
    }

    @Override
    public Map<String, ServerFacts> workerFacts() {
        return workerFacts;
    }
}
