package org.pgingest.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * Loads {@code rows} generated rows per operation with one ingest method into one table shape, on a
 * production-like server. Primary figure: operations per second; secondary: rows per second and what each
 * row or operation cost the server (WAL bytes and fsyncs per row, commits, statements, planning and
 * execution time per operation, server CPU per row), read from the server's counters per iteration.
 *
 * <p>Run: {@code ./bench Ingest -p method=COPY_BINARY,BATCH -p rows=5000}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class IngestBenchmark {

    @Benchmark
    public long load(IngestState state, RowCounter rows, UnpreparedCalls unprepared) throws SQLException {
        return state.load(rows, unprepared);
    }
}
