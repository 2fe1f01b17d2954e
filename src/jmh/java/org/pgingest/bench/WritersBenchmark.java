package org.pgingest.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.pgingest.load.LoadMethod;
import org.pgingest.writers.ConnectionMode;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * Many writers into one table: {@code workers} writers each load {@code rows} rows per operation with keys of
 * their own, every writer on a connection borrowed from the trial's HikariCP pool per call
 * ({@code connections=POOLED}) or opened and closed per call ({@code NEW_PER_CALL}). Server costs are one
 * window for all writers per iteration, so WAL fsyncs per row show group commit at work and server CPU per
 * row shows what a connection per call costs. JMH runs one thread; the writers are the trial's own.
 *
 * <p>Run: {@code ./bench Writers -p workers=1,50 -p method=AUTOCOMMIT_ROW,COPY_BINARY}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Threads(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class WritersBenchmark extends WriterTrial {
    @Param({"AUTOCOMMIT_ROW", "MULTI_ROW_VALUES", "COPY_BINARY"})
    public LoadMethod method;

    /** Concurrent writers, each with its own connection per call. */
    @Param({"1", "8"})
    public int workers;

    @Param({"POOLED", "NEW_PER_CALL"})
    public ConnectionMode connections;

    /** Round-trip time added to every exchange with the server; 0: none. */
    @Param({"0"})
    public double rttMs;

    @Benchmark
    public long load(RowCounter rows, UnpreparedCalls unprepared) throws SQLException {
        return loadAll(rows, unprepared);
    }

    @Override
    protected LoadMethod method() {
        return method;
    }

    @Override
    protected double rttMs() {
        return rttMs;
    }

    @Override
    protected int workers() {
        return workers;
    }

    @Override
    protected ConnectionMode connections() {
        return connections;
    }
}
