package org.pgingest.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.results.HandMadeJmh;
import org.pgingest.results.RateRecord;
import org.pgingest.results.ResultFile;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ranked table every run ends with. The expected cells were worked out by hand from the fixture's raw iterations
 * (a real run: {@code ./bench '\.(Ingest|Ceiling)Benchmark\.load$' -p method=BATCH,COPY_BINARY -f 1 -wi 1 -i 3 -r 1
 * -w 1}, embedded PostgreSQL 17.11): mean, JMH's interval over the mean, the iterations' range against 1 % of the mean.
 */
class RankingTest {
    private static final String LOAD = "org.pgingest.bench.IngestBenchmark.load";

    @TempDir
    Path dir;

    static ResultFile realRun() throws URISyntaxException {
        return ResultFile.read(Path.of(RankingTest.class.getResource("/org/pgingest/results/ingest-ceiling-pg17.json").toURI()));
    }

    @Test
    void aRealRun_isRankedByRowsPerSecond_withCountedFiguresAsCounted() throws Exception {
        Ranking r = Ranking.of(List.of(realRun()));
        assertThat(r.headings()).containsExactly("benchmark", "method", "rows/s", "99.9 % interval", "× ceiling",
                "WAL B/row", "WAL fsyncs/row", "server CPU µs/row", "loader alloc B/row");
        assertThat(r.cells()).containsExactly(
                // 40,343 ± 116,937: the interval is 290 % of the mean; WAL iterations 272.2-286.5 differ by more than 1 %
                List.of("Ceiling", "COPY_BINARY", "40,340", "± 290 %", "", "~277", "0.00205", "6 ± 12", ""),
                // 39,957 over the ceiling's 40,343: 0.99
                List.of("Ingest", "COPY_BINARY", "39,960", "± 200 %", "0.99", "~279", "~0.00211", "10 ± 24", "151"),
                List.of("Ingest", "BATCH", "15,930", "± 340 %", "", "318", "~0.00226", "15.6 ± 4.9", "~628"));
        assertThat(r.server()).isEqualTo("PostgreSQL 17.11 (embedded): fsync=on, synchronous_commit=on, full_page_writes=on.");
        assertThat(r.shared()).containsEntry("rows", "500").containsEntry("shape", "USERS").doesNotContainKey("method");
        assertThat(r.lines()).startsWith(
                "Fastest: Ingest COPY_BINARY at 39,960 rows/s, 2.51× the next, Ingest BATCH (15,930); their 99.9 % "
                        + "intervals overlap, so this order is not established.",
                "Least WAL: Ingest COPY_BINARY ~279 B/row (most: Ingest BATCH 318); fewest WAL fsyncs: Ingest "
                        + "COPY_BINARY ~0.00211/row.");
        assertThat(r.lines()).noneMatch(l -> l.startsWith("WARNING"));

        String text = r.text(true);
        assertThat(text).contains("Ingest     COPY_BINARY  39,960          ± 200 %       0.99       ~279");
        assertThat(r.text(false)).contains("+- 200 %").contains("server CPU us/row").doesNotContain("±", "µ", "×");
        assertThat(r.markdown()).contains("| Ingest | COPY_BINARY | 39,960 | ± 200 % | 0.99 | \\~279 | \\~0.00211 | 10 ± 24 | 151 |",
                "|---|---|---:|---:|---:|---:|---:|---:|---:|");
    }

    @Test
    void fsyncOff_missingTrials_contaminationAndNoInterval_eachGetTheirLine() throws IOException {
        HandMadeJmh run = new HandMadeJmh();
        run.entry(LOAD, "thrpt", "method=BATCH", "rows=100").primary("ops/s", 10, 10)
                .secondary("rows", "ops/s", 1_000, 1_000).secondary("contaminated", "share", 0, 1)
                .facts(170011, "off", "on", "on", "off");
        run.entry(LOAD, "thrpt", "method=COPY_BINARY", "rows=100").primary("ops/s", 30, 30)
                .secondary("rows", "ops/s", 3_000, 3_000).secondary("contaminated", "share", 0, 0)
                .facts(170011, "off", "on", "on", "off");
        run.missing("org.pgingest.bench.CeilingBenchmark.load", "role app cannot read server files",
                "method=COPY_BINARY", "rows=100");
        Ranking r = Ranking.of(List.of(ResultFile.read(run.write(dir.resolve("w.json")))));
        assertThat(r.cells()).extracting(row -> row.get(1)).containsExactly("COPY_BINARY", "BATCH");
        assertThat(r.lines()).contains(
                "Fastest: Ingest COPY_BINARY at 3,000 rows/s, 3× the next, Ingest BATCH (1,000); without intervals the "
                        + "order is not established.",
                "No interval for Ingest COPY_BINARY, Ingest BATCH: JMH gives one from 3 measured iterations (-i 3 or more).",
                "Missing (this target cannot measure it): Ceiling COPY_BINARY: role app cannot read server files.",
                "CONTAMINATED: other work ran on the server while measuring Ingest BATCH (1 of 2 iterations); their WAL, "
                        + "fsync and CPU figures include it (the JMH log says what fired).");
        assertThat(r.lines()).anyMatch(l -> l.startsWith("WARNING: FSYNC IS OFF on this server (recorded setting fsync=off)"));
    }

    @Test
    void theServersOwnWarningsAreShownOnce_andMarkdownCellsShowWhatWasWritten() throws IOException {
        Path json = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "note=a|b</td>")
                .primary("ops/s", 10, 10, 10).secondary("rows", "ops/s", 1_000, 1_100, 1_200)
                .entry(LOAD, "thrpt", "method=BATCH", "note=x").primary("ops/s", 10, 10, 10)
                .secondary("rows", "ops/s", 500, 500, 500).write(dir.resolve("n.json"));
        String warned = "{\"benchmark\":\"" + LOAD + "\",\"params\":{},\"server\":{\"serverVersion\":\"16.4\","
                + "\"target\":\"external\",\"settings\":{\"fsync\":\"on\"},\"warnings\":[\"Setting shared_buffers: the "
                + "suite's file says 512MB, the server has 128MB\"]}}\n";
        Files.writeString(dir.resolve("n.json.server.jsonl"), warned + warned);
        Ranking r = Ranking.of(List.of(ResultFile.read(json)));
        assertThat(r.lines()).filteredOn(l -> l.startsWith("WARNING")).containsExactly(
                "WARNING: Setting shared_buffers: the suite's file says 512MB, the server has 128MB");
        assertThat(r.markdown()).contains("| BATCH | a\\|b&lt;/td&gt; | 1,100 |");
    }

    @Test
    void fixedRateRuns_rankByAchievedRows_withHeldAndTheirWarnings() throws IOException {
        Path ladder = dir.resolve("rates.json");
        Files.writeString(ladder, """
                [{"plan":{"method":"COPY_BINARY","rowsPerSecond":1000.0,"workers":50,"batch":5,"connections":"POOLED"},
                  "held":true,"achievedRowsPerSecond":999.5,"latencyMs":{"p50":1.5,"p90":2.0,"p99":4.25,"max":9.0},
                  "scheduleLagMs":{"p50":0.1,"p99":0.5,"max":1.0},
                  "server":{"cpuPercentOfOneCore":null,"walFsyncsPerRow":0.2,"walBytesPerRow":290.0},
                  "serverFacts":{"serverVersion":"17.11","warnings":["FSYNC IS OFF on this server: it is."]}},
                 {"plan":{"method":"AUTOCOMMIT_ROW","rowsPerSecond":5000.0,"workers":50,"batch":1,"connections":"POOLED"},
                  "held":false,"achievedRowsPerSecond":2500.0,"latencyMs":{"p50":3000.0,"p90":4000.0,"p99":4800.0,"max":5000.0},
                  "scheduleLagMs":{"p50":2900.0,"p99":4700.0,"max":4900.0},
                  "server":{"cpuPercentOfOneCore":54.0,"walFsyncsPerRow":0.18,"walBytesPerRow":350.0},
                  "serverFacts":{"serverVersion":"17.11","warnings":["FSYNC IS OFF on this server: it is."]}}]
                """);
        Ranking r = Ranking.ofRates(RateRecord.read(ladder));
        assertThat(r.headings()).containsExactly("method", "rows per call", "asked rows/s", "held", "rows/s",
                "WAL B/row", "WAL fsyncs/row", "server CPU µs/row");
        // 54 % of a core at 2,500 rows/s: 0.54 s of CPU per second over 2,500 rows = 216 µs a row.
        assertThat(r.cells()).containsExactly(List.of("AUTOCOMMIT_ROW", "1", "5,000", "NO", "2,500", "350", "0.18", "216"),
                List.of("COPY_BINARY", "5", "1,000", "yes", "999.5", "290", "0.2", ""));
        assertThat(r.shared()).containsEntry("workers", "50").containsEntry("connections", "POOLED");
        assertThat(r.lines()).contains("Held: 1 of 2 runs; not held: AUTOCOMMIT_ROW ×1, 50 workers, 5,000 rows/s.",
                "WARNING: FSYNC IS OFF on this server: it is.");
    }
}
