package org.pgingest.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.pgingest.cli.BenchmarkParameters;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.IndexProfile;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One loader writing one table on its own connection. Each iteration starts on an empty table (or one holding
 * {@code existingRows} rows, {@link ExistingRows}) after a checkpoint; the rows of each call are generated before it, outside the measured region (converting them
 * to the wire format is the loader's work and is measured); after the iteration the table must hold exactly
 * the rows the loader reported (for a method that replaces the table's contents, such as COPY_FREEZE: the rows of
 * its last call), or the run fails. With {@code -t N} each thread has a table and keys of its own, and the server
 * costs of all threads are measured in one window per iteration ({@link IterationWindow}), which hands them to
 * {@link ServerCostProfiler}.
 */
@State(Scope.Thread)
public class IngestState {
    /** The rows' seed; {@link CeilingState} draws the identical rows with it. */
    static final long SEED = 20261122L;

    @Param({"AUTOCOMMIT_ROW", "BATCH", "BATCH_REWRITTEN", "MULTI_ROW_VALUES", "UNNEST", "COPY_TEXT", "COPY_BINARY"})
    public LoadMethod method;

    @Param({"USERS"})
    public TableShape shape;

    @Param({"STANDARD"})
    public IndexProfile indexes;

    /** Rows per call of the loader (one JMH operation). */
    @Param({"500"})
    public int rows;

    /** Rows per executeBatch / per statement where the method has such a knob. */
    @Param({"1000"})
    public int batchSize;

    /** Rows per transaction; 0 = one transaction per call. */
    @Param({"0"})
    public int commitEvery;

    /** Share of values taken from the hostile set (tabs, newlines, quotes, 4-byte UTF-8, NULL vs ''). */
    @Param({"0.1"})
    public double hostileShare;

    /** Rows the table holds before each iteration's ({@link ExistingRows}); 0 = an empty table. */
    @Param({"0"})
    public long existingRows;

    Loader loader;
    Table table;
    Connection connection;
    List<Object[]> batch;
    private RowGenerator generator;
    private ExistingRows existing;
    private IterationWindow window;
    long opsInIteration;
    long rowsInIteration;
    /** Bytes allocated on this thread inside the loader calls of this iteration. */
    private long loaderAllocatedBytes;
    /** Rows the table must hold: every call's, or the last call's where each call replaces the contents. */
    private long rowsExpectedInTable;
    private boolean replacesContents;
    /** What the table held at the end of the iteration. */
    private long rowsInTable;

    /** Each benchmark thread writes a table of its own, so its iteration's row check is its own. */
    @Setup(Level.Trial)
    public void open(ServerState server, IterationWindow window, ThreadParams thread, BenchmarkParams params)
            throws SQLException {
        // The launcher refuses these before any fork; a plain JMH run gets the same line here.
        Map<String, String> values = new LinkedHashMap<>();
        params.getParamsKeys().forEach(key -> values.put(key, params.getParam(key)));
        BenchmarkParameters.require(values);
        loader = createLoader(new LoadMethod.Knobs(batchSize, commitEvery));
        replacesContents = method.replacesTableContents();
        table = Table.of(new SuiteSchema(server.target().schema()), shape, indexes)
                .named(shape.tableName() + "_" + thread.getThreadIndex());
        connection = server.target().dataSource(driverOptions()).getConnection();
        table.create(connection);
        existing = new ExistingRows(existingRows);
        existing.fill(connection, table, new RowGenerator(shape, SEED, hostileShare,
                firstRow(thread) + ExistingRows.FIRST_ROW_OFFSET));
        generator = new RowGenerator(shape, SEED, hostileShare, firstRow(thread));
        this.window = window;
        window.join(this);
    }

    /** The loader this trial measures: the method's (a state that adds an axis may build another). */
    Loader createLoader(LoadMethod.Knobs knobs) {
        return method.create(knobs);
    }

    /** Disjoint row numbers per thread: keys never collide across threads. */
    static long firstRow(ThreadParams thread) {
        return thread.getThreadIndex() * (1L << 40);
    }

    /** pgjdbc options of the benchmark's connection: the loader's (a state that adds an axis adds its own). */
    Map<String, String> driverOptions() {
        return loader.driverOptions();
    }

    /**
     * Takes the table back to its existing rows (empty by default), then waits for the cost window every thread
     * shares ({@link IterationWindow}).
     */
    @Setup(Level.Iteration)
    public void startIteration() throws SQLException {
        try {
            existing.reset(connection, table);
        } catch (SQLException | RuntimeException e) {
            window.abandon();
            throw e;
        }
        opsInIteration = 0;
        rowsInIteration = 0;
        rowsExpectedInTable = 0;
        loaderAllocatedBytes = 0;
        window.open();
    }

    /** Per call: fresh rows with fresh keys. Calls take a millisecond or more, as Level.Invocation needs. */
    @Setup(Level.Invocation)
    public void nextRows() {
        batch = generator.next(rows);
    }

    /** One measured call: the loader on this call's rows, and what it allocated on this thread. */
    long load(RowCounter rowCounter) throws SQLException {
        long allocatedBefore = ThreadAllocation.current();
        long loaded;
        try {
            loaded = loader.load(connection, table, batch);
        } catch (SQLException | RuntimeException | Error e) {
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
        window.close();
        if (rowsInTable != existing.count() + rowsExpectedInTable) {
            throw new IllegalStateException(loader.name() + ": the table holds " + rowsInTable + " rows but the loader "
                    + "reported " + (replacesContents ? rowsExpectedInTable + " in its last call (it replaces the table's contents)"
                    : rowsInIteration + " in this iteration") + (existing.count() > 0 ? " beside " + existing.count()
                    + " existing rows" : ""));
        }
    }

    /** Counts this thread's table; called by {@link IterationWindow} after the window, while this thread waits. */
    void countRows() throws SQLException {
        rowsInTable = table.count(connection);
    }

    /** Bytes this thread allocated inside its loader calls this iteration; empty where the JVM cannot tell. */
    OptionalLong loaderAllocatedBytes() {
        return ThreadAllocation.supported() ? OptionalLong.of(loaderAllocatedBytes) : OptionalLong.empty();
    }

    /** Commits one call makes, as the loader's method declares it: for the contamination checks. */
    long commitsPerCall() {
        return method.commitsPerCall(rows, new LoadMethod.Knobs(batchSize, commitEvery));
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        connection.close();
    }
}
