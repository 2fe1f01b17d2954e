package org.pgingest.bench;

import org.pgingest.stats.NodeCosts;
import org.pgingest.stats.ServerCosts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Hands each iteration's server costs from the benchmark state, which measures them at its iteration
 * teardown, to {@link ServerCostProfiler}, which JMH asks for secondary results right after. Both run in the
 * same forked JVM; JMH offers no other path from a state to a profiler.
 */
final class IterationCosts {
    /**
     * What one benchmark thread measured in one iteration.
     *
     * @param loaderAllocatedBytes bytes the thread allocated inside its loader calls alone; empty where not measured
     * @param jitMillis            milliseconds the JVM spent compiling inside the window ({@link JitTime}); empty where
     *                             not measured
     * @param nodes                each node's own costs on a Citus cluster, by node name ("coordinator", "worker1",
     *                             ...); empty on one server
     */
    record Measured(ServerCosts costs, long ops, long rows, OptionalLong loaderAllocatedBytes, OptionalLong jitMillis,
                    Map<String, NodeCosts> nodes) {
    }

    private static final List<Measured> PUBLISHED = new ArrayList<>();

    private IterationCosts() {
    }

    static synchronized void publish(Measured measured) {
        PUBLISHED.add(measured);
    }

    /** What was published since the last call. */
    static synchronized List<Measured> drain() {
        List<Measured> result = List.copyOf(PUBLISHED);
        PUBLISHED.clear();
        return result;
    }
}
