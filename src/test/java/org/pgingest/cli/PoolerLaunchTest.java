package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.results.PoolerFailure;
import org.pgingest.results.ResultFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The pooler axis as a user meets it: the launcher in a child JVM with a real PgBouncer. */
class PoolerLaunchTest {

    /**
     * A loader that fails through transaction pooling (a batch is server-prepared under a name at once with pgjdbc's
     * default prepareThreshold) is that combination's result: one line with its SQLSTATE and message, no stack trace,
     * a line in the facts file, and the run, whose other trial was measured, exits 0.
     */
    @Test
    @RequiresPart(Part.PGBOUNCER)
    void aLoaderThatFailsThroughThePoolerIsRecordedAndTheRunGoesOn() throws Exception {
        Path result = Files.createTempFile("jmh-result", ".json");
        Path facts = Path.of(result + ".server.jsonl");
        try {
            BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofMinutes(3), Map.of(), "\\.PoolerBenchmark\\.",
                    "-p", "method=BATCH", "-p", "via=pgbouncer-transaction", "-p", "prepareThreshold=5,0", "-p", "rows=50",
                    "-f", "1", "-wi", "0", "-i", "3", "-r", "300ms", "-rff", result.toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(0);
            var lines = o.stderr().lines().filter(l -> l.startsWith("pg-ingest-bench: ")).toList();
            assertThat(lines).hasSize(2);
            assertThat(lines.get(1)).startsWith("pg-ingest-bench: failed through the pooler: PoolerBenchmark.load "
                    + "batchSize=1000 commitEvery=0 distribution=hash existingRows=0 hostileShare=0.1 indexes=STANDARD "
                    + "maxPreparedStatements=default method=BATCH "
                    + "prepareThreshold=5 rows=50 shape=USERS shards=32 via=pgbouncer-transaction: SQLSTATE ")
                    .containsAnyOf("prepared statement \"S_", "does not exist", "already exists");
            // JMH's console goes to its log beside the result: the exception there is one line, without a stack trace
            Matcher log = Pattern.compile("JMH log in (\\S+)").matcher(o.stdout());
            assertThat(log.find()).as(o.stdout()).isTrue();
            assertThat(Path.of(log.group(1))).isEqualTo(RunConsole.logFor(result));
            assertThat(Files.readString(RunConsole.logFor(result))).contains("FailedThroughPoolerException: SQLSTATE ")
                    .doesNotContain("\tat org.pgingest");
            ResultFile file = ResultFile.read(result);
            assertThat(file.results()).singleElement().satisfies(r -> {
                assertThat(r.params()).containsEntry("prepareThreshold", "0");
                assertThat(r.metrics()).containsKeys("plans/op", "server.connections");
            });
            assertThat(file.poolerFailures()).extracting(PoolerFailure::error).singleElement().asString().startsWith("SQLSTATE ");
            assertThat(file.facts()).allSatisfy(t -> assertThat(t.get("pooler")).isEqualTo("pgbouncer transaction"));
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(facts);
            Files.deleteIfExists(RunConsole.logFor(result));
        }
    }

    /**
     * COPY through PgBouncer 1.18's transaction pooling with pgjdbc's default prepareThreshold reports rows that the
     * table does not hold, with no error (about half of them in the pooler preset), or meets another client's named
     * statement: either is that combination's result, recorded like a failure through the pooler, and the run exits 0.
     */
    @Test
    @RequiresPart(Part.PGBOUNCER)
    void rowsLostThroughThePoolerAreThatCombinationsResult() throws Exception {
        Path result = Files.createTempFile("jmh-result", ".json");
        Path facts = Path.of(result + ".server.jsonl");
        try {
            BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofMinutes(3), Map.of(), "\\.PoolerBenchmark\\.",
                    "-p", "method=COPY_TEXT", "-p", "via=pgbouncer-transaction", "-p", "prepareThreshold=5",
                    "-p", "rows=500", "-f", "1", "-wi", "0", "-i", "1", "-r", "1s", "-rff", result.toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(0);
            // Which of the two shows is a race: whether pgjdbc's named statements (S_1, ...) meet a server connection
            // that another client of the pooler prepared them on (the server's 42P05), or its COMMIT runs as another
            // client's statement (rows the table does not hold, no error). Either is that combination's result.
            assertThat(o.stderr()).containsPattern("failed through the pooler: PoolerBenchmark.load .*method=COPY_TEXT "
                    + ".*: (rows lost, no error: copy-text: the table holds \\d+ rows but the loader reported \\d+ in this "
                    + "iteration|SQLSTATE 42P05: ERROR: prepared statement \"S_\\d+\" already exists)");
            // No trial was measured, so JMH's result file is not written; the failure is in the facts beside it
            assertThat(Files.readAllLines(facts)).filteredOn(l -> l.contains("\"" + PoolerFailure.KEY + "\""))
                    .singleElement().asString().containsPattern("\"" + PoolerFailure.KEY
                            + "\":\"(rows lost, no error: copy-text: |SQLSTATE 42P05)");
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(facts);
            Files.deleteIfExists(RunConsole.logFor(result));
        }
    }

    /**
     * PgBouncer 1.25 as deployed today ({@code -Dpg.pgbouncer.home}): with max_prepared_statements 200 it keeps the
     * batch's named statement in transaction pooling and the trial is measured; with 0 it fails as 1.18 does. The
     * facts record the release and the setting.
     */
    @Test
    @RequiresPart(Part.PGBOUNCER_125)
    void pgBouncer125KeepsNamedStatementsUnlessMaxPreparedStatementsIsZero() throws Exception {
        Path result = Files.createTempFile("jmh-result", ".json");
        Path facts = Path.of(result + ".server.jsonl");
        try {
            BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofMinutes(3), Map.of(),
                    "-Dpg.pgbouncer.home=" + Part.PGBOUNCER_125_HOME, "\\.PoolerBenchmark\\.",
                    "-p", "method=BATCH", "-p", "via=pgbouncer-transaction", "-p", "prepareThreshold=5",
                    "-p", "maxPreparedStatements=0,200", "-p", "rows=50",
                    "-f", "1", "-wi", "0", "-i", "3", "-r", "300ms", "-rff", result.toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(0);
            assertThat(o.stderr()).containsPattern("failed through the pooler: PoolerBenchmark.load .*"
                    + "maxPreparedStatements=0 .*prepareThreshold=5 .*: SQLSTATE ");
            ResultFile file = ResultFile.read(result);
            assertThat(file.results()).singleElement().satisfies(r -> {
                assertThat(r.params()).containsEntry("maxPreparedStatements", "200");
                assertThat(r.metrics()).containsKeys("plans/op", "server.connections");
            });
            assertThat(Files.readAllLines(facts)).filteredOn(l -> l.contains("\"pooler\":{"))
                    .anySatisfy(l -> assertThat(l).contains("\"version\":\"1.25.2\"", "\"maxPreparedStatements\":\"200\""));
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(facts);
            Files.deleteIfExists(Path.of(result.toString().replaceFirst("\\.json$", ".jmh.log")));
        }
    }

    @Test
    void aPgBouncerHomeWithoutPgBouncerIsOneLineAndExitTwo() throws Exception {
        Path empty = Files.createTempDirectory("no-pgbouncer");
        try {
            BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofSeconds(60), Map.of(),
                    "-Dpg.pgbouncer.home=" + empty, "-Dpg.via=pgbouncer-session", "Ingest");
            assertThat(o.exit()).isEqualTo(2);
            assertThat(o.stderr()).startsWith("pg-ingest-bench: -Dpg.pgbouncer.home=" + empty + " holds no PgBouncer")
                    .hasLineCount(1);
        } finally {
            Files.delete(empty);
        }
    }

    @Test
    void anUnknownPoolerIsOneLineAndExitTwo() throws Exception {
        BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofSeconds(60), Map.of(), "-Dpg.via=pgpool", "Ingest");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.stderr()).isEqualTo("pg-ingest-bench: -Dpg.via=pgpool: no such way to the server; valid: direct, "
                + "pgbouncer-session, pgbouncer-transaction\n");
        assertThat(o.stdout()).isEmpty();
    }

    @Test
    void aPoolerOptionBesideThePoolerAxisIsRefused() throws Exception {
        BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofSeconds(60), Map.of(), "-Dpg.via=pgbouncer-session",
                "\\.PoolerBenchmark\\.", "-p", "via=direct");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.stderr()).isEqualTo("pg-ingest-bench: -Dpg.via=pgbouncer-session with a benchmark that takes its "
                + "pooler from -p via (direct): leave out -Dpg.via, or give -p via=pgbouncer-session\n");
    }
}
