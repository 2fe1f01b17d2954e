package org.pgingest.rate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ProcessTrees;
import org.pgingest.cli.ReportMain;
import org.pgingest.load.LoadMethod;
import org.pgingest.results.RateRecord;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.stats.CostFigure;
import org.pgingest.writers.ConnectionMode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The fixed-rate command on a real embedded server (fsync on). */
class RateCommandTest {
    private static EmbeddedTarget server;

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private record Outcome(int status, String out, String err) {
    }

    private static Outcome rate(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RateCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void reportsAModestRateAsTextAndJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rate.json");
        // 400 rows/s in calls of 20 rows: a call every 50 ms, a few ms each even on a busy machine
        Outcome o = rate("--method", "batch", "--rows-per-second", "400", "--workers", "2", "--duration", "3s",
                "--batch", "20", "--progress-every", "1s", "--json", json.toString());

        assertThat(o.status()).as(o.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(json.toFile());
        // Whether the rate was held is the machine's answer (a stalled commit near the end leaves calls undone), so
        // the test asks only that text and JSON agree with the counts
        long done = report.get("callsDone").asLong();
        boolean held = report.get("held").asBoolean();
        assertThat(o.out()).contains(held ? "rate HELD" : "rate NOT HELD").contains("latency    p50").contains("rows/s now");
        assertThat(report.get("callsDue").asLong()).isEqualTo(60);
        assertThat(done).isBetween(1L, 60L);
        assertThat(held).isEqualTo(done >= 0.99 * 60);
        assertThat(report.get("rows").asLong()).isEqualTo(20 * done);
        assertThat(report.get("server").get("commits").asDouble()).isGreaterThanOrEqualTo(done);
        assertThat(report.get("server").get("walFsyncsPerRow").isNumber()).isTrue();
        assertThat(report.get("latencyMs").get("p99").asDouble()).isPositive();
        assertThat(report.get("serverFacts").get("settings").get("fsync").asText()).isEqualTo("on");

        // The same file read back for the report: the figures the JSON holds, and a table row in the report.
        RateRecord record = RateRecord.read(json).get(0);
        assertThat(record.held()).isEqualTo(held);
        assertThat(record.method()).isEqualTo("BATCH");
        assertThat(record.batch()).isEqualTo(20);
        assertThat(record.workers()).isEqualTo(2);
        assertThat(record.askedRowsPerSecond()).isEqualTo(400);
        assertThat(record.achievedRowsPerSecond()).isEqualTo(report.get("achievedRowsPerSecond").asDouble());
        assertThat(record.latencyMs()[2]).isEqualTo(report.get("latencyMs").get("p99").asDouble());
        assertThat(record.walFsyncsPerRow()).isEqualTo(report.get("server").get("walFsyncsPerRow").asDouble());
        Path markdown = dir.resolve("report.md");
        ByteArrayOutputStream reportOut = new ByteArrayOutputStream();
        int reportStatus = ReportMain.run(new String[] {json.toString(), "--html", dir.resolve("report.html").toString(),
                "--markdown", markdown.toString()}, new PrintStream(reportOut, true, StandardCharsets.UTF_8), System.err);
        assertThat(reportStatus).isZero();
        assertThat(reportOut.toString(StandardCharsets.UTF_8)).contains("1 fixed-rate runs");
        assertThat(Files.readString(markdown)).contains("## Fixed-rate runs")
                .contains("| rate.json | BATCH | yes | " + record.serverVersion() + " | 20 | 2 | 400 |")
                .contains("## Fixed rate: achieved share of the asked rate");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<h2 id=\"rates\">Fixed-rate runs</h2>");
    }

    /**
     * On an external server the rate's table stays in the suite's schema for the next run, and the run says so, as
     * every run does (an adversarial pass, 2026-12-03: rate said nothing). In a JVM of its own: the options it is
     * given are this JVM's system properties.
     */
    @Test
    void onAnExternalServerItSaysWhereItsTableStays(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.txt");
        Process rate = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), RateCommand.class.getName(), "-Dpg.target=external",
                "-Dpg.url=" + server.endpoint().jdbcUrl(), "-Dpg.user=" + server.endpoint().user(),
                "-Dpg.schema=rate_kept", "--method", "batch", "--rows-per-second", "200", "--batch", "10",
                "--duration", "1s", "--no-report", "--json", dir.resolve("rate.json").toString()))
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            assertThat(rate.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(rate.exitValue()).as(Files.readString(out)).isZero();
            assertThat(Files.readString(out)).contains("pg-ingest-bench: schema rate_kept kept on the server with the "
                    + "suite's tables, for the next run; DROP SCHEMA \"rate_kept\" CASCADE drops it");
        } finally {
            ProcessTrees.stop(rate);
        }
    }

    @Test
    void anUnreachableRateIsReportedAsNotHeld() throws Exception {
        // 1,000,000 rows/s one autocommit row at a time: each row waits for its own WAL fsync
        RatePlan plan = new RatePlan(LoadMethod.AUTOCOMMIT_ROW, 1_000_000, 1, Duration.ofSeconds(1), 100,
                "users", ConnectionMode.POOLED, 0);
        RateResult result = new RateRun(server, plan).run(line -> { }, Duration.ofSeconds(10));

        assertThat(result.held()).isFalse();
        assertThat(result.dueCalls()).isEqualTo(plan.calls()).isEqualTo(10_000);
        assertThat(result.doneCalls()).isPositive().isLessThan(result.dueCalls());
        assertThat(result.rows()).isEqualTo(result.doneCalls() * 100);
        assertThat(result.costs().get(CostFigure.COMMITS)).hasValue(result.rows());
        assertThat(result.toText()).startsWith("rate NOT HELD: ");
        assertThat(result.toMap()).containsEntry("held", false);
    }

    @Test
    void badInputIsOneLineAndExitCodeTwo() {
        for (String[] args : new String[][] {
                {"--method", "batch", "--rows-per-second", "0"},
                {"--method", "batch", "--rows-per-second", "-5"},
                {"--method", "bulk", "--rows-per-second", "100"},
                {"--method", "batch", "--rows-per-second", "100", "--duration", "soon"},
                // a deadline past the clock's range wrapped (a fourth adversarial pass): "achieved -0 rows/s"
                {"--method", "batch", "--rows-per-second", "100", "--duration", "99999999999h"},
                {"--method", "batch", "--rows-per-second", "100", "--workers", "0"},
                // Found by the adversarial pass: a progress line as fast as the loop could print them.
                {"--method", "batch", "--rows-per-second", "100", "--duration", "1s", "--progress-every", "0s"},
                // ... and a round trip the benchmarks refuse (rttMs 0 to 1000), tried for 40 s before failing.
                {"--method", "batch", "--rows-per-second", "100", "--duration", "1s", "--rtt-ms", "100000"},
                // an adversarial pass (2026-12-03): a writer died making 2e9 rows and the run said "NOT HELD", exit 0
                {"--method", "copy_binary", "--rows-per-second", "2000000000", "--batch", "2000000000"},
                {"--rows-per-second", "100"},
                {"--method", "batch", "--rows-per-second", "100", "--no-such-option"}}) {
            Outcome o = rate(args);
            assertThat(o.status()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(o.err()).startsWith(RateCommand.PREFIX).hasLineCount(1);
            assertThat(o.out()).isEmpty();
        }
        assertThat(rate("--method", "bulk", "--rows-per-second", "100").err())
                .contains("unknown load method 'bulk': valid methods are autocommit_row, ");
        // picocli quotes the argument it refused, a secret too (an adversarial pass, 2026-12-03)
        assertThat(rate("--method", "batch", "--rows-per-second", "10", "--sslpassword=Hunter2-rate").err())
                .startsWith(RateCommand.PREFIX + "Unknown option: '--sslpassword=").doesNotContain("Hunter2");
        assertThat(rate("--method", "batch", "--rows-per-second", "0").err())
                .contains("--rows-per-second must be a number above 0");
        assertThat(rate("--method", "batch", "--rows-per-second", "1e20").err()).isEqualTo(RateCommand.PREFIX
                + "--rows-per-second 1.0E20 in calls of 100 rows is 1.00e+18 calls a second; the suite "
                + "schedules at most 1,000,000 (a limit of the suite): give a larger --batch or a lower rate\n");
        Outcome freeze = rate("--method", "copy_freeze", "--rows-per-second", "100", "--workers", "2", "--duration", "2s");
        assertThat(freeze.status()).isEqualTo(2);
        assertThat(freeze.err()).isEqualTo(RateCommand.PREFIX + "--method copy_freeze replaces the table's contents on "
                + "every call (TRUNCATE, then COPY FREEZE): a run of many calls keeps only the last one's rows, and "
                + "writers at once empty each other's; choose another method\n");
        assertThat(freeze.out()).isEmpty();
    }

    @Test
    void moreWorkersThanTheServerAcceptsIsOneLineAndExitCodeTwo(@TempDir Path dir) {
        // 199 writers fit max_connections (200) but not beside the suite's own two connections: "too many clients"
        // mid-run before the budget was checked.
        Outcome o = rate("--method", "batch", "--rows-per-second", "100", "--workers", "199", "--duration", "1s",
                "--json", dir.resolve("r.json").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo(RateCommand.PREFIX + "--workers 199 needs 201 connections at once (199 clients + 2 "
                + "for the suite's counters and checks); the server takes 200 (max_connections 200, none in use): use "
                + "--workers 198 or fewer, or raise it with -Dpg.conf.max_connections=201\n");
        assertThat(dir.resolve("r.json")).doesNotExist();
    }

    /**
     * The memory one call holds for its batch is measured, not estimated: at least the articles' embeddings alone
     * (384 float4 values, 1,552 bytes as a float[], in 95 % of rows), and twice the rows about twice the bytes. Both
     * batches stay below 256 rows: pgjdbc (42.7) reads the server's replies once 256 queued statements (64,000 bytes of
     * replies at an estimated 250 each) are in flight, and a batch's second request then holds that exchange's state too.
     */
    @Test
    void theMemoryOfABatchIsMeasuredBeforeTheRun(@TempDir Path dir) throws Exception {
        long[] held = new long[2];
        int[] rows = {100, 200};
        for (int i = 0; i < 2; i++) {
            Path json = dir.resolve("memory-" + rows[i] + ".json");
            Outcome o = rate("--method", "batch", "--shape", "articles", "--batch", String.valueOf(rows[i]),
                    "--rows-per-second", "2000", "--duration", "1s", "--measure-batch-memory", "--json", json.toString());
            assertThat(o.status()).as(o.err()).isZero();
            assertThat(o.out()).contains("memory per batch: ").contains(rows[i] + " at risk per failure");
            JsonNode report = new ObjectMapper().readTree(json.toFile());
            held[i] = report.get("batchMemoryBytes").asLong();
            assertThat(report.get("plan").get("rowsAtRisk").asLong()).isEqualTo(rows[i]);
        }
        assertThat(held[0]).isGreaterThan((long) (100 * 0.9 * 1552));
        assertThat((double) held[1] / held[0]).isBetween(1.6, 2.4);
    }

    @Test
    void aMisspeltSuiteOptionIsRefusedAsTheLauncherRefusesIt() {
        Outcome o = rate("--method", "batch", "--rows-per-second", "100", "-Dpg.verison=16");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo(RateCommand.PREFIX + "unknown option -Dpg.verison: the suite's options are -Dpg.target, "
                + "-Dpg.version, -Dpg.schema, -Dpg.url, -Dpg.user, -Dpg.binaries.dir, -Dpg.image, -Dpg.via, -Dpg.pgbouncer.home, -Dpg.citus.home, -Dpg.citus.workers and -Dpg.conf.NAME=VALUE\n");
        assertThat(o.out()).isEmpty();
    }

    @Test
    void aJsonPathThatCannotBeWrittenIsRefusedBeforeTheRun() {
        Outcome o = rate("--method", "batch", "--rows-per-second", "100", "--duration", "1s", "--json", "/proc/x/r.json");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo(RateCommand.PREFIX + "--json /proc/x/r.json: cannot create the directory /proc/x "
                + "(no such file or directory)\n");
        assertThat(o.out()).as("nothing ran").isEmpty();
    }
}
