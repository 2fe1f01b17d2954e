package org.pgingest.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ChildProcess;

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
                new PrintStream(err, true, StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path result(String name, double score, double walBytes) throws IOException {
        String s = String.valueOf(score);
        String w = String.valueOf(walBytes);
        return Files.writeString(dir.resolve(name), "[" + ENTRY.formatted("COPY_BINARY", s, s, s, w, w, w) + "]");
    }

    /** --help answers with the usage, exit 0, as rank's and rate's do (a newcomer met "unknown option --help"). */
    @Test
    void helpPrintsTheUsage() {
        assertThat(gate("--help")).isZero();
        assertThat(out()).startsWith(GateMain.USAGE);
        assertThat(err()).isEmpty();
        out.reset();
        ByteArrayOutputStream reportOut = new ByteArrayOutputStream();
        assertThat(ReportMain.run(new String[] {"--help"}, new PrintStream(reportOut, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))).isZero();
        assertThat(reportOut.toString(StandardCharsets.UTF_8)).startsWith(ReportMain.USAGE);
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
        String name = "org.pgingest.bench.IngestBenchmark.load ( {\"method\":\"COPY_BINARY\",\"rows\":\"500\"} )";
        assertThat(bigger.get(0).get("name").asText()).isEqualTo(name);
        assertThat(bigger.get(0).get("unit").asText()).isEqualTo("ops/s");
        JsonNode smaller = JSON.readTree(dir.resolve("exports/github-action-benchmark-smaller.json").toFile());
        assertThat(smaller).hasSize(1);
        assertThat(smaller.get(0).get("name").asText()).isEqualTo(name + " wal.bytes/row");
        assertThat(smaller.get(0).get("value").asDouble()).isEqualTo(340);
        JsonNode bencher = JSON.readTree(dir.resolve("exports/bencher.json").toFile());
        JsonNode measures = bencher.get(name);
        assertThat(measures.get("throughput").get("value").asDouble()).isEqualTo(100);
        assertThat(measures.get("wal-bytes-per-row").get("value").asDouble()).isEqualTo(340);
    }

    @Test
    void sameResults_exit0() throws IOException {
        Path base = result("base.json", 100, 290);
        Path same = result("same.json", 100, 290);
        assertThat(gate(base.toString(), same.toString())).isZero();
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

    /** "5" meant 500 %: only "5%" or "0.05" say a threshold; a bare number above 1 is refused, before anything runs. */
    @Test
    void aBareNumberAboveOne_isRefused_asAThreshold() throws IOException {
        Path base = result("base.json", 100, 290);
        Path cur = result("cur.json", 100, 340);
        assertThat(gate(base.toString(), cur.toString(), "--rule", "wal.bytes/row=5")).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: rule 'wal.bytes/row=5': '5' is a bare number above 1, "
                + "which would mean 500 %; write 5% for 5 percent, or a fraction such as 0.05\n");
        assertThat(out()).isEmpty();
        err.reset();
        assertThat(gate(base.toString(), cur.toString(), "--counted", "20")).isEqualTo(2);
        assertThat(err()).startsWith("pg-ingest-bench gate: --counted: '20' is a bare number above 1").hasLineCount(1);
        // the same rule written either accepted way: +17.2 % is past 5 %
        assertThat(gate(base.toString(), cur.toString(), "--rule", "wal.bytes/row=5%")).isEqualTo(1);
        assertThat(gate(base.toString(), cur.toString(), "--rule", "wal.bytes/row=0.05")).isEqualTo(1);
        assertThat(gate(base.toString(), cur.toString(), "--rule", "wal.bytes/row=500%")).isZero();
    }

    @Test
    void aPatternWithRegexSyntax_orMatchingNoMetric_isRefused() throws IOException {
        Path base = result("base.json", 100, 290);
        Path cur = result("cur.json", 100, 340);
        assertThat(gate(base.toString(), cur.toString(), "--rule", "[wal=5%")).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: rule '[wal=5%': '[' in the pattern is no wildcard here; "
                + "only * is, matching any characters (e.g. 'wal.*=10%', 'wal.fsyncs/*=15%')\n");
        err.reset();
        assertThat(gate(base.toString(), cur.toString(), "--rule", "wal.byte/*=50%")).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: rule pattern 'wal.byte/*' matches no metric of base.json "
                + "or cur.json; their metrics: score, wal.bytes/row\n");
        assertThat(out()).isEmpty();
    }

    @Test
    void anIgnoredParamNeitherFileHas_isRefused() throws IOException {
        Path base = result("base.json", 100, 290);
        Path cur = result("cur.json", 100, 290);
        assertThat(gate(base.toString(), cur.toString(), "--ignore-param", "metod")).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: --ignore-param metod: no entry of base.json or cur.json "
                + "has that param; their params: method, rows\n");
    }

    /** A NaN (or infinite) figure where the baseline has a number is a failed measurement: exit 2, naming it. */
    @Test
    void aFigureTheCurrentRunFailedToMeasure_exits2_namingIt() throws IOException {
        Path base = result("base.json", 100, 290);
        Path nan = Files.writeString(dir.resolve("nan.json"), "[" + ENTRY.formatted("COPY_BINARY", "\"NaN\"", "\"NaN\"",
                "\"NaN\"", 290, 290, 290) + "]");
        assertThat(gate(base.toString(), nan.toString(), "--export", dir.resolve("exports").toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: nan.json did not measure what the baseline did: "
                + "IngestBenchmark.load(method=COPY_BINARY,rows=500) score is NaN (baseline 100 ops/s); a NaN, "
                + "Infinity or absent figure is a failed measurement (rerun, or leave the metric out with --rule "
                + "'NAME=ignore')\n");
        assertThat(out()).isEmpty();
        assertThat(dir.resolve("exports")).doesNotExist();
        err.reset();
        Path infinite = Files.writeString(dir.resolve("inf.json"), "[" + ENTRY.formatted("COPY_BINARY", 100, 100, 100,
                "\"Infinity\"", "\"Infinity\"", "\"Infinity\"") + "]");
        assertThat(gate(base.toString(), infinite.toString())).isEqualTo(2);
        assertThat(err()).contains("wal.bytes/row is Infinity (baseline 290 B/row)");
        err.reset();
        // a rule that ignores the metric: shown as missing, not judged
        assertThat(gate(base.toString(), nan.toString(), "--rule", "score=ignore")).isZero();
        assertThat(out()).contains("| score (ops/s) ↑ | 100 | NaN |  | missing | NaN (not measured) in the current run |");
    }

    /** Outputs are checked first: a gate that cannot write --json prints and writes nothing. */
    @Test
    void anOutputThatCannotBeWritten_exits2_beforeAnythingIsPrintedOrWritten() throws IOException {
        Path base = result("base.json", 100, 290);
        Path cur = result("cur.json", 100, 340);
        Path md = dir.resolve("v.md");
        Path aDirectory = Files.createDirectory(dir.resolve("json-is-a-directory"));
        assertThat(gate(base.toString(), cur.toString(), "--markdown", md.toString(), "--json", aDirectory.toString()))
                .isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: --json " + aDirectory + ": " + aDirectory + " is a directory; name a file\n");
        assertThat(out()).isEmpty();
        assertThat(md).doesNotExist();
        err.reset();
        Path noDir = dir.resolve("no-such-dir").resolve("v.json");
        // a missing directory is created, as for every result the suite writes
        assertThat(gate(base.toString(), cur.toString(), "--json", noDir.toString())).isEqualTo(1);
        assertThat(noDir).exists();
        err.reset();
        out.reset();
        Path aFile = Files.writeString(dir.resolve("exports-is-a-file"), "");
        assertThat(gate(base.toString(), cur.toString(), "--markdown", md.toString(), "--export", aFile.resolve("sub").toString()))
                .isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: --export " + aFile.resolve("sub") + ": " + aFile
                + " is a file, not a directory\n");
        err.reset();
        // /proc takes no new files, even from root: writability is tried, not read from permission bits
        assertThat(gate(base.toString(), cur.toString(), "--markdown", md.toString(), "--json", "/proc/gate.json")).isEqualTo(2);
        assertThat(err()).startsWith("pg-ingest-bench gate: --json /proc/gate.json: cannot write in /proc (").hasLineCount(1);
        assertThat(out()).isEmpty();
        assertThat(md).doesNotExist();
    }

    /**
     * An output named as the run it judges, or where an export file goes, is refused and the input kept (an
     * adversarial pass, 2026-12-03: the current run was replaced by the verdict's Markdown, an export wrote through a
     * link).
     */
    @Test
    void anOutputInAnInputsPlaceOrThroughALink_exits2_andTheInputIsKept() throws IOException {
        Path base = result("base.json", 100, 290);
        Path cur = result("cur.json", 100, 340);
        String before = Files.readString(cur);
        assertThat(gate(base.toString(), cur.toString(), "--markdown", cur.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: --markdown " + cur + ": the command reads " + cur
                + ", which this would replace; name another file\n");
        assertThat(cur).hasContent(before);
        err.reset();
        Path exports = Files.createDirectory(dir.resolve("exports"));
        Path precious = Files.writeString(dir.resolve("precious.txt"), "mine");
        Path link = Files.createSymbolicLink(exports.resolve("bencher.json"), precious);
        assertThat(gate(base.toString(), cur.toString(), "--export", exports.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: --export " + link + ": " + link + " is a symbolic link, "
                + "which the result would replace; name a regular file\n");
        assertThat(precious).hasContent("mine");
        assertThat(out()).isEmpty();
        err.reset();
        assertThat(gate(base.toString(), cur.toString(), "--export", "")).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: --export: no directory given\n");
    }

    /** One file given as both runs would pass any change: refused (an adversarial pass, 2026-12-03). */
    @Test
    void oneFileAsBothRuns_exits2() throws IOException {
        Path base = result("base.json", 100, 290);
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), base);
        assertThat(gate(base.toString(), link.toString())).isEqualTo(2);
        assertThat(err()).isEqualTo("pg-ingest-bench gate: " + base + " and " + link + " are one file: give the "
                + "baseline's result and the current run's\n");
        assertThat(out()).isEmpty();
    }

    /** A secret on the command line, or in a file given as a result, is not echoed (an adversarial pass, 2026-12-03). */
    @Test
    void aSecretInAnOptionOrAFileGivenAsAResult_isNotEchoed() throws IOException {
        Path base = result("base.json", 100, 290);
        assertThat(gate(base.toString(), base.toString(), "-Djavax.net.ssl.keyStorePassword=Hunter2-secret")).isEqualTo(2);
        assertThat(err()).startsWith("pg-ingest-bench gate: unknown option -Djavax.net.ssl.keyStorePassword=")
                .doesNotContain("Hunter2-secret");
        err.reset();
        Path passwordFile = Files.writeString(dir.resolve("db_password"), "Hunter2-secret\n");
        assertThat(gate(base.toString(), passwordFile.toString())).isEqualTo(2);
        assertThat(err()).startsWith("pg-ingest-bench gate: " + passwordFile + " is not JSON (line 1, column ")
                .contains(": Unrecognized token '…'); expected JMH's -rf json output\n").doesNotContain("Hunter2");
    }

    /** Where the terminal is ASCII (LC_ALL=POSIX), arrows get stand-ins that differ from "?" (direction unknown). */
    @Test
    void underAnAsciiLocale_directionArrowsAreNotQuestionMarks() throws Exception {
        Path base = result("base.json", 100, 290);
        Path cur = result("cur.json", 100, 340);
        ProcessBuilder child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), GateMain.class.getName(), base.toString(), cur.toString(),
                "--markdown", dir.resolve("v.md").toString());
        child.environment().keySet().removeIf(name -> name.startsWith("LC_") || name.equals("LANG"));
        child.environment().put("LC_ALL", "POSIX");
        ChildProcess.Finished gate = ChildProcess.run(child, java.time.Duration.ofMinutes(1));
        assertThat(gate.exitCode()).as(gate.output()).isEqualTo(1);
        assertThat(gate.output()).contains("| score (ops/s) ^ |", "| wal.bytes/row (B/row) v |",
                "^ higher is better, v lower is better, ? direction unknown").doesNotContain("(ops/s) ?", "(B/row) ?");
        // the file keeps the arrows
        assertThat(Files.readString(dir.resolve("v.md"))).contains("| score (ops/s) ↑ |", "| wal.bytes/row (B/row) ↓ |");
    }
}
