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
 * What the network's round trip does to each ingest path: one writer loads {@code rows} rows per operation
 * on a connection whose every round trip takes {@code rttMs} longer ({@link org.pgingest.server.RoundTripDelay};
 * 0: none). The published round-trip table had 0.1, 1, 5 and 67 ms.
 * A path that waits for the server per row pays the round trip per row; a pipelined batch or COPY pays it a
 * few times per call. The round trip is measured at trial start and the trial refused when it is off.
 *
 * <p>Per-row paths at high round-trip times take long: one-by-one 500 rows at 67 ms is 33.5 s per operation,
 * so each iteration is one operation. Run: {@code ./bench Latency -p rttMs=0,5}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Threads(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class LatencyBenchmark extends WriterTrial {
    @Param({"AUTOCOMMIT_ROW", "BATCH", "MULTI_ROW_VALUES", "COPY_BINARY"})
    public LoadMethod method;

    /** Round-trip time added to every exchange with the server, in ms: 0 to RoundTripDelay.MAX_RTT_MS. */
    @Param({"0", "1", "5", "25", "67"})
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
        return 1;
    }

    @Override
    protected ConnectionMode connections() {
        return ConnectionMode.POOLED;
    }
}
