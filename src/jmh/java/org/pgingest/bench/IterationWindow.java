package org.pgingest.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.pgingest.stats.SuiteWork;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One server-cost window ({@link CostWindow}) per iteration for all of a benchmark's threads ({@code -t N}): every
 * counter the server keeps covers the whole server, so N windows of their own would each count every thread's work.
 * Each thread empties its own table, then {@linkplain #awaitOpened waits}; the last to arrive opens the window over
 * every thread's connection. At the iteration's end each thread {@linkplain #awaitPublished waits} again and the last
 * closes the window and publishes the iteration's costs once, over the rows and calls of all threads, so WAL fsyncs
 * per row show group commit at work, and counts every thread's table before any thread goes on: JMH (1.37) runs a
 * Scope.Benchmark trial teardown, the server's stop included, on the first thread to finish. Then it leaves nothing
 * pending in the server's statistics ({@link CostWindow#settle}): in a ranking the next window is another fork's. With
 * one thread it is that thread's window.
 */
@State(Scope.Benchmark)
public class IterationWindow {
    /** Longer than any setup or teardown of a healthy thread; a thread that failed must not hang the others. */
    private static final long WAIT_MINUTES = 10;

    /** A benchmark thread's state measured in the shared window. */
    interface Member {
        /** The connection its calls run on. */
        Connection connection();

        long opsInIteration();

        long rowsInIteration();

        /** Bytes it allocated inside its loader calls this iteration; empty where not measured. */
        OptionalLong loaderAllocatedBytes();

        /** Commits one call makes, for the contamination checks. */
        long commitsPerCall();

        /** Whether a call inserts no rows but its own, for the contamination checks. */
        boolean insertsOnlyItsRows();

        /** Counts its table; called after the window, while the thread waits. */
        void countRows() throws SQLException;
    }

    private final List<Member> threads = new ArrayList<>();
    private CostWindow window;
    private CyclicBarrier opened;
    private CyclicBarrier closed;
    private SQLException failure;

    @Setup(Level.Trial)
    public void setUp(ServerState server, BenchmarkParams params) throws SQLException {
        window = CostWindow.open(server.target());
        opened = new CyclicBarrier(params.getThreads(), this::startWindow);
        closed = new CyclicBarrier(params.getThreads(), this::endWindow);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
        window.close();
    }

    /** Each thread's state, once per trial. */
    synchronized void join(Member thread) {
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
     * published and every table counted.
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
            window.start(meter -> meter.startWindow(connections()));
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
            for (Member t : threads) {
                ops += t.opsInIteration();
                rows += t.rowsInIteration();
                allocationMeasured &= t.loaderAllocatedBytes().isPresent();
                allocated += t.loaderAllocatedBytes().orElse(0);
            }
            Member first = threads.get(0);
            SuiteWork work = new SuiteWork(OptionalLong.of(ops * first.commitsPerCall()),
                    first.insertsOnlyItsRows() ? OptionalLong.of(rows) : OptionalLong.empty());
            window.end((meter, start) -> meter.endWindow(start, connections(), work), ops, rows,
                    allocationMeasured ? OptionalLong.of(allocated) : OptionalLong.empty());
            for (Member t : threads) {
                t.countRows();
            }
            window.settle(connections());
        } catch (SQLException e) {
            failure = e;
        }
    }

    private List<Connection> connections() {
        return threads.stream().map(Member::connection).toList();
    }
}
