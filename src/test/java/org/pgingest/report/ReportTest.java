package org.pgingest.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Benchmark;
import org.pgingest.bench.CeilingBenchmark;
import org.pgingest.bench.IngestBenchmark;
import org.pgingest.results.HandMadeJmh;
import org.pgingest.results.RateRecord;
import org.pgingest.results.ResultFileException;
import org.pgingest.results.ResultFile;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the report charts, from hand-made JMH JSON: exact figures, ceilings, allocation, several runs. */
class ReportTest {
    /** The benchmarks' real names, from their classes: a renamed method would otherwise leave the test on a name no run has. */
    private static final String LOAD = benchmark(IngestBenchmark.class);
    private static final String CEILING = benchmark(CeilingBenchmark.class);

    @TempDir
    Path dir;

    private static HandMadeJmh run(double binaryRowsPerSecond) {
        HandMadeJmh run = new HandMadeJmh();
        for (String method : List.of("BATCH", "COPY_BINARY")) {
            for (String rows : List.of("500", "5000")) {
                run.entry(LOAD, "thrpt", "method=" + method, "rows=" + rows, "shape=USERS")
                        .primary("ops/s", 10, 10, 10)
                        .secondary("rows", "ops/s", method.equals("BATCH") ? 50_000 : binaryRowsPerSecond,
                                method.equals("BATCH") ? 50_000 : binaryRowsPerSecond,
                                method.equals("BATCH") ? 50_000 : binaryRowsPerSecond)
                        .secondary("wal.bytes/row", "B/row", 330, 330, 330)
                        .secondary("wal.fsyncs/row", "fsyncs/row", 0.002, 0.002, 0.002)
                        .secondary("client.alloc/row", "B/row", 48, 48, 48)
                        .facts(170011, "on", "on", "on", "off");
            }
        }
        run.entry(CEILING, "thrpt", "method=COPY_BINARY", "shape=USERS").primary("ops/s", 1, 1, 1)
                .secondary("rows", "ops/s", 200_000, 200_000, 200_000).facts(170011, "on", "on", "on", "off");
        return run;
    }

    /** class.method of the class's one @Benchmark method, as JMH names it in its results. */
    private static String benchmark(Class<?> type) {
        List<Method> methods = Arrays.stream(type.getMethods()).filter(m -> m.isAnnotationPresent(Benchmark.class)).toList();
        assertThat(methods).hasSize(1);
        return type.getName() + "." + methods.get(0).getName();
    }

    private static Chart chart(Report r, String id) {
        return r.charts().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void oneRun_chartsEveryFigure_andTheShareOfItsCeiling() throws IOException {
        Report r = Report.of(List.of(ResultFile.read(run(190_000).write(dir.resolve("a.json")))));
        assertThat(r.charts()).extracting(Chart::id).containsExactly("rows-per-second", "wal-bytes-per-row",
                "wal-fsyncs-per-row", "share-of-ceiling", "allocation-per-row");
        Chart rows = chart(r, "rows-per-second");
        // Fastest first; labelled by what varies (benchmark, method, rows), what all share (shape) said in the note.
        assertThat(rows.categories()).containsExactly("Ceiling COPY_BINARY", "Ingest COPY_BINARY rows=500",
                "Ingest COPY_BINARY rows=5000", "Ingest BATCH rows=500", "Ingest BATCH rows=5000");
        assertThat(rows.note()).endsWith("Every bar that has them: shape=USERS.");
        assertThat(rows.values()[1][0]).isEqualTo(190_000);
        Chart share = chart(r, "share-of-ceiling");
        // BATCH has no ceiling of its method; the ceiling itself is not charted against itself.
        assertThat(share.categories()).containsExactly("COPY_BINARY rows=500", "COPY_BINARY rows=5000");
        assertThat(share.values()[0][0]).isEqualTo(0.95);
        // The answer: methods only (no ceiling), rows/s beside WAL per row in the same order, fastest first.
        assertThat(r.answer()).extracting(Chart::id).containsExactly("answer-rows-per-second", "answer-wal-bytes-per-row");
        assertThat(r.answer().get(0).categories()).containsExactly("COPY_BINARY rows=500", "COPY_BINARY rows=5000",
                "BATCH rows=500", "BATCH rows=5000");
        assertThat(r.answer().get(1).categories()).isEqualTo(r.answer().get(0).categories());
        assertThat(r.answer().get(1).values()[2][0]).isEqualTo(330);
        assertThat(chart(r, "allocation-per-row").note()).startsWith("Bytes the loader allocated per row");
        assertThat(chart(r, "allocation-per-row").values()[0][0]).isEqualTo(48);
        assertThat(r.facts().get(0)).containsEntry("serverVersion", "17.11").containsEntry("fsync", "on")
                .containsEntry("trials", "5");
    }

    /**
     * A CI job's two runs have one file name, main/jmh-result.json and pr/jmh-result.json: the ranked table and the
     * charts name each by as much of its path as tells it apart (an adversarial pass, 2026-12-03: the table read
     * "jmh-result.json" twice); the same file given twice keeps its position.
     */
    @Test
    void runsOfOneFileName_areToldApartByTheirPaths() throws IOException {
        Path main = Files.createDirectories(dir.resolve("main"));
        Path pr = Files.createDirectories(dir.resolve("pr"));
        ResultFile a = ResultFile.read(run(190_000).write(main.resolve("jmh-result.json")));
        ResultFile b = ResultFile.read(run(95_000).write(pr.resolve("jmh-result.json")));
        Report r = Report.of(List.of(a, b, a));
        assertThat(r.runs()).containsExactly("main/jmh-result.json", "pr/jmh-result.json", "main/jmh-result.json #3");
        assertThat(r.rankings().get(0).text()).contains("main/jmh-result.json", "pr/jmh-result.json");
    }

    @Test
    void severalRuns_sideBySide_withAFigureMissingInOne() throws IOException {
        ResultFile a = ResultFile.read(run(190_000).write(dir.resolve("main.json")));
        HandMadeJmh other = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500", "shape=USERS")
                .primary("ops/s", 20, 20, 20).secondary("rows", "ops/s", 10_000, 10_000, 10_000);
        ResultFile b = ResultFile.read(other.write(dir.resolve("pr.json")));
        Report r = Report.of(List.of(a, b));
        assertThat(r.runs()).containsExactly("main.json", "pr.json");
        Chart rows = chart(r, "rows-per-second");
        assertThat(rows.series()).containsExactly("main.json", "pr.json");
        assertThat(rows.categories().get(3)).isEqualTo("Ingest BATCH rows=500");
        assertThat(rows.values()[3]).containsExactly(50_000, 10_000);
        assertThat(rows.values()[1][1]).isNaN();
        assertThat(r.facts().get(1)).containsExactly(
                java.util.Map.entry("server facts", "not recorded (pr.json.server.jsonl absent)"));

        String md = MarkdownReport.render(r, "report main.json pr.json");
        assertThat(md).contains("| entry | main.json: rows/s | main.json: ± 99.9 % interval | pr.json: rows/s | pr.json: ± 99.9 % interval |",
                "| Ingest BATCH rows=500 | 50,000 | ± 1 | 10,000 | ± 1 |",
                "| Ingest COPY_BINARY rows=500 | 190,000 | ± 1 | – |  |",
                "| fsync | on |  |");
        String html = HtmlReport.render(r, "report main.json pr.json");
        assertThat(html).doesNotContain("http://", "https://cdn", "<link", "src=\"")
                .contains("<svg class=\"chart\" id=\"svg-rows-per-second\"",
                        "<tr><td>Ingest BATCH rows=500</td><td class=\"n\">50,000</td><td class=\"n\">± 1</td>"
                                + "<td class=\"n\">10,000</td><td class=\"n\">± 1</td></tr>");
    }

    @Test
    void aCeilingRecordedMissing_makesTheShareMissingWithItsReason() throws IOException {
        String reason = "role app is neither superuser nor a member of pg_read_server_files, which COPY FROM a file needs";
        HandMadeJmh run = new HandMadeJmh();
        for (String method : List.of("COPY_TEXT", "COPY_BINARY")) {
            run.entry(LOAD, "thrpt", "method=" + method, "rows=500", "shape=USERS").primary("ops/s", 10, 10, 10)
                    .secondary("rows", "ops/s", 5_000, 5_000, 5_000).facts(170011, "on", "on", "on", "off");
        }
        // COPY_BINARY's ceiling was measured; COPY_TEXT's is missing on this target.
        run.entry(CEILING, "thrpt", "method=COPY_BINARY", "rows=500", "shape=USERS").primary("ops/s", 20, 20, 20)
                .secondary("rows", "ops/s", 10_000, 10_000, 10_000).facts(170011, "on", "on", "on", "off");
        run.missing(CEILING, reason, "method=COPY_TEXT", "rows=500", "shape=USERS");
        ResultFile file = ResultFile.read(run.write(dir.resolve("m.json")));
        assertThat(file.facts()).hasSize(3);
        assertThat(file.missing()).extracting(m -> m.trial() + ": " + m.reason())
                .containsExactly("CeilingBenchmark.load method=COPY_TEXT rows=500 shape=USERS: " + reason);

        Report r = Report.of(List.of(file));
        Chart share = chart(r, "share-of-ceiling");
        // Measured first, the missing one after it with its reason.
        assertThat(share.categories()).containsExactly("COPY_BINARY", "COPY_TEXT");
        assertThat(share.values()[1][0]).isNaN();
        assertThat(share.missing()[1][0]).isEqualTo("no ceiling on this target: " + reason);
        assertThat(share.values()[0][0]).isEqualTo(0.5);
        assertThat(share.missing()[0][0]).isNull();
        assertThat(r.facts().get(0)).containsEntry("missing trials",
                "1: CeilingBenchmark.load method=COPY_TEXT rows=500 shape=USERS: " + reason);

        assertThat(MarkdownReport.render(r, "report m.json")).contains(
                "| COPY_TEXT | missing: no ceiling on this target: " + reason + " |  |",
                "| COPY_BINARY | 0.5 | ± ");
        assertThat(HtmlReport.render(r, "report m.json")).contains("<title>missing: no ceiling on this target: "
                + reason + "</title>missing: no ceiling on this target: role app");
    }

    @Test
    void withoutRowsParam_orCeiling_thoseChartsAreLeftOut_andLabelsAreEscaped() throws IOException {
        HandMadeJmh plain = new HandMadeJmh().entry("x.Weird.call", "avgt", "q=<a&b>").primary("ms/op", 1, 1, 1);
        Report r = Report.of(List.of(ResultFile.read(plain.write(dir.resolve("x.json")))));
        assertThat(r.charts()).isEmpty();
        assertThat(HtmlReport.render(r, "report <x>")).contains("report &lt;x&gt;").contains("No figure to chart");
    }

    /** A parameter every entry shares is said in a chart's note: in report.md as text, never as markup. */
    @Test
    void aSharedParameterInAChartsNoteIsEscapedInTheMarkdown() throws IOException {
        String hostile = "USERS\n# injected\n![x](http://example.com/x.png) <script>alert(1)</script> "
                + "[link](javascript:alert(1))";
        HandMadeJmh run = new HandMadeJmh();
        for (String method : List.of("BATCH", "COPY_BINARY")) {
            run.entry(LOAD, "thrpt", "method=" + method, "rows=500", "shape=" + hostile).primary("ops/s", 10, 10, 10)
                    .secondary("rows", "ops/s", 5000, 5000, 5000).facts(170011, "on", "on", "on", "off");
        }
        Report r = Report.of(List.of(ResultFile.read(run.write(dir.resolve("hostile.json")))));
        assertThat(chart(r, "rows-per-second").note()).contains("# injected");
        String md = MarkdownReport.render(r, "report hostile.json");
        assertThat(md).doesNotContain("\n# injected", "<script>", "![x](", "[link](").contains("&lt;script&gt;");
    }

    @Test
    void ticksAreRound() {
        assertThat(Axis.linearTicks(124_400)).containsExactly(0, 25_000, 50_000, 75_000, 100_000, 125_000);
        assertThat(Axis.linearTicks(0.95)).containsExactly(0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0);
    }

    /** Two cells of a ladder in one list, as a preset merges them; a figure the server could not give is null. */
    @Test
    void rateResults_areATableAndTwoCharts_andAMissingFigureStaysMissing() throws IOException {
        Path ladder = dir.resolve("rates.json");
        Files.writeString(ladder, """
                [{"plan":{"method":"COPY_BINARY","rowsPerSecond":1000.0,"workers":50,"batch":5,"connections":"POOLED"},
                  "held":true,"achievedRowsPerSecond":999.5,"latencyMs":{"p50":1.5,"p90":2.0,"p99":4.25,"max":9.0},
                  "scheduleLagMs":{"p50":0.1,"p99":0.5,"max":1.0},
                  "server":{"cpuPercentOfOneCore":null,"walFsyncsPerRow":0.2,"walBytesPerRow":290.0},
                  "serverFacts":{"serverVersion":"17.11"}},
                 {"plan":{"method":"AUTOCOMMIT_ROW","rowsPerSecond":5000.0,"workers":50,"batch":1,"connections":"NEW_PER_CALL"},
                  "held":false,"achievedRowsPerSecond":2500.0,"latencyMs":{"p50":3000.0,"p90":4000.0,"p99":4800.0,"max":5000.0},
                  "scheduleLagMs":{"p50":2900.0,"p99":4700.0,"max":4900.0},
                  "server":{"cpuPercentOfOneCore":54.0,"walFsyncsPerRow":0.18,"walBytesPerRow":350.0},
                  "serverFacts":{"serverVersion":"17.11"}}]
                """);
        assertThat(RateRecord.holdsRateResults(ladder)).isTrue();
        List<RateRecord> rates = RateRecord.read(ladder);
        assertThat(rates).extracting(RateRecord::held).containsExactly(true, false);
        assertThat(rates.get(0).cpuPercent()).isNaN();

        Report r = Report.of(List.of(), rates);
        assertThat(chart(r, "rate-achieved").categories()).containsExactly(
                "COPY_BINARY ×5, 50 workers, 1,000 rows/s", "AUTOCOMMIT_ROW ×1, 50 workers (new_per_call), 5,000 rows/s (not held)");
        assertThat(chart(r, "rate-achieved").values()[0][0]).isEqualTo(0.9995);
        assertThat(chart(r, "rate-achieved").values()[1][0]).isEqualTo(0.5);
        assertThat(chart(r, "rate-latency-p99").values()[0][0]).isEqualTo(4.25);
        String md = MarkdownReport.render(r, "report rates.json");
        assertThat(md).contains("| rates.json | COPY_BINARY | yes | 17.11 | 5 | 50 | 1000 | 999.5 | 1.5 / 2 / 4.25 / 9 | 0.5 | NaN | 0.2 | 290 |")
                .contains("| rates.json | AUTOCOMMIT_ROW (NEW_PER_CALL) | NO |");
    }

    /** An edited or foreign file is one line, not a ladder of nameless or zero-row cells (a leftover of 2026-12-03). */
    @Test
    void aRateResultWithoutItsPlansFiguresIsRefused() throws IOException {
        Path ladder = dir.resolve("bad-rates.json");
        String good = "{\"method\":\"COPY_BINARY\",\"rowsPerSecond\":1000.0,\"workers\":50,\"batch\":5}";
        for (String[] bad : new String[][] {{"\"method\":\"COPY_BINARY\",", "", "plan.method"},
                {"\"batch\":5", "\"batch\":0", "plan.batch"}, {"\"workers\":50", "\"workers\":\"50\"", "plan.workers"},
                {"1000.0", "-1", "plan.rowsPerSecond"}}) {
            Files.writeString(ladder, "{\"plan\":" + good.replace(bad[0], bad[1]) + ",\"held\":true}");
            assertThat(RateRecord.holdsRateResults(ladder)).isTrue();
            assertThatThrownBy(() -> RateRecord.read(ladder)).isInstanceOf(ResultFileException.class)
                    .hasMessage(ladder + " is not a rate result: entry 0's " + bad[2] + " is not what ./bench rate "
                            + "--json writes (a method name, whole numbers of rows per call and workers of at least 1, "
                            + "a positive rate, held true or false, an achieved rate not below 0)");
        }
        Files.writeString(ladder, "{\"plan\":" + good + ",\"held\":\"yes\"}");
        assertThatThrownBy(() -> RateRecord.read(ladder)).hasMessageContaining("entry 0's held is not");
        Files.writeString(ladder, "{\"plan\":" + good + ",\"held\":true,\"achievedRowsPerSecond\":-5}");
        assertThatThrownBy(() -> RateRecord.read(ladder)).hasMessageContaining("entry 0's achievedRowsPerSecond is not");
    }

    @Test
    void aJmhFileIsNotARateResult() throws IOException {
        assertThat(RateRecord.holdsRateResults(run(1).write(dir.resolve("jmh.json")))).isFalse();
    }
}
