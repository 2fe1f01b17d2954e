package org.pgingest.gate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.results.HandMadeJmh;
import org.pgingest.results.ResultFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

/**
 * The exports as their readers read them: Bencher's built-in measures in their own units (latency in ns,
 * throughput in ops/s, per the BMF reference and Bencher's JMH adapter), names unique for both tools, nothing
 * left out without a note, no file that github-action-benchmark would stop on.
 */
class ExportsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Exports.Export export(HandMadeJmh jmh) throws IOException {
        return Exports.of(ResultFile.read(jmh.write(dir.resolve("result.json"))));
    }

    private JsonNode written(Exports.Export export, String file) throws IOException {
        Exports.write(export, dir.resolve("out"));
        return JSON.readTree(dir.resolve("out").resolve(file).toFile());
    }

    /** Each JMH unit in the built-in measure's unit; the expected values are the unit arithmetic, written out. */
    @Test
    void primaryScoresAreConvertedToBenchersUnits() throws IOException {
        HandMadeJmh jmh = new HandMadeJmh();
        jmh.entry("x.A.us", "avgt").primary("us/op", 100, 100, 100);
        jmh.entry("x.A.s", "ss").primary("s/op", 2, 2, 2);
        jmh.entry("x.A.ms", "sample").primary("ms/op", 1.5, 1.5, 1.5);
        jmh.entry("x.A.opsPerMs", "thrpt").primary("ops/ms", 5, 5, 5);
        jmh.entry("x.A.opsPerUs", "thrpt").primary("ops/us", 0.25, 0.25, 0.25);
        jmh.entry("x.A.opsPerHr", "thrpt").primary("ops/hr", 7200, 7200, 7200);
        jmh.entry("x.A.dayPerOp", "avgt").primary("day/op", 1, 1, 1);
        JsonNode bencher = written(export(jmh), Exports.BENCHER);
        assertThat(bencher.get("x.A.us [avgt]").get("latency").get("value").asDouble()).isEqualTo(100_000);
        assertThat(bencher.get("x.A.s [ss]").get("latency").get("value").asDouble()).isEqualTo(2_000_000_000);
        assertThat(bencher.get("x.A.ms [sample]").get("latency").get("value").asDouble()).isEqualTo(1_500_000);
        assertThat(bencher.get("x.A.opsPerMs").get("throughput").get("value").asDouble()).isEqualTo(5_000);
        assertThat(bencher.get("x.A.opsPerUs").get("throughput").get("value").asDouble()).isEqualTo(250_000);
        assertThat(bencher.get("x.A.opsPerHr").get("throughput").get("value").asDouble()).isEqualTo(2);
        assertThat(bencher.get("x.A.dayPerOp [avgt]").get("latency").get("value").asDouble()).isEqualTo(86_400e9);
        // the error (1.0 in the hand-made file, three iterations) converts with the score
        JsonNode us = bencher.get("x.A.us [avgt]").get("latency");
        assertThat(us.get("lower_value").asDouble()).isEqualTo(99_000);
        assertThat(us.get("upper_value").asDouble()).isEqualTo(101_000);
    }

    /** JMH's interval is score ± error and reaches below zero for a noisy throughput: no figure here can. */
    @Test
    void aLowerValueBelowZeroIsClampedAtZero() throws IOException {
        HandMadeJmh jmh = new HandMadeJmh();
        jmh.entry("x.A.slow", "thrpt").primary("ops/s", 0.5, 0.5, 0.5);
        JsonNode throughput = written(export(jmh), Exports.BENCHER).get("x.A.slow").get("throughput");
        assertThat(throughput.get("value").asDouble()).isEqualTo(0.5);
        assertThat(throughput.get("lower_value").asDouble()).isZero();
        assertThat(throughput.get("upper_value").asDouble()).isEqualTo(1.5);
    }

    /** Same class in two packages, params that look alike once joined: each its own name in both tools. */
    @Test
    void namesKeepThePackageAndEscapeParams() throws IOException {
        HandMadeJmh jmh = new HandMadeJmh();
        jmh.entry("org.a.Dup.run", "thrpt", "p=1").primary("ops/s", 1, 1, 1);
        jmh.entry("org.b.Dup.run", "thrpt", "p=1").primary("ops/s", 1, 1, 1);
        jmh.entry("org.a.Dup.run", "thrpt", "a=1,b=2").primary("ops/s", 2, 2, 2);
        jmh.entry("org.a.Dup.run", "thrpt", "a=1", "b=2").primary("ops/s", 3, 3, 3);
        Exports.Export export = export(jmh);
        List<String> names = new ArrayList<>();
        written(export, Exports.BIGGER).forEach(item -> names.add(item.get("name").asText()));
        assertThat(names).containsExactly("org.a.Dup.run ( {\"p\":\"1\"} )", "org.b.Dup.run ( {\"p\":\"1\"} )",
                "org.a.Dup.run ( {\"a\":\"1,b=2\"} )", "org.a.Dup.run ( {\"a\":\"1\",\"b\":\"2\"} )");
        List<String> benchmarks = new ArrayList<>();
        written(export, Exports.BENCHER).fieldNames().forEachRemaining(benchmarks::add);
        assertThat(benchmarks).containsExactlyElementsOf(names);
    }

    @Test
    void theSameEntryTwiceIsRefused() throws IOException {
        HandMadeJmh jmh = new HandMadeJmh();
        jmh.entry("org.a.Dup.run", "thrpt", "p=1").primary("ops/s", 1, 1, 1);
        jmh.entry("org.a.Dup.run", "thrpt", "p=1").primary("ops/s", 2, 2, 2);
        assertThatThrownBy(() -> export(jmh)).isInstanceOf(GateInputException.class)
                .hasMessage("the result holds 2 entries named 'org.a.Dup.run ( {\"p\":\"1\"} )' (same benchmark, params, "
                        + "threads and mode): dashboards would draw them as one series; export a result with each entry once");
    }

    /** Two metric names that make one measure slug would share one Bencher measure: refused, naming both. */
    @Test
    void metricSlugsAreUniqueAndStartWithALetterOrDigit() throws IOException {
        HandMadeJmh clash = new HandMadeJmh();
        clash.entry("x.A.run", "thrpt").primary("ops/s", 1, 1, 1).secondary("wal.bytes/row", "B/row", 300, 300, 300)
                .secondary("wal-bytes/row", "B/row", 300, 300, 300);
        assertThatThrownBy(() -> export(clash)).isInstanceOf(GateInputException.class)
                .hasMessage("metrics 'wal.bytes/row' and 'wal-bytes/row' would both be Bencher measure "
                        + "'wal-bytes-per-row'; one measure cannot hold two metrics");
        HandMadeJmh gc = new HandMadeJmh();
        gc.entry("x.A.run", "thrpt").primary("ops/s", 1, 1, 1).secondary("·gc.alloc.rate.norm", "B/op", 8, 8, 8);
        assertThat(written(export(gc), Exports.BENCHER).get("x.A.run").has("gc-alloc-rate-norm")).isTrue();
        HandMadeJmh builtIn = new HandMadeJmh();
        builtIn.entry("x.A.run", "thrpt").primary("ops/s", 1, 1, 1).secondary("Latency", "ms/op", 8, 8, 8);
        assertThatThrownBy(() -> export(builtIn)).isInstanceOf(GateInputException.class)
                .hasMessage("metric 'Latency' of A.run makes no Bencher measure of its own (its slug 'latency' is a "
                        + "built-in measure's)");
    }

    /** github-action-benchmark stops on an empty list ("No benchmark result was found"): such a file is not written. */
    @Test
    void aDirectionWithNoFigureWritesNoFile_andSaysSo() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve(Exports.BIGGER), "[ {\"name\":\"from an earlier run\"} ]");
        HandMadeJmh latencyOnly = new HandMadeJmh();
        latencyOnly.entry("x.A.run", "avgt").primary("ms/op", 1, 1, 1);
        Exports.Export export = export(latencyOnly);
        assertThat(Exports.write(export, out)).containsExactly(out.resolve(Exports.SMALLER), out.resolve(Exports.BENCHER));
        assertThat(out.resolve(Exports.BIGGER)).doesNotExist();
        assertThat(export.notes()).containsExactly("github-action-benchmark-bigger.json not written: no "
                + "higher-is-better figure (github-action-benchmark stops on an empty list)");
    }

    /** A figure that is no number cannot be charted; it is left out with a note, not silently. */
    @Test
    void aFigureThatIsNoNumberIsLeftOutWithANote() throws IOException {
        HandMadeJmh jmh = new HandMadeJmh();
        jmh.entry("x.A.run", "thrpt", "p=1").primary("ops/s", Double.NaN, Double.NaN, Double.NaN)
                .secondary("wal.bytes/row", "B/row", 300, 300, 300);
        Exports.Export export = export(jmh);
        assertThat(export.notes()).contains("left out x.A.run ( {\"p\":\"1\"} ) score: NaN is no measurement");
        JsonNode bencher = written(export, Exports.BENCHER).get("x.A.run ( {\"p\":\"1\"} )");
        assertThat(bencher.has("throughput")).isFalse();
        assertThat(bencher.get("wal-bytes-per-row").get("value").asDouble()).isCloseTo(300, offset(1e-9));
    }

    /**
     * A negative error (an edited file; JMH writes none) is no interval, not one upside down; a score beyond a double
     * once in Bencher's unit is left out with a note, not written as Infinity, which is no JSON (an adversarial pass,
     * 2026-12-03).
     */
    @Test
    void aNegativeErrorIsNoInterval_andAScoreBeyondADoubleIsLeftOut() throws IOException {
        HandMadeJmh jmh = new HandMadeJmh();
        jmh.entry("x.A.run", "thrpt").primary("ops/s", 100, 100, 100);
        jmh.entry("x.A.huge", "thrpt").primary("ops/ns", 1e300, 1e300, 1e300);
        Path file = jmh.write(dir.resolve("result.json"));
        Files.writeString(file, Files.readString(file).replaceFirst("\"scoreError\"\\s*:\\s*1\\.0", "\"scoreError\" : -5.0"));
        Exports.Export export = Exports.of(ResultFile.read(file));
        assertThat(export.notes()).contains("left out of " + Exports.BENCHER + " x.A.huge score: 1.0E300 ops/ns is beyond "
                + "a double in Bencher's throughput unit");
        Exports.write(export, dir.resolve("out"));
        String text = Files.readString(dir.resolve("out").resolve(Exports.BENCHER));
        assertThat(text).doesNotContain("Infinity");
        JsonNode run = JSON.readTree(text).get("x.A.run").get("throughput");
        assertThat(run.get("value").asDouble()).isCloseTo(100, offset(1e-9));
        assertThat(run.has("lower_value")).as(run.toString()).isFalse();
        assertThat(JSON.readTree(text).get("x.A.huge").size()).isZero();
        JsonNode bigger = JSON.readTree(dir.resolve("out").resolve(Exports.BIGGER).toFile());
        assertThat(bigger.get(0).has("range")).isFalse();
    }

    /**
     * A real run's measures are keys Bencher takes as slugs: its slugify (the slug crate: a-z, 0-9, single inner
     * dashes) leaves them unchanged, and none is longer than 64 characters (bencher_valid's is_valid_slug).
     */
    @Test
    void aRealRunsMeasuresAreValidBencherSlugs() throws Exception {
        Path real = Path.of(getClass().getResource("/org/pgingest/results/ingest-pg14.json").toURI());
        Exports.Export export = Exports.of(ResultFile.read(real));
        JsonNode bencher = written(export, Exports.BENCHER);
        List<String> slugs = new ArrayList<>();
        bencher.elements().forEachRemaining(measures -> measures.fieldNames().forEachRemaining(slugs::add));
        assertThat(slugs).contains("throughput", "wal-bytes-per-row", "server-cpu-per-row")
                .allSatisfy(slug -> assertThat(slug).matches("[a-z0-9]+(-[a-z0-9]+)*").hasSizeLessThanOrEqualTo(64));
    }
}
