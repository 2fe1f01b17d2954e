package org.pgingest.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The gate's command line: exit codes, one-line errors, the files it writes. */
class GateMainTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ENTRY = """
            {"jmhVersion":"1.37","benchmark":"org.pgingest.bench.IngestBenchmark.load","mode":"thrpt","threads":1,
             "params":{"method":"%s","rows":"500"},
             "primaryMetric":{"score":%s,"scoreError":"NaN","scoreUnit":"ops/s","rawData":[[%s,%s]]},
             "secondaryMetrics":{"wal.bytes/row":{"score":%s,"scoreError":"NaN","scoreUnit":"B/row","rawData":[[%s,%s]]}}}
            """;

    @TempDir
    Path dir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int gate(String... args) {
        return GateMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path result(String name, double score, double walBytes) throws IOException {
        String s = String.valueOf(score);
        String w = String.valueOf(walBytes);
        return Files.writeString(dir.resolve(name), "[" + ENTRY.formatted("COPY_BINARY", s, s, s, w, w, w) + "]");
    }

    @Test
    void regression_exits1_andWritesMarkdownJsonAndExports() throws IOException {
        Path base = result("base.json", 100, 290);
        Path cur = result("cur.json", 100, 340);
        int code = gate(base.toString(), cur.toString(), "--markdown", dir.resolve("v.md").toString(),
                "--json", dir.resolve("v.json").toString(), "--export", dir.resolve("exports").toString());
        assertThat(code).isEqualTo(1);
        assertThat(out.toString(StandardCharsets.UTF_8)).endsWith("pg-ingest-bench gate: REGRESSION: 1 regressed, "
                + "0 improved, 1 same, 0 noise, 0 missing, 0 not judged; 0 new, 0 vanished entries (exit 1)\n");
        assertThat(Files.readString(dir.resolve("v.md"))).contains("Params of every entry: method=COPY_BINARY, rows=500.",
                "| IngestBenchmark.load |  | wal.bytes/row (B/row) ↓ | 290 | 340 | +17.2 % | **regressed** | +17.2 % beyond ±10 % (counted) |");
        JsonNode verdict = JSON.readTree(dir.resolve("v.json").toFile());
        assertThat(verdict.get("outcome").asText()).isEqualTo("regression");
        assertThat(verdict.get("exitCode").asInt()).isEqualTo(1);
        JsonNode wal = verdict.get("comparisons").get(1);
        assertThat(wal.get("metric").asText()).isEqualTo("wal.bytes/row");
        assertThat(wal.get("kind").asText()).isEqualTo("counted");
        assertThat(wal.get("direction").asText()).isEqualTo("lower-is-better");
        assertThat(wal.get("verdict").asText()).isEqualTo("regressed");
        assertThat(wal.get("pValue").isNull()).isTrue();
        assertThat(wal.get("params").get("rows").asText()).isEqualTo("500");

        JsonNode bigger = JSON.readTree(dir.resolve("exports/github-action-benchmark-bigger.json").toFile());
        assertThat(bigger).hasSize(1);
        assertThat(bigger.get(0).get("name").asText()).isEqualTo("IngestBenchmark.load(method=COPY_BINARY,rows=500)");
        assertThat(bigger.get(0).get("unit").asText()).isEqualTo("ops/s");
        JsonNode smaller = JSON.readTree(dir.resolve("exports/github-action-benchmark-smaller.json").toFile());
        assertThat(smaller).hasSize(1);
        assertThat(smaller.get(0).get("name").asText())
                .isEqualTo("IngestBenchmark.load(method=COPY_BINARY,rows=500) wal.bytes/row");
        assertThat(smaller.get(0).get("value").asDouble()).isEqualTo(340);
        JsonNode bencher = JSON.readTree(dir.resolve("exports/bencher.json").toFile());
        JsonNode measures = bencher.get("IngestBenchmark.load(method=COPY_BINARY,rows=500)");
        assertThat(measures.get("throughput").get("value").asDouble()).isEqualTo(100);
        assertThat(measures.get("wal-bytes-per-row").get("value").asDouble()).isEqualTo(340);
    }

    @Test
    void sameResults_exit0() throws IOException {
        Path base = result("base.json", 100, 290);
        assertThat(gate(base.toString(), base.toString())).isZero();
        assertThat(err()).isEmpty();
    }

    @Test
    void missingFile_exits2_withOneLine() throws IOException {
        Path base = result("base.json", 100, 290);
        assertThat(gate(base.toString(), dir.resolve("nope.json").toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: " + dir.resolve("nope.json") + ": no such file\n");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void notJson_andNotJmhJson_exit2_withOneLine() throws IOException {
        Path base = result("base.json", 100, 290);
        Path text = Files.writeString(dir.resolve("log.txt"), "# JMH version: 1.37\n");
        assertThat(gate(base.toString(), text.toString())).isEqualTo(2);
        assertThat(err()).startsWith("pg-ingest-bench gate: " + text + " is not JSON (").endsWith("expected JMH's -rf json output\n")
                .hasLineCount(1);
        err.reset();
        Path object = Files.writeString(dir.resolve("facts.json"), "{\"benchmark\":\"x\"}");
        assertThat(gate(base.toString(), object.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: " + object + " is not a JMH JSON result (expected a "
                + "top-level array of benchmark entries, as written by -rf json)\n");
    }

    @Test
    void nothingInCommon_exits2() throws IOException {
        Path base = result("base.json", 100, 290);
        Path other = Files.writeString(dir.resolve("other.json"), "[" + ENTRY.formatted("BATCH", 1, 1, 1, 1, 1, 1) + "]");
        assertThat(gate(base.toString(), other.toString())).isEqualTo(2);
        assertThat(err()).startsWith("pg-ingest-bench gate: nothing in common: ").hasLineCount(1);
    }

    @Test
    void badOptions_exit2_withTheUsage() throws IOException {
        Path base = result("base.json", 100, 290);
        assertThat(gate(base.toString(), base.toString(), "--fast")).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: unknown option --fast; " + GateMain.USAGE + "\n");
        err.reset();
        assertThat(gate(base.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: expected a baseline and a current JMH JSON file, got 1 "
                + "file arguments; " + GateMain.USAGE + "\n");
        err.reset();
        assertThat(gate(base.toString(), base.toString(), "--counted")).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: --counted needs a value; " + GateMain.USAGE + "\n");
    }
}
