package org.pgingest.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A real result file as JMH 1.37 and the suite wrote it (kept as a test resource): {@code ./bench -Dpg.version=14
 * Ingest -p method=COPY_BINARY -p rows=500 -f 1 -wi 0 -i 2 -r 1s}. Two iterations, so every error is the string
 * "NaN"; data-file fsyncs do not exist before 16, so that figure is "NaN" too.
 */
class ResultFileTest {

    private static ResultFile realPg14() throws URISyntaxException {
        return ResultFile.read(Path.of(Objects.requireNonNull(
                ResultFileTest.class.getResource("ingest-pg14.json")).toURI()));
    }

    @Test
    void readsEntriesParamsAndEveryMetric() throws URISyntaxException {
        ResultFile file = realPg14();
        assertThat(file.results()).hasSize(1);
        BenchmarkResult e = file.results().get(0);
        assertThat(e.benchmark()).isEqualTo("org.pgingest.bench.IngestBenchmark.load");
        assertThat(e.shortName()).isEqualTo("IngestBenchmark.load");
        assertThat(e.mode()).isEqualTo("thrpt");
        assertThat(e.params()).containsEntry("method", "COPY_BINARY").containsEntry("rows", "500")
                .containsEntry("hostileShare", "0.1").hasSize(7);
        assertThat(e.metrics().keySet()).containsExactly("score", "commits/op", "contaminated", "data.fsyncs/op",
                "exec.time/op", "plan.time/op", "rows", "server.cpu/row", "statements/op", "wal.bytes/row", "wal.fpi/op",
                "wal.fsyncs/row", "wal.records/row");
        Metric score = e.primary();
        assertThat(score.unit()).isEqualTo("ops/s");
        assertThat(score.error()).isNaN();
        assertThat(score.iterations()).containsExactly(55.22777856703183, 118.31151947524239);
        assertThat(e.metrics().get("statements/op").iterations()).containsExactly(2.02, 2.0);
    }

    @Test
    void aMissingFigureIsNaN_neverZero() throws URISyntaxException {
        Metric dataFsyncs = realPg14().results().get(0).metrics().get("data.fsyncs/op");
        assertThat(dataFsyncs.missing()).isTrue();
        assertThat(dataFsyncs.unit()).isEqualTo("fsyncs/op");
        assertThat(dataFsyncs.iterations()).containsExactly(Double.NaN, Double.NaN);
        assertThat(dataFsyncs.presentIterations()).isEmpty();
    }

    @Test
    void readsTheServerFactsBesideIt() throws URISyntaxException {
        TrialFacts facts = realPg14().facts().get(0);
        assertThat(facts.params()).containsEntry("method", "COPY_BINARY");
        assertThat(facts.get("major")).isEqualTo("14");
        assertThat(facts.get("serverVersion")).isEqualTo("14.20");
        assertThat(facts.get("fsync")).isEqualTo("on");
        assertThat(facts.get("synchronous_commit")).isEqualTo("on");
        assertThat(facts.get("full_page_writes")).isEqualTo("on");
        assertThat(facts.get("data_checksums")).isEqualTo("off");
    }

    /** A secondary metric named as the primary would replace it in every reader (an adversarial pass, 2026-12-03). */
    @Test
    void aSecondaryMetricNamedScoreIsRefused(@TempDir Path dir) throws Exception {
        Path file = new HandMadeJmh().entry("x.A.run", "thrpt").primary("ops/s", 100, 100, 100)
                .secondary("score", "ops/s", 1, 1, 1).write(dir.resolve("result.json"));
        assertThatThrownBy(() -> ResultFile.read(file)).isInstanceOf(ResultFileException.class)
                .hasMessage(file + ": entry 0 (x.A.run) has a secondary metric named 'score', the name this suite "
                        + "gives the primary metric; rename it in the benchmark");
    }
}
