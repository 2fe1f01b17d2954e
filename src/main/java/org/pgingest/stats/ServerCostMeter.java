package org.pgingest.stats;

import org.pgingest.server.PgBouncer;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.ServerFacts;
import org.pgingest.server.Via;

import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * Measures what a window of work costs the server, exactly:
 * <ol>
 *   <li>before the window: CHECKPOINT, and wait until the checkpoint counter shows it (so its own fsyncs and
 *       WAL do not land in the window);</li>
 *   <li>at both edges: flush the workers' pending statistics (backends report at most about once a second,
 *       15+: {@code pg_stat_force_next_flush()} on each worker, answered after the flush; 14 has no such
 *       function: wait, run a statement on each worker, wait), clear the monitor's statistics snapshot, read
 *       every counter;</li>
 *   <li>subtract, and flag the window when it holds work that was not the suite's ({@link ForeignWork}).</li>
 * </ol>
 * Workers are the connections doing the measured work; they must be idle (autocommit on, no open
 * transaction) at the window's edges. One meter per target; its monitor connection is its own.
 *
 * <p>Through a pooler ({@link PostgresTarget#pooler()}) the workers are the pooler's clients, and the work is done
 * by the server connections the pooler holds, which a client reaches only while it holds one. The statistics of
 * every such server connection are flushed by pinning them all at once: as many clients as the server has backends
 * of the benchmark's role in its database (in session mode the workers, each holding its own, then clients of the
 * meter's own through the pooler, kept for its life; in transaction mode the meter's own alone) each open a
 * transaction that asks for the flush, so that no two share a server connection, and then commit, which flushes as
 * the backend goes idle (15+). Those backends, read from {@code pg_stat_activity},
 * are the suite's own for the contamination checks; the database's commits are not checked against the loaders',
 * because the pooler commits statements of its own on their behalf (see {@link #endWindow}).
 */
public final class ServerCostMeter implements AutoCloseable {
    private static final Duration CHECKPOINT_COUNTED_WITHIN = Duration.ofSeconds(10);
    private static final Duration CLOSED_CONNECTIONS_GONE_WITHIN = Duration.ofSeconds(10);
    /** PG 14 backends send statistics at most every 500 ms (PGSTAT_STAT_INTERVAL); the collector then writes them. */
    private static final long PG14_BEFORE_NUDGE_MS = 600;
    private static final long PG14_AFTER_NUDGE_MS = 700;

    private final Connection monitor;
    private final ServerFacts facts;
    private final CounterReader reader;
    private final List<String> windowNotes = new ArrayList<>();
    /** Whether the monitor's connection is to the benchmark database (external targets). */
    private final boolean monitorSharesDatabase;
    private final String database;
    private final String user;
    /** Clients through the pooler, for the flush; null without a pooler. */
    private final DataSource poolerClients;
    /** The application_name of the pooler's server connections ({@link PgBouncer#applicationName()}); empty without. */
    private final Optional<String> poolerConnections;
    /** Whether each worker holds a server connection of its own through the pooler (session pooling). */
    private final boolean workersHoldServerConnections;
    /** The meter's own clients through the pooler, opened as the flush needs them. */
    private final List<Connection> ownClients = new ArrayList<>();
    /** Harness transactions the last flush committed in the benchmark database. */
    private int flushTransactions;
    /** What each worker runs to flush its statistics (15+): {@link CounterReader#FLUSH}, or on Citus its own. */
    private final String flushStatement;

    private ServerCostMeter(Connection monitor, ServerFacts facts, CounterReader reader, boolean monitorSharesDatabase,
                            String database, String user, DataSource poolerClients, Optional<String> poolerConnections,
                            boolean workersHoldServerConnections, String flushStatement) {
        this.monitor = monitor;
        this.flushStatement = flushStatement;
        this.poolerClients = poolerClients;
        this.poolerConnections = poolerConnections;
        this.workersHoldServerConnections = workersHoldServerConnections;
        this.database = database;
        this.user = user;
        this.facts = facts;
        this.reader = reader;
        this.monitorSharesDatabase = monitorSharesDatabase;
    }

    public static ServerCostMeter open(PostgresTarget target) throws SQLException {
        Connection monitor = target.monitorDataSource().getConnection();
        try {
            monitor.setAutoCommit(true);
            ServerCpu cpu = ServerCpu.locate(monitor);
            return new ServerCostMeter(monitor, target.facts(),
                    new CounterReader(target.facts(), target.endpoint().database(), target.endpoint().user(), cpu),
                    target.endpoint().database().equals(monitor.getCatalog()),
                    target.endpoint().database(), target.endpoint().user(),
                    // never named statements: a named one lives on one server connection, and the next transaction
                    // through a transaction pool may get another ("prepared statement S_1 does not exist")
                    target.pooler().isPresent() ? target.dataSource(Map.of("prepareThreshold", "0")) : null,
                    target.pooler().map(PgBouncer::applicationName),
                    target.pooler().map(p -> p.via() == Via.PGBOUNCER_SESSION).orElse(true),
                    // a Citus coordinator, started by the suite or found on an external target
                    target.coordinatesCitus() ? CounterReader.CITUS_FLUSH : CounterReader.FLUSH);
        } catch (SQLException | RuntimeException e) {
            monitor.close();
            throw e;
        }
    }

    /**
     * A meter on one node of a cluster, whose benchmark work arrives over connections the node's coordinator opens
     * (no worker connections of the suite's own to flush): {@code monitor} is a connection to another database of
     * that node, which the meter closes.
     */
    static ServerCostMeter openNode(Connection monitor, ServerFacts facts, String database, String user)
            throws SQLException {
        try {
            monitor.setAutoCommit(true);
            return new ServerCostMeter(monitor, facts, new CounterReader(facts, database, user, ServerCpu.locate(monitor)),
                    database.equals(monitor.getCatalog()), database, user, null, Optional.empty(), true,
                    CounterReader.FLUSH);
        } catch (SQLException | RuntimeException e) {
            monitor.close();
            throw e;
        }
    }

    /** Checkpoints, waits until it is counted, and takes the window's first snapshot. */
    public CounterSnapshot startWindow(Collection<Connection> workers) throws SQLException {
        windowNotes.clear();
        checkpoint();
        return snapshot(workers);
    }

    /**
     * Takes the window's last snapshot and returns the difference, checked for foreign work by everything that
     * needs no expectation (see {@link #endWindow(CounterSnapshot, Collection, SuiteWork)}).
     */
    public ServerCosts endWindow(CounterSnapshot start, Collection<Connection> workers) throws SQLException {
        return endWindow(start, workers, SuiteWork.UNKNOWN);
    }

    /**
     * Takes the window's last snapshot and returns the difference, flagged {@linkplain ServerCosts#contaminated()
     * contaminated} when the window holds work that was not the suite's: more commits or inserted rows than
     * {@code work} says the loaders made, other client sessions active in the window, and on 18 WAL from other
     * backends.
     */
    public ServerCosts endWindow(CounterSnapshot start, Collection<Connection> workers, SuiteWork work) throws SQLException {
        if (poolerClients != null) {
            // The pooler runs statements of its own on the loaders' behalf: PgBouncer 1.18 in transaction mode sends
            // SET DateStyle before every transaction of a pgjdbc client (which asks for 'ISO', where the server
            // reports 'ISO, MDY'), a transaction of its own each time. Those are the path's cost, not foreign work.
            work = new SuiteWork(OptionalLong.empty(), work.insertedAtMost());
        }
        CounterSnapshot end = snapshot(workers);
        List<String> otherSessions = otherSessions(start, workers);
        int serverConnections = benchmarkBackends().size();
        if (!monitorSharesDatabase) {
            return ServerCosts.between(start, end, flushTransactions, null, windowNotes, work, otherSessions, serverConnections);
        }
        if (facts.major() < 15) {
            return ServerCosts.between(start, end, flushTransactions, "PostgreSQL 14 cannot flush the monitor's statistics "
                    + "on demand, and the monitor shares the benchmark database here, so its own transactions cannot be "
                    + "told apart from the workers'", windowNotes, work, otherSessions, serverConnections);
        }
        // The monitor's transactions from just after the first snapshot's flush to the last one's, inclusive.
        long monitorInWindow = end.monitorTransactions() - start.monitorTransactions();
        return ServerCosts.between(start, end, flushTransactions + (int) monitorInWindow, null, windowNotes, work, otherSessions,
                serverConnections);
    }

    /**
     * Leaves nothing the monitor or the workers did pending in the server's statistics (15+): each flushes. For after
     * a window and whatever follows it (a row count), where other meters open windows on the same database in turn
     * (a ranking's candidates, each fork with a meter of its own): a backend reports what it left pending when it
     * next ends a transaction a second or more after its last report, else 10 s after it went idle (PGSTAT_MIN_INTERVAL,
     * PGSTAT_IDLE_INTERVAL), so the monitor's reads after a window surfaced as commits in another candidate's
     * (docs/rank.md, Measured). 14 reports only as a backend ends a transaction, which is then its own next window.
     */
    public void settle(Collection<Connection> workers) throws SQLException {
        if (facts.major() < 15) {
            return;
        }
        flush(workers);
        try (Statement st = monitor.createStatement()) {
            st.execute(CounterReader.FLUSH);
        }
        reader.countMonitorStatement();
    }

    /**
     * Waits until every connection the workers closed in the window has left the server, so that a writer that
     * opens a connection per call is counted in full: a backend reports its pending statistics as it exits, and
     * (15+) before it leaves {@code pg_stat_activity}; on 14 the collector receives them a little later, which
     * the 14 wait in {@link #endWindow} covers.
     *
     * @param open connections of the benchmark role still open on purpose (a pool's), not waited for
     */
    public void awaitClosedConnections(Collection<Connection> open) throws SQLException {
        if (poolerClients != null) {
            // a client closing its connection to a pooler leaves the server connection open, in the pool
            return;
        }
        List<Integer> openPids = new ArrayList<>();
        for (Connection c : open) {
            openPids.add(c.unwrap(org.postgresql.PGConnection.class).getBackendPID());
        }
        long deadline = System.nanoTime() + CLOSED_CONNECTIONS_GONE_WITHIN.toNanos();
        try (var st = monitor.prepareStatement(CounterReader.TAG + "SELECT count(*) FROM pg_stat_activity "
                + "WHERE datname = ? AND usename = ? AND backend_type = 'client backend' "
                + "AND pid <> pg_backend_pid() AND NOT (pid = ANY (?)) AND application_name IS DISTINCT FROM ?")) {
            st.setString(1, database);
            st.setString(2, user);
            st.setArray(3, monitor.createArrayOf("int4", openPids.toArray()));
            // the launcher's lock on the schema: open for the whole run on purpose
            st.setString(4, SchemaLock.APPLICATION_NAME);
            while (true) {
                // pg_stat_activity is read afresh in each transaction; the monitor is in autocommit.
                try (var rs = st.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) == 0) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    windowNotes.add("connections closed in the window were still on the server after "
                            + CLOSED_CONNECTIONS_GONE_WITHIN.toSeconds() + " s; their last statistics may be missing");
                    return;
                }
                sleep(5);
            }
        }
    }

    /** The two-phase commits of {@code costs}' window, a window of this meter's, counted in this server's WAL. */
    TwoPhaseRecords twoPhaseRecords(ServerCosts costs) throws SQLException {
        return TwoPhaseRecords.read(monitor, facts.major(), costs);
    }

    /** Flushes the workers' statistics and reads every counter. */
    CounterSnapshot snapshot(Collection<Connection> workers) throws SQLException {
        flush(workers);
        return reader.read(monitor, suiteBackends(workers));
    }

    /**
     * Client backends other than the workers and the monitor that were active since {@code start}: not idle now,
     * or idle since a moment inside the window (state_change). Runs after the window's last snapshot, so it is
     * none of the window's own work. Sessions of other roles are visible only with pg_read_all_stats.
     */
    private List<String> otherSessions(CounterSnapshot start, Collection<Connection> workers) throws SQLException {
        List<String> sessions = new ArrayList<>();
        try (PreparedStatement ps = monitor.prepareStatement(CounterReader.TAG + "SELECT pid, datname, application_name, state "
                + "FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> ALL (?::int[]) "
                + "AND (state <> 'idle' OR state_change >= ?) ORDER BY pid")) {
            ps.setArray(1, monitor.createArrayOf("int4", suiteBackends(workers).toArray()));
            ps.setObject(2, start.at());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    sessions.add("pid " + rs.getInt(1) + " (database " + rs.getString(2) + ", application '"
                            + rs.getString(3) + "', " + rs.getString(4) + ")");
                }
            }
        }
        return sessions;
    }

    /**
     * Backend process ids of the workers and the monitor (pgjdbc knows them without a round trip); through a
     * pooler, of the server connections it holds (a client's own is the pooler's, not a backend's).
     */
    private List<Integer> suiteBackends(Collection<Connection> workers) throws SQLException {
        List<Integer> pids = new ArrayList<>();
        pids.add(monitor.unwrap(PGConnection.class).getBackendPID());
        if (poolerClients != null) {
            pids.addAll(benchmarkBackends());
            return pids;
        }
        for (Connection worker : workers) {
            pids.add(worker.unwrap(PGConnection.class).getBackendPID());
        }
        return pids;
    }

    /**
     * Client backends of the benchmark's role in the benchmark database, the monitor's left out; through a pooler, its
     * server connections alone (other sessions of the role on a shared server are not the pooler's).
     */
    private List<Integer> benchmarkBackends() throws SQLException {
        List<Integer> pids = new ArrayList<>();
        try (PreparedStatement ps = monitor.prepareStatement(CounterReader.TAG + "SELECT pid FROM pg_stat_activity "
                + "WHERE datname = ? AND usename = ? AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
                + (poolerConnections.isPresent() ? " AND application_name = ?" : "") + " ORDER BY pid")) {
            ps.setString(1, database);
            ps.setString(2, user);
            if (poolerConnections.isPresent()) {
                ps.setString(3, poolerConnections.get());
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    pids.add(rs.getInt(1));
                }
            }
        }
        // a transaction of the monitor's own, counted where it shares the benchmark database (see endWindow)
        reader.countMonitorStatement();
        return pids;
    }

    private void flush(Collection<Connection> workers) throws SQLException {
        for (Connection worker : workers) {
            if (!worker.getAutoCommit()) {
                throw new IllegalStateException("a worker connection is inside a transaction at a window edge; "
                        + "its statistics would not be flushed");
            }
        }
        List<Connection> flushed = poolerClients == null ? List.copyOf(workers) : pinEveryServerConnection(workers);
        flushTransactions = flushed.size();
        if (facts.major() < 15) {
            sleep(PG14_BEFORE_NUDGE_MS);
        }
        String statement = facts.major() >= 15 ? flushStatement : CounterReader.TAG + "SELECT 1";
        for (Connection c : flushed) {
            try (Statement st = c.createStatement()) {
                st.execute(statement);
            }
        }
        if (poolerClients != null) {
            // each commit ends a pinned transaction: the backend flushes as it goes idle, before it answers
            for (Connection c : flushed) {
                c.commit();
                c.setAutoCommit(true);
            }
        }
        if (facts.major() < 15) {
            sleep(PG14_AFTER_NUDGE_MS);
        }
    }

    /**
     * Clients through the pooler, one per server connection it holds, each in a transaction of its own (not yet
     * begun: pgjdbc sends BEGIN with the first statement), so that their flush statements reach every server
     * connection, none twice. The workers come first; the meter opens clients of its own for the rest.
     */
    private List<Connection> pinEveryServerConnection(Collection<Connection> workers) throws SQLException {
        int serverConnections = benchmarkBackends().size();
        // In session mode each worker holds a server connection, reachable through that worker only; in transaction
        // mode a worker holds none between transactions, and the meter's own clients pin them all (a worker's
        // COMMIT may be a named statement, which transaction pooling breaks).
        List<Connection> clients = new ArrayList<>(workersHoldServerConnections ? workers : List.of());
        int own = serverConnections - clients.size();
        while (ownClients.size() < own) {
            ownClients.add(poolerClients.getConnection());
        }
        clients.addAll(ownClients.subList(0, own));
        for (Connection c : clients) {
            c.setAutoCommit(false);
        }
        return clients;
    }

    /**
     * CHECKPOINT and wait until the checkpoint counter has moved. Without the privilege to checkpoint
     * (superuser, or pg_checkpoint from 15), the window is measured without one and says so.
     */
    void checkpoint() throws SQLException {
        double before = checkpointCount();
        try (Statement st = monitor.createStatement()) {
            st.execute(CounterReader.TAG + "CHECKPOINT");
        } catch (SQLException e) {
            if ("42501".equals(e.getSQLState())) { // insufficient_privilege
                windowNotes.add("no checkpoint before the window: this role may not run CHECKPOINT");
                return;
            }
            throw e;
        }
        long deadline = System.nanoTime() + CHECKPOINT_COUNTED_WITHIN.toNanos();
        while (checkpointCount() <= before) {
            if (System.nanoTime() > deadline) {
                windowNotes.add("the checkpoint before the window was not counted within "
                        + CHECKPOINT_COUNTED_WITHIN.toSeconds() + " s; its fsyncs may land in the window");
                return;
            }
            sleep(20);
        }
    }

    private double checkpointCount() throws SQLException {
        try (Statement st = monitor.createStatement()) {
            st.execute(CounterReader.TAG + "SELECT pg_stat_clear_snapshot()");
            try (var rs = st.executeQuery(CounterReader.TAG + CounterReader.checkpointsQuery(facts.major()))) {
                rs.next();
                return rs.getDouble(1);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for server statistics", e);
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            for (Connection c : ownClients) {
                c.close();
            }
        } finally {
            monitor.close();
        }
    }
}
