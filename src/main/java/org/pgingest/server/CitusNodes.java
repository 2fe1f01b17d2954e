package org.pgingest.server;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The nodes of a Citus cluster whose costs can be measured one by one: the cluster the citus target starts, or one
 * found behind an external target's coordinator ({@link ExternalCitus}).
 */
public interface CitusNodes {
    /** The coordinator's name among the nodes; workers are "worker1", "worker2", ... */
    String COORDINATOR = "coordinator";

    /** Whether {@code connection}'s database has Citus: its server is then a coordinator. */
    static boolean installed(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT 1 FROM pg_extension WHERE extname = 'citus'")) {
            return rs.next();
        }
    }

    /** How a message names a node: {@code Citus worker2 (localhost:5433)}. */
    static String describe(String node, Endpoint endpoint) {
        return "Citus " + node + " (" + endpoint.host() + ":" + endpoint.port() + ")";
    }

    /** Each node's name, the coordinator first, and its benchmark database, as the per-node costs read them. */
    Map<String, Endpoint> nodes();

    /** Connections to the database where the node's counters are read. */
    DataSource nodeMonitor(String node);

    /** The facts each worker read back at start (the coordinator's are the target's). */
    Map<String, ServerFacts> workerFacts();

    /**
     * {@code e} with the node it is about said first, where its message names one by address as Citus' do ("connection
     * to the remote node postgres@localhost:5433 failed", "failure on connection marked as essential: localhost:5433",
     * 13.2); else {@code e} itself.
     */
    default SQLException naming(SQLException e) {
        String message = String.valueOf(e.getMessage());
        for (Map.Entry<String, Endpoint> node : nodes().entrySet()) {
            String address = node.getValue().host() + ":" + node.getValue().port();
            if (Pattern.compile("(^|[^\\w.-])" + Pattern.quote(address) + "(\\D|$)").matcher(message).find()) {
                return naming(node.getKey(), e);
            }
        }
        return e;
    }

    /** {@code e}, about {@code node} (a failure whose message names no node, as pgjdbc's do), with the node said first. */
    default SQLException naming(String node, SQLException e) {
        return new SQLException(describe(node, nodes().get(node)) + ": " + e.getMessage(), e.getSQLState(), e);
    }
}
