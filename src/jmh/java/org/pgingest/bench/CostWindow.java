package org.pgingest.bench;

import org.pgingest.server.PostgresTarget;
import org.pgingest.stats.ClusterCostMeter;
import org.pgingest.stats.CounterSnapshot;
import org.pgingest.stats.NodeCosts;
import org.pgingest.stats.ServerCostMeter;
import org.pgingest.stats.ServerCosts;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The one way a benchmark measures an iteration's server costs: the server's window over the connections the
 * suite's work runs on, each node's beside it on a Citus cluster whose every node answers, and what the iteration
 * did, handed to {@link ServerCostProfiler} ({@link IterationCosts}) with a line for every figure the server could
 * not give. The caller opens and closes the server's window over its own connections ({@link IterationWindow}: every
 * benchmark thread's; {@link WriterTrial}: every writer's, none in use).
 */
final class CostWindow implements AutoCloseable {
    /** Opens the server's window over the caller's connections. */
    interface Opening {
        CounterSnapshot open(ServerCostMeter meter) throws SQLException;
    }

    /** Closes the server's window that {@link Opening} opened. */
    interface Closing {
        ServerCosts close(ServerCostMeter meter, CounterSnapshot start) throws SQLException;
    }

    private final ServerCostMeter meter;
    /** Null on one server. */
    private final ClusterCostMeter nodes;
    private CounterSnapshot start;
    private OptionalLong jitStart = OptionalLong.empty();

    private CostWindow(ServerCostMeter meter, ClusterCostMeter nodes) {
        this.meter = meter;
        this.nodes = nodes;
    }

    static CostWindow open(PostgresTarget target) throws SQLException {
        ServerCostMeter meter = ServerCostMeter.open(target);
        try {
            return new CostWindow(meter, target.citusNodes().isPresent()
                    ? ClusterCostMeter.open(target.citusNodes().get()) : null);
        } catch (SQLException | RuntimeException e) {
            meter.close();
            throw e;
        }
    }

    void start(Opening opening) throws SQLException {
        start = opening.open(meter);
        if (nodes != null) {
            nodes.startWindow();
        }
        jitStart = JitTime.now();
    }

    /**
     * Closes the window and publishes the iteration's costs over its {@code ops} calls and {@code rows} rows, with the
     * milliseconds this JVM spent compiling while it was open.
     */
    void end(Closing closing, long ops, long rows, OptionalLong loaderAllocatedBytes) throws SQLException {
        OptionalLong jitMillis = JitTime.since(jitStart);
        ServerCosts costs = closing.close(meter, start);
        Map<String, NodeCosts> perNode = nodes == null ? Map.of() : nodes.endWindow(meter, costs);
        IterationCosts.publish(new IterationCosts.Measured(costs, ops, rows, loaderAllocatedBytes, jitMillis,
                perNode));
        System.out.print(ServerCostProfiler.describeMissing(perNode));
        System.out.print(ServerCostProfiler.describeMissing(costs));
    }

    /**
     * After the window and what follows it on the caller's connections: leaves nothing of theirs or the meter's
     * pending in the server's statistics, where another fork's window opens next ({@link ServerCostMeter#settle}).
     */
    void settle(Collection<Connection> connections) throws SQLException {
        meter.settle(connections);
    }

    @Override
    public void close() throws SQLException {
        try (ServerCostMeter m = meter; ClusterCostMeter n = nodes) {
            // closed in reverse order
        }
    }
}
