package org.pgingest.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.pgingest.table.PlannedTable;
import org.pgingest.load.CheckedRows;
import org.pgingest.load.LoadException;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.results.NotMeasurableException;
import org.pgingest.server.CitusNodes;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;
import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One loader writing one table on its own connection: a copy of the trial's table ({@link TableTrial}).
 * A table the loader cannot write (no unique key for an upsert, no binary form for a column) makes the trial
 * missing with the reason ({@link NotMeasurableException}), not failed. Each iteration starts on an empty table (or
 * one holding {@code existingRows} rows, {@link ExistingRows}) after a checkpoint; the rows of its calls are generated
 * and checked before it starts ({@link CallsAhead}), outside the measured region (converting them to the wire format
 * is the loader's work and is measured); after the iteration the table must hold exactly
 * the rows the loader reported (for a method that replaces the table's contents, such as COPY_FREEZE: the rows of
 * its last call), or the run fails. With {@code -t N} each thread has a table and keys of its own, and the server
 * costs of all threads are measured in one window per iteration ({@link IterationWindow}), which hands them to
 * {@link ServerCostProfiler}.
 */
@State(Scope.Thread)
public class IngestState implements IterationWindow.Member {
    @Param({"AUTOCOMMIT_ROW", "BATCH", "BATCH_REWRITTEN", "MULTI_ROW_VALUES", "UNNEST", "COPY_TEXT", "COPY_BINARY"})
    public LoadMethod method;

    /** Rows per call of the loader (one JMH operation). */
    @Param({"500"})
    public int rows;

    /** Rows per executeBatch / per statement where the method has such a knob. */
    @Param({"1000"})
    public int batchSize;

    /** Rows per transaction; 0 = one transaction per call. */
    @Param({"0"})
    public int commitEvery;

    /** Rows the table holds before each iteration's ({@link ExistingRows}); 0 = an empty table. */
    @Param({"0"})
    public long existingRows;

    Loader loader;
    Table table;
    Connection connection;
    private CallsAhead<List<Object[]>, LoadException> calls;
    private ExistingRows existing;
    private IterationWindow window;
    /** The Citus cluster's nodes, which a failure's message names by address; empty on one server. */
    private Optional<CitusNodes> cluster;
    long opsInIteration;
    long rowsInIteration;
    /** Bytes allocated on this thread inside the loader calls of this iteration. */
    private long loaderAllocatedBytes;
    /** Rows the table must hold: every call's, or the last call's where each call replaces the contents. */
    private long rowsExpectedInTable;
    private boolean replacesContents;
    /** Whether the table's triggers run on every row (they were copied from DDL). */
    private boolean triggersRun;
    /** The session's settings as the trial began, checked after each iteration; null where they are not pinned. */
    private SessionPins pins;
    /** What the table held at the end of the iteration. */
    private long rowsInTable;

    /** Each benchmark thread writes a table of its own, so its iteration's row check is its own. */
    @Setup(Level.Trial)
    public void open(ServerState server, TableTrial tableTrial, IterationWindow window, ThreadParams thread)
            throws SQLException {
        loader = createLoader(new LoadMethod.Knobs(batchSize, commitEvery));
        replacesContents = method.replacesTableContents();
        connection = server.target().dataSource(driverOptions()).getConnection();
        cluster = server.target().citusNodes();
        PlannedTable copy = copyWithoutNamedStatements(tableTrial, "_" + thread.getThreadIndex());
        table = copy.table();
        triggersRun = !table.definition().triggers().isEmpty();
        Optional<String> cannot = loader.cannotWrite(table);
        if (cannot.isPresent()) {
            connection.close();
            throw new NotMeasurableException(method + " cannot write " + tableTrial.resolved().table().name() + ": "
                    + cannot.get());
        }
        pins = pinsSession() ? SessionPins.read(connection) : null;
        RowGenerator generator = tableTrial.rows(copy, thread.getThreadIndex(), thread.getThreadCount());
        // The existing rows are the generator's first: the measured rows that follow have keys of their own.
        existing = new ExistingRows(existingRows);
        existing.fill(connection, table, generator);
        // Checked as every loader would check them (CheckedRows): the check is the suite's, not the ingest path's.
        calls = new CallsAhead<>(() -> CheckedRows.of(table, generator.next(rows)), rows, thread.getThreadCount());
        this.window = window;
        window.join(this);
    }

    /**
     * The trial's copy of the table, made on this connection with no statement named on the server: the copy's
     * transaction ends with a COMMIT that pgjdbc (42.7) prepares under a name from its first use unless the
     * connection's prepareThreshold is 0, and through PgBouncer in transaction mode ({@link PoolerIngestState}) a named statement may meet
     * another server connection. That is the loader's failure to measure, not the setup's.
     */
    private PlannedTable copyWithoutNamedStatements(TableTrial tableTrial, String suffix) throws SQLException {
        PGConnection pg = connection.unwrap(PGConnection.class);
        int threshold = pg.getPrepareThreshold();
        pg.setPrepareThreshold(0);
        try {
            return tableTrial.copy(connection, suffix);
        } finally {
            pg.setPrepareThreshold(threshold);
        }
    }

    /** Whether the session's settings are the trial's to pin ({@link SessionPins}): not through a pooler's. */
    boolean pinsSession() {
        return true;
    }

    /** The loader this trial measures: the method's (a state that adds an axis may build another). */
    Loader createLoader(LoadMethod.Knobs knobs) {
        return method.create(knobs);
    }

    /** pgjdbc options of the benchmark's connection: the loader's (a state that adds an axis adds its own). */
    Map<String, String> driverOptions() {
        return loader.driverOptions();
    }

    /**
     * Takes the table back to its existing rows (empty by default) and makes the iteration's rows, then waits for the
     * cost window every thread shares ({@link IterationWindow}).
     */
    @Setup(Level.Iteration)
    public void startIteration(BenchmarkParams benchmark, IterationParams iteration) throws SQLException {
        try {
            existing.reset(connection, table);
            calls.prepare(benchmark, iteration);
        } catch (SQLException | RuntimeException e) {
            window.abandon();
            throw e;
        }
        opsInIteration = 0;
        rowsInIteration = 0;
        rowsExpectedInTable = 0;
        loaderAllocatedBytes = 0;
        window.awaitOpened();
    }

    /** One measured call: the loader on this call's rows, and what it allocated on this thread. */
    long load(RowCounter rowCounter, UnpreparedCalls unprepared) throws SQLException {
        long allocatedBefore;
        long loaded;
        try {
            List<Object[]> batch = calls.next();
            unprepared.unpreparedCalls = calls.madeInside();
            allocatedBefore = ThreadAllocation.current();
            loaded = loader.load(connection, table, batch);
        } catch (SQLException e) {
            window.abandon();
            throw cluster.isPresent() ? cluster.get().naming(e) : e;
        } catch (RuntimeException | Error e) {
            window.abandon();
            throw e;
        }
        loaderAllocatedBytes += ThreadAllocation.current() - allocatedBefore;
        opsInIteration++;
        rowsInIteration += loaded;
        rowsExpectedInTable = replacesContents ? loaded : rowsExpectedInTable + loaded;
        rowCounter.rows += loaded;
        return loaded;
    }

    /**
     * Waits until every thread's calls are done and the shared window is closed, reported and every table counted;
     * then the run fails when this thread's table did not hold exactly the rows its loader reported.
     */
    @TearDown(Level.Iteration)
    public void endIteration() throws SQLException {
        window.awaitPublished();
        if (pins != null) {
            pins.check(SessionPins.read(connection));
        }
        if (rowsInTable != existing.count() + rowsExpectedInTable) {
            throw rowsMismatch(loader.name() + ": the table holds " + rowsInTable + " rows but the loader "
                    + "reported " + (replacesContents ? rowsExpectedInTable + " in its last call (it replaces the table's contents)"
                    : rowsInIteration + " in this iteration") + (existing.count() > 0 ? " beside " + existing.count()
                    + " existing rows" : ""));
        }
    }

    /** What a table that does not hold the reported rows throws: a failure of the run. */
    RuntimeException rowsMismatch(String message) {
        return new IllegalStateException(message);
    }

    @Override
    public Connection connection() {
        return connection;
    }

    @Override
    public long opsInIteration() {
        return opsInIteration;
    }

    @Override
    public long rowsInIteration() {
        return rowsInIteration;
    }

    @Override
    public void countRows() throws SQLException {
        rowsInTable = table.count(connection);
    }

    /** Bytes this thread allocated inside its loader calls; empty where the JVM cannot tell. */
    @Override
    public OptionalLong loaderAllocatedBytes() {
        return ThreadAllocation.supported() ? OptionalLong.of(loaderAllocatedBytes) : OptionalLong.empty();
    }

    /**
     * Whether a call inserts no rows but its own, for the contamination checks: not where the method stages rows
     * first, nor where the table's triggers run (an audit trigger inserts into another table, in the same call).
     */
    @Override
    public boolean insertsOnlyItsRows() {
        return method.insertsOnlyItsRows() && !triggersRun;
    }

    /** Commits one call makes, as the loader's method declares it: for the contamination checks. */
    @Override
    public long commitsPerCall() {
        return method.commitsPerCall(rows, new LoadMethod.Knobs(batchSize, commitEvery));
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        connection.close();
    }
}
