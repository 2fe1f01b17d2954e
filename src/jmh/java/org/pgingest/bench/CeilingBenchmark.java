package org.pgingest.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * The ceiling of each COPY method: the server loading the identical rows in the same format from a file it reads
 * itself ({@code COPY ... FROM '/path'}), with no client encoding and no protocol. Run beside
 * {@link IngestBenchmark} with the same {@code shape}, {@code indexes}, {@code rows} and {@code hostileShare}, each
 * COPY result can be read as a share of its ceiling (the report does so). {@code INSERT ... SELECT
 * generate_series} is no ceiling: a client's binary COPY was measured faster than it, since COPY inserts many
 * tuples per heap call. Embedded target: always; another server only when it can open the file (same host,
 * superuser or pg_read_server_files), otherwise the trial is missing with the reason (the launcher lists it and records
 * it in the server facts; the run does not fail): missing, never zero.
 *
 * <p>Run: {@code ./bench '\.(Ingest|Ceiling)Benchmark\.' -p method=COPY_BINARY -p rows=100000}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class CeilingBenchmark {

    @Benchmark
    public long load(CeilingState state, RowCounter rows, UnpreparedCalls unprepared) throws SQLException, IOException {
        return state.load(rows, unprepared);
    }
}
