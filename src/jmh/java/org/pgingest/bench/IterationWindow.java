package org.pgingest.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.pgingest.stats.ClusterCostMeter;
import org.pgingest.stats.CounterSnapshot;
import org.pgingest.stats.NodeCosts;
import org.pgingest.stats.ServerCostMeter;
import org.pgingest.stats.ServerCosts;
import org.pgingest.stats.SuiteWork;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One server-cost window per iteration for all of a benchmark's threads ({@code -t N}): every counter the server
 * keeps covers the whole server, so N windows of their own would each count every thread's work. Each thread
 * empties its own table, then {@linkplain #open waits}; the last to arrive opens the window over every thread's
 * connection. At the iteration's end each thread {@linkplain #close waits} again and the last closes the window
 * and publishes the iteration's costs once, over the rows and calls of all threads, so WAL fsyncs per row show
 * group commit at work, and counts every thread's table. With one thread it is that thread's window.
 */
@State(Scope.Benchmark)
public class IterationWindow {
    /** Longer than any setup or teardown of a healthy thread; a thread that failed must not hang the others. */
    private static final long WAIT_MINUTES = 10;

    private final List<IngestState> threads = new ArrayList<>();
    private ServerCostMeter meter;
    /** Each node's own costs, on a Citus cluster whose every node answers; null on one server. */
    private ClusterCostMeter nodes;
    private CyclicBarrier opened;
    private CyclicBarrier closed;
    private CounterSnapshot start;
    private SQLException failure;

    @Setup(Level.Trial)
    public void setUp(ServerState server, BenchmarkParams params) throws SQLException {
        meter = ServerCostMeter.open(server.target());
        if (server.target().citusNodes().isPresent()) {
            nodes = ClusterCostMeter.open(server.target().citusNodes().get());
        }
        opened = new CyclicBarrier(params.getThreads(), this::startWindow);
        closed = new CyclicBarrier(params.getThreads(), this::endWindow);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
        try {
            meter.close();
        } finally {
            if (nodes != null) {
                nodes.close();
            }
        }
    }

    /** Each thread's state, once per trial. */
    synchronized void join(IngestState thread) {
        threads.add(thread);
    }

    /**
     * A thread failed: the others are released from their wait with an error instead of waiting for it (JMH goes on
     * to its next trial after a failure, and a barrier would otherwise hold the other threads for minutes).
     */
    void abandon() {
        opened.reset();
        closed.reset();
    }

    /** Called by every thread once its table is ready; waits for the others, returns when the window is open. */
    void awaitOpened() throws SQLException {
        await(opened);
    }

    /**
     * Called by every thread when its iteration's calls are done; waits for the others, returns when the costs are
     * published.
     */
    void awaitPublished() throws SQLException {
        await(closed);
    }

    private void await(CyclicBarrier barrier) throws SQLException {
        try {
            barrier.await(WAIT_MINUTES, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the other benchmark threads reached the cost window", e);
        } catch (BrokenBarrierException | TimeoutException e) {
            if (failure != null) {
                throw failure;
            }
            throw new IllegalStateException("another benchmark thread failed before the shared cost window "
                    + "(see its error above)", e);
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** The barrier's action, on the last thread to arrive while the others wait: no thread is using its connection. */
    private void startWindow() {
        try {
            failure = null;
            start = meter.startWindow(connections());
            if (nodes != null) {
                nodes.startWindow();
            }
        } catch (SQLException e) {
            failure = e;
        }
    }

    private void endWindow() {
        try {
            long ops = 0;
            long rows = 0;
            long allocated = 0;
            boolean allocationMeasured = true;
            for (IngestState t : threads) {
                ops += t.opsInIteration;
                rows += t.rowsInIteration;
                allocationMeasured &= t.loaderAllocatedBytes().isPresent();
                allocated += t.loaderAllocatedBytes().orElse(0);
            }
            IngestState first = threads.get(0);
            ServerCosts costs = meter.endWindow(start, connections(), new SuiteWork(
                    OptionalLong.of(ops * first.commitsPerCall()),
                    first.insertsOnlyItsRows() ? OptionalLong.of(rows) : OptionalLong.empty()));
            Map<String, NodeCosts> perNode = nodes == null ? Map.of() : nodes.endWindow(meter, costs);
            IterationCosts.publish(new IterationCosts.Measured(costs, ops, rows,
                    allocationMeasured ? OptionalLong.of(allocated) : OptionalLong.empty(), perNode));
            System.out.print(ServerCostProfiler.describeMissing(perNode));
            System.out.print(ServerCostProfiler.describeMissing(costs));
            // Every table is counted here, after the window and before any thread is released: JMH may tear the
            // server down (a Scope.Benchmark trial teardown) as soon as the first thread finishes its iteration.
            for (IngestState t : threads) {
                t.countRows();
            }
        } catch (SQLException e) {
            failure = e;
        }
    }

    private List<Connection> connections() {
        return threads.stream().map(t -> t.connection).toList();
    }
}
