package org.pgingest.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.pgingest.table.PlannedTable;
import org.pgingest.load.CheckedRows;
import org.pgingest.load.CopyFormat;
import org.pgingest.load.LoadException;
import org.pgingest.workload.Column;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The client's half of a COPY alone: the suite's encoder turning rows into the bytes of one format, with no
 * server and no socket. On two cores the encoder's CPU is taken from the server's, so a COPY path can only
 * approach its ceiling (the server reading the same bytes from a file, {@link CeilingBenchmark}) if encoding
 * costs far less than the server's parsing; this says how much it costs. Score: rows per second (one operation
 * is a row); {@code -prof gc} gives {@code gc.alloc.rate.norm} in bytes per row, since the rows are generated
 * once per trial, outside the measured loop. The server is used only before that, to read the table's columns.
 *
 * <p>Run: {@code ./bench Encoder} or {@code ./bench Encoder -p shape=ARTICLES -prof gc}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class EncoderBenchmark {
    /** Rows per operation batch: enough that the per-call header, trailer and buffer cost nothing per row. */
    static final int ROWS = 10_000;

    @Param({"TEXT", "CSV", "BINARY"})
    public CopyFormat format;

    private List<Column> columns;
    private List<Object[]> rows;

    /** The table's columns are read from a server, and the rows made, before the measured loop; the server then idles. */
    @Setup(Level.Trial)
    public void generate(ServerState server, TableTrial tableTrial) throws SQLException {
        try (Connection c = server.target().dataSource().getConnection()) {
            PlannedTable copy = tableTrial.copy(c, "_encoder");
            columns = copy.table().columns();
            List<Object[]> generated = tableTrial.rows(copy, 0, 1).next(ROWS);
            // Checked before the measured loop, as the ingest benchmarks give rows to loaders (CheckedRows).
            rows = CheckedRows.of(copy.table(), generated);
        }
    }

    /** Bytes written, so the JIT cannot drop the encoding. */
    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long encode() throws IOException, LoadException {
        ByteCounter out = new ByteCounter();
        format.encode(columns, rows, out);
        return out.bytes;
    }

    /** Discards what it is given and counts it. */
    private static final class ByteCounter extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
