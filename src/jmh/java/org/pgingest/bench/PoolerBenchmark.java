package org.pgingest.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.pgingest.results.FailedThroughPoolerException;
import org.pgingest.server.Via;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * {@link IngestBenchmark} through a connection pooler: each loader directly, through PgBouncer in session mode and in
 * transaction mode, with pgjdbc's prepareThreshold at 5 and 0 ({@link PoolerIngestState}). A loader that fails through
 * a pooler is that combination's result: the trial ends with its SQLSTATE and message in one line
 * ({@link FailedThroughPoolerException}), the launcher lists and records it, and the run goes on. Figures of those
 * that work include {@code plans/op} (server plannings per call) and {@code server.connections}.
 *
 * <p>Run: {@code ./bench --preset pooler}, or {@code ./bench Pooler -p method=BATCH -p via=pgbouncer-transaction}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
public class PoolerBenchmark {

    @Benchmark
    public long load(PoolerIngestState state, RowCounter rows, UnpreparedCalls unprepared) throws SQLException {
        try {
            return state.load(rows, unprepared);
        } catch (SQLException e) {
            if (Via.parse(state.via) == Via.DIRECT) {
                throw e;
            }
            throw FailedThroughPoolerException.of(e);
        }
    }
}
