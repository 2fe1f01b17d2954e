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
 * {@link IngestBenchmark} with a prepare axis: each statement unprepared on every call or server-prepared, so the
 * planning time per operation ({@code plan.time/op}, from pg_stat_statements) shows what preparing saves. Its own
 * benchmark, so IngestBenchmark's results keep their parameters; named without "Ingest", so that
 * {@code ./bench Ingest} does not run it as well.
 *
 * <p>Run: {@code ./bench --preset unnest-vs-values}, or {@code ./bench Planning -p method=UNNEST -p batchSize=0}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class PlanningBenchmark {

    @Benchmark
    public long load(PreparedIngestState state, RowCounter rows, UnpreparedCalls unprepared) throws SQLException {
        return state.load(rows, unprepared);
    }
}
