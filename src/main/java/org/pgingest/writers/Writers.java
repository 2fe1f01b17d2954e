package org.pgingest.writers;

import org.pgingest.load.AtomicLoader;
import org.pgingest.load.Loader;
import org.pgingest.server.PostgresTarget;
import org.pgingest.stats.CounterSnapshot;
import org.pgingest.stats.ServerCostMeter;
import org.pgingest.stats.ServerCosts;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;

/**
 * {@code count} concurrent writers of one loader and where they get their connections, with one server-cost
 * window shared by all of them: the window's counters cover every writer's work together, so WAL fsyncs per
 * row show group commit (one flush for the commits of several writers that arrived together).
 *
 * <p>At a window's edge no writer may be working. Pooled writers' connections are all borrowed there and
 * their statistics flushed; writers that open a connection per call have closed it, and the window waits
 * until those backends have left the server (a backend reports its statistics as it exits).
 */
public final class Writers implements AutoCloseable {
    private final int count;
    private final ConnectionMode mode;
    private final DataSource connections;
    private final ExecutorService threads;

    private Writers(int count, ConnectionMode mode, DataSource connections) {
        this.count = count;
        this.mode = mode;
        this.connections = connections;
        this.threads = Executors.newFixedThreadPool(count, runnable -> {
            Thread t = new Thread(runnable, "pg-ingest-writer");
            t.setDaemon(true);
            return t;
        });
    }

    /** {@code count} writers of {@code loader} on {@code target}; pooled writers' pool opens here. */
    public static Writers open(PostgresTarget target, Loader loader, int count, ConnectionMode mode) {
        if (count < 1) {
            throw new IllegalArgumentException("writers must be at least 1, was " + count);
        }
        if (loader instanceof AtomicLoader atomic && atomic.replacesTableContents()) {
            throw new IllegalArgumentException(loader.name() + " replaces the table's contents on every call: writers "
                    + "sharing a table would empty each other's rows; choose a loader that appends");
        }
        return new Writers(count, mode, mode.create(target, count, loader.driverOptions()));
    }

    int count() {
        return count;
    }

    ConnectionMode mode() {
        return mode;
    }

    /** A connection for one call, autocommit on; closing it returns it to the pool or closes it. */
    public Connection connection() throws SQLException {
        return connections.getConnection();
    }

    /**
     * Each writer loads its batch ({@code batches.get(i)} for writer i) on a connection of its own, all at once;
     * returns when every one has finished, with the rows they loaded together.
     *
     * @throws SQLException the first writer's failure (others' suppressed), after every writer has stopped
     */
    public long loadAll(Loader loader, Table table, List<List<Object[]>> batches) throws SQLException {
        if (batches.size() != count) {
            throw new IllegalArgumentException(batches.size() + " batches for " + count + " writers");
        }
        List<Future<Long>> calls = new ArrayList<>(count);
        for (List<Object[]> batch : batches) {
            calls.add(threads.submit(() -> {
                try (Connection c = connection()) {
                    return loader.load(c, table, batch);
                }
            }));
        }
        long loaded = 0;
        SQLException failure = null;
        for (Future<Long> call : calls) {
            try {
                loaded += call.get();
            } catch (ExecutionException e) {
                SQLException cause = e.getCause() instanceof SQLException sql ? sql
                        : new SQLException("a writer failed: " + e.getCause(), e.getCause());
                if (failure == null) {
                    failure = cause;
                } else {
                    failure.addSuppressed(cause);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                calls.forEach(c -> c.cancel(true));
                throw new SQLException("interrupted while writers were loading", e);
            }
        }
        if (failure != null) {
            throw failure;
        }
        return loaded;
    }

    /** Checkpoints and opens the shared window; no writer may be working. */
    public CounterSnapshot startWindow(ServerCostMeter meter) throws SQLException {
        List<Connection> all = borrowEveryPooled();
        try {
            // Connections closed before the window (setup's, a previous window's per-call ones) report their
            // statistics as their backends exit: that must not happen inside this window.
            meter.awaitClosedConnections(all);
            return meter.startWindow(all);
        } finally {
            closeAll(all);
        }
    }

    /** Closes the shared window after every writer has finished. */
    public ServerCosts endWindow(ServerCostMeter meter, CounterSnapshot start) throws SQLException {
        List<Connection> all = borrowEveryPooled();
        try {
            meter.awaitClosedConnections(all);
            return meter.endWindow(start, all);
        } finally {
            closeAll(all);
        }
    }

    /**
     * Borrows every pooled connection (until closed), so that no writer holds one; none for writers that open their
     * own per call.
     */
    private List<Connection> borrowEveryPooled() throws SQLException {
        List<Connection> all = new ArrayList<>();
        if (mode == ConnectionMode.POOLED) {
            try {
                for (int i = 0; i < count; i++) {
                    all.add(connections.getConnection());
                }
            } catch (SQLException e) {
                closeAll(all);
                throw e;
            }
        }
        return all;
    }

    private static void closeAll(List<Connection> connections) throws SQLException {
        SQLException first = null;
        for (Connection c : connections) {
            try {
                c.close();
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

    @Override
    public void close() {
        threads.shutdownNow();
        if (connections instanceof AutoCloseable pool) {
            try {
                pool.close();
            } catch (Exception e) {
                throw new IllegalStateException("cannot close the writers' pool: " + e.getMessage(), e);
            }
        }
    }
}
