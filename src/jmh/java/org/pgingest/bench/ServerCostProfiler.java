package org.pgingest.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.pgingest.results.Metric;
import org.pgingest.server.CitusNodes;
import org.pgingest.stats.CostFigure;
import org.pgingest.stats.NodeCosts;
import org.pgingest.stats.ServerCosts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Turns each iteration's server costs into JMH secondary results with units ("B/row", "ms/op", ...),
 * averaged over iterations with JMH's usual error: WAL bytes, records and fsyncs per row, server CPU per
 * row, commits, statements, plannings ({@code plans/op}: statements the server planned rather than ran from a
 * cached plan), planning and execution time, full-page images and data-file fsyncs per operation; the server
 * connections the benchmark held at the iteration's end ({@code server.connections}: through a transaction pooler,
 * fewer than its clients); and on the client's side the bytes the loader calls alone allocated per row
 * ({@code alloc.bytes/row}, where the state measured it) and the milliseconds the JVM spent compiling while the
 * iteration's window was open ({@code jit.time}, per iteration, averaged over them). On a Citus cluster the suite started, each node's own
 * figures besides, named {@code node.NODE.FIGURE} ({@code node.worker1.prepared/op}, see docs/citus.md), and the
 * figures above are the sums over its nodes ({@code server.connections} stays the coordinator's: the benchmark's). A figure
 * the server could not give is NaN ("missing", never 0), and the reason is in the log.
 * The suite's launcher ({@code ./bench}) enables it; with plain JMH add
 * {@code -prof org.pgingest.bench.ServerCostProfiler}.
 */
public class ServerCostProfiler implements InternalProfiler {

    /** A figure per row or per operation, in the unit results carry. */
    private record Reported(CostFigure figure, boolean perRow, double scale, String unit) {
        String label() {
            return figure.key() + (perRow ? "/row" : "/op");
        }
    }

    private static final List<Reported> REPORTED = List.of(
            new Reported(CostFigure.WAL_BYTES, true, 1, "B/row"),
            new Reported(CostFigure.WAL_RECORDS, true, 1, "records/row"),
            new Reported(CostFigure.WAL_FSYNCS, true, 1, "fsyncs/row"),
            new Reported(CostFigure.SERVER_CPU, true, 1000, "us/row"),
            new Reported(CostFigure.WAL_FPI, false, 1, "fpi/op"),
            new Reported(CostFigure.DATA_FSYNCS, false, 1, "fsyncs/op"),
            new Reported(CostFigure.COMMITS, false, 1, "commits/op"),
            new Reported(CostFigure.STATEMENTS, false, 1, "statements/op"),
            new Reported(CostFigure.PLANS, false, 1, "plans/op"),
            new Reported(CostFigure.PLAN_TIME, false, 1, "ms/op"),
            new Reported(CostFigure.EXEC_TIME, false, 1, "ms/op"));

    /** Each node's figures on a Citus cluster, named node.NAME.FIGURE; scripts read these names. */
    private static final List<Reported> PER_NODE = List.of(
            new Reported(CostFigure.WAL_BYTES, true, 1, "B/row"),
            new Reported(CostFigure.WAL_FSYNCS, false, 1, "fsyncs/op"),
            new Reported(CostFigure.COMMITS, false, 1, "commits/op"),
            new Reported(CostFigure.STATEMENTS, false, 1, "statements/op"),
            new Reported(CostFigure.SERVER_CPU, true, 1000, "us/row"));

    @Override
    public String getDescription() {
        return "pg-ingest-bench: server costs per iteration (WAL, fsyncs, commits, planning, CPU)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        IterationCosts.drain();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                      IterationResult result) {
        List<IterationCosts.Measured> measured = IterationCosts.drain();
        if (measured.isEmpty()) {
            return List.of();
        }
        List<Result> results = new ArrayList<>();
        // States that measure per thread (each window covering the whole server) would publish one each with -t N;
        // overlapping windows are no iteration's cost, so they are reported missing. IngestState publishes one
        // window for all its threads (IterationWindow), and WritersBenchmark one for all its writers.
        IterationCosts.Measured m = measured.size() == 1 ? measured.get(0) : null;
        if (m == null) {
            System.out.println("# missing server costs: " + measured.size() + " threads each measured the whole server; "
                    + "run with one thread (-t 1) for server costs");
        }
        for (Reported r : REPORTED) {
            double value = Double.NaN;
            OptionalDouble total = m == null ? OptionalDouble.empty() : total(m, r.figure());
            if (total.isPresent()) {
                long per = r.perRow() ? m.rows() : m.ops();
                value = per > 0 ? total.getAsDouble() * r.scale() / per : Double.NaN;
            }
            results.add(new ScalarResult(r.label(), value, r.unit(), AggregationPolicy.AVG));
        }
        // The client's side: what the loader calls alone allocated, per row (absent where not measured).
        if (m != null && m.loaderAllocatedBytes().isPresent() && m.rows() > 0) {
            results.add(new ScalarResult("alloc.bytes/row", (double) m.loaderAllocatedBytes().getAsLong() / m.rows(),
                    "B/row", AggregationPolicy.AVG));
        }
        if (m != null && m.jitMillis().isPresent()) {
            results.add(new ScalarResult("jit.time", m.jitMillis().getAsLong(), "ms", AggregationPolicy.AVG));
        }
        if (m != null) {
            m.nodes().forEach((node, costs) -> results.addAll(perNode(node, costs, m.ops(), m.rows())));
        }
        results.add(new ScalarResult(Metric.CONTAMINATED, m == null ? Double.NaN : (contaminated(m) ? 1 : 0),
                "share", AggregationPolicy.AVG));
        // Not a cost per op: how many backends served the benchmark (through a transaction pooler, fewer than clients).
        results.add(new ScalarResult("server.connections", m == null ? Double.NaN : m.costs().serverConnections(),
                "connections", AggregationPolicy.AVG));
        return results;
    }

    /**
     * The figure over the whole server: on a Citus cluster the sum over its nodes (each of these figures is a count or
     * a time a node spent, so the cluster's is their sum), missing where any node's is.
     */
    private static OptionalDouble total(IterationCosts.Measured m, CostFigure figure) {
        if (m.nodes().isEmpty()) {
            return m.costs().get(figure);
        }
        double sum = 0;
        for (NodeCosts node : m.nodes().values()) {
            OptionalDouble v = node.costs().get(figure);
            if (v.isEmpty()) {
                return OptionalDouble.empty();
            }
            sum += v.getAsDouble();
        }
        return OptionalDouble.of(sum);
    }

    /** Work not the suite's in the window, on any node: a sum over the nodes would hold it. */
    private static boolean contaminated(IterationCosts.Measured m) {
        return m.costs().contaminated() || m.nodes().values().stream().anyMatch(n -> n.costs().contaminated());
    }

    /**
     * One node's figures: {@link #PER_NODE}, its two-phase commits ({@code prepared/op}: PREPARE TRANSACTIONs,
     * {@code commits.prepared/op}: COMMIT PREPAREDs) and whether its window held foreign work.
     */
    private static List<Result> perNode(String node, NodeCosts costs, long ops, long rows) {
        String prefix = "node." + node + ".";
        List<Result> results = new ArrayList<>();
        for (Reported r : PER_NODE) {
            long per = r.perRow() ? rows : ops;
            OptionalDouble v = costs.costs().get(r.figure());
            results.add(new ScalarResult(prefix + r.label(), v.isPresent() && per > 0 ? v.getAsDouble() * r.scale() / per
                    : Double.NaN, r.unit(), AggregationPolicy.AVG));
        }
        OptionalDouble prepared = costs.twoPhase().prepared();
        OptionalDouble committed = costs.twoPhase().commitsPrepared();
        results.add(new ScalarResult(prefix + "prepared/op", prepared.isPresent() && ops > 0 ? prepared.getAsDouble() / ops
                : Double.NaN, "prepared/op", AggregationPolicy.AVG));
        results.add(new ScalarResult(prefix + "commits.prepared/op", committed.isPresent() && ops > 0
                ? committed.getAsDouble() / ops : Double.NaN, "commits/op", AggregationPolicy.AVG));
        results.add(new ScalarResult(prefix + Metric.CONTAMINATED, costs.costs().contaminated() ? 1 : 0, "share",
                AggregationPolicy.AVG));
        return results;
    }

    /** For the log: what was missing and why (printed by the state, where the iteration is known). */
    static String describeMissing(ServerCosts costs) {
        StringBuilder sb = new StringBuilder();
        costs.missing().forEach((f, why) -> sb.append("# missing ").append(f.key()).append(": ").append(why).append('\n'));
        costs.notes().forEach(n -> sb.append("# NOTE: ").append(n).append('\n'));
        return sb.toString();
    }

    /**
     * For the log: what was missing on each worker of a Citus cluster and why, each line naming the node (the
     * coordinator's are {@link #describeMissing(ServerCosts)}'s).
     */
    static String describeMissing(Map<String, NodeCosts> nodes) {
        StringBuilder sb = new StringBuilder();
        nodes.forEach((node, c) -> {
            if (!node.equals(CitusNodes.COORDINATOR)) {
                sb.append(describeMissing(c.costs()).replace("# missing ", "# missing " + node + " ")
                        .replace("# NOTE: ", "# NOTE: " + node + ": "));
            }
            if (c.twoPhase().missingReason() != null) {
                sb.append("# missing ").append(node).append(" prepared: ").append(c.twoPhase().missingReason())
                        .append('\n');
            }
        });
        return sb.toString();
    }
}
