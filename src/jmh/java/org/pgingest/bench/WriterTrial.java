package org.pgingest.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.pgingest.table.PlannedTable;
import org.pgingest.load.CheckedRows;
import org.pgingest.load.LoadException;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.DelayedTarget;
import org.pgingest.server.RoundTripCheck;
import org.pgingest.results.NotMeasurableException;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;
import org.pgingest.writers.ConnectionMode;
import org.pgingest.writers.Writers;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A trial of {@link #workers()} writers, each loading {@code rows} rows per operation into one shared table
 * with keys of its own, with a round trip added ({@link DelayedTarget}) when {@link #rttMs()} is above 0. One operation is
 * every writer's call, concurrently; it ends when the last one has committed. Server costs are one window
 * for all writers per iteration; after each iteration the table must hold exactly the rows reported.
 *
 * <p>The round trip is measured at trial start ({@code SELECT 1} with the delay and without), printed,
 * recorded with the server facts, and a trial whose round trip is off the asked one is refused. The
 * subclasses declare the axes whose defaults differ.
 */
@State(Scope.Benchmark)
public abstract class WriterTrial {
    /** Rows per writer per call. */
    @Param({"500"})
    public int rows;

    /** Rows per executeBatch / per statement where the method has such a knob. */
    @Param({"1000"})
    public int batchSize;

    private PostgresTarget target;
    private DelayedTarget delayed;
    private Loader loader;
    private Table table;
    private Writers writers;
    private CostWindow window;
    /** Per call, every writer's rows. */
    private CallsAhead<List<List<Object[]>>, LoadException> calls;
    private long opsInIteration;
    private long rowsInIteration;

    protected abstract LoadMethod method();

    /** Round-trip time added to every exchange with the server; 0: none. */
    protected abstract double rttMs();

    protected abstract int workers();

    protected abstract ConnectionMode connections();

    @Setup(Level.Trial)
    public void open(ServerState server, TableTrial tableTrial, BenchmarkParams params) throws SQLException {
        loader = method().create(new LoadMethod.Knobs(batchSize, 0));
        target = server.target();
        if (rttMs() > 0) {
            delayed = DelayedTarget.borrow(target, rttMs());
            target = delayed;
            RoundTripCheck check = RoundTripCheck.measure(delayed);
            System.out.println("# " + check.describe());
            FactsFile.appendRoundTrip(params, check.toMap());
            check.require();
        } else if (rttMs() < 0) {
            throw new IllegalArgumentException("rttMs must be 0 or more, was " + rttMs());
        }
        PlannedTable copy;
        try (Connection c = target.dataSource().getConnection()) {
            copy = tableTrial.copy(c, "");
        }
        table = copy.table();
        Optional<String> cannot = loader.cannotWrite(table);
        if (cannot.isPresent()) {
            close();
            throw new NotMeasurableException(loader.name() + " cannot write " + tableTrial.resolved().table().name() + ": "
                    + cannot.get());
        }
        writers = Writers.open(target, loader, workers(), connections());
        window = CostWindow.open(server.target());
        List<RowGenerator> generators = new ArrayList<>();
        for (int w = 0; w < workers(); w++) {
            // Row numbers interleaved per writer: keys never collide.
            generators.add(tableTrial.rows(copy, w, workers()));
        }
        calls = new CallsAhead<>(() -> {
            List<List<Object[]>> batches = new ArrayList<>(generators.size());
            for (RowGenerator g : generators) {
                batches.add(CheckedRows.of(table, g.next(rows)));
            }
            return batches;
        }, rows * workers(), 1);
    }

    /** Empties the table and makes the iteration's rows, checked ({@link CheckedRows}), before its window opens. */
    @Setup(Level.Iteration)
    public void startIteration(BenchmarkParams benchmark, IterationParams iteration) throws SQLException {
        try (Connection c = target.dataSource().getConnection()) {
            table.truncate(c);
        }
        calls.prepare(benchmark, iteration);
        opsInIteration = 0;
        rowsInIteration = 0;
        window.start(writers::startWindow);
    }

    /** One measured operation: every writer's call, concurrently. */
    long loadAll(RowCounter rowCounter, UnpreparedCalls unprepared) throws SQLException {
        List<List<Object[]>> batches = calls.next();
        unprepared.unpreparedCalls = calls.madeInside();
        long loaded = writers.loadAll(loader, table, batches);
        opsInIteration++;
        rowsInIteration += loaded;
        rowCounter.rows += loaded;
        return loaded;
    }

    @TearDown(Level.Iteration)
    public void endIteration() throws SQLException {
        window.end(writers::endWindow, opsInIteration, rowsInIteration, OptionalLong.empty());
        long inTable;
        try (Connection c = target.dataSource().getConnection()) {
            inTable = table.count(c);
        }
        if (inTable != rowsInIteration) {
            throw new IllegalStateException(loader.name() + ": the table holds " + inTable + " rows but the writers "
                    + "reported " + rowsInIteration + " in this iteration");
        }
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        try (CostWindow c = window; Writers w = writers; DelayedTarget d = delayed) {
            // closed in reverse order; the server itself belongs to ServerState
        }
    }
}
