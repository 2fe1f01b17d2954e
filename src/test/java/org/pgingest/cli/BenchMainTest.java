package org.pgingest.cli;

import org.pgingest.ProcessTrees;

import org.junit.jupiter.api.Test;
import org.pgingest.report.MarkdownReport;
import org.pgingest.report.Report;
import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.MissingTrial;
import org.pgingest.results.ResultFile;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.PgVersions;
import org.pgingest.server.TestServers;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The launcher as a user meets it: a child JVM, its exit code and what it prints. */
class BenchMainTest {

    /** What a launch left: its exit code, what it printed, its process id. TableRunTest launches the same way. */
    record Outcome(int exit, String stdout, String stderr, long pid) {
    }

    static Outcome launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return launch(Duration.ofSeconds(60), env, args);
    }

    /** The launcher in a child JVM with {@code env} added to its environment (the PGIB_ variables cleared first). */
    static Outcome launch(Duration limit, Map<String, String> env, String... args) throws IOException, InterruptedException {
        return launch(Path.of("").toAbsolutePath(), limit, env, args);
    }

    /** The launcher run in {@code directory}, where it writes {@code target/report.html}. */
    static Outcome launch(Path directory, Duration limit, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        // JMH takes a machine-wide lock (/tmp/jmh.lock) so that two benchmark runs do not disturb each other's
        // timings; these runs time nothing, and other builds on the same machine may hold it.
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(directory.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
        pb.environment().putAll(env);
        // Output to files: a benchmark run prints more than a pipe holds while nobody reads it.
        Path out = Files.createTempFile("bench-out", ".txt");
        Path err = Files.createTempFile("bench-err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        try {
            assertThat(p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)).as("finished within " + limit).isTrue();
            return new Outcome(p.exitValue(), Files.readString(out), Files.readString(err), p.pid());
        } finally {
            ProcessTrees.stop(p);
            Files.delete(out);
            Files.delete(err);
        }
    }

    /** The launcher's own one line for a refused input, checked with nothing started. */
    static void assertRefused(Outcome o, String line) {
        assertThat(o.exit).as(o.stderr).isEqualTo(2);
        assertThat(o.stderr).isEqualTo("pg-ingest-bench: " + line + "\n");
        assertThat(o.stdout).as("no JMH output: nothing was started").isEmpty();
    }

    /** The Citus placement's defaults written another way ("032", " hash ") are the defaults, refused nowhere. */
    @Test
    void aDistributionOffCitusIsRefusedUnlessItMeansTheDefault() {
        BenchMain.checkDistribution(Map.of("shards", List.of("032"), "distribution", List.of(" hash ")),
                org.pgingest.server.TargetKind.EMBEDDED);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> BenchMain.checkDistribution(
                        Map.of("shards", List.of("4")), org.pgingest.server.TargetKind.EMBEDDED))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("-p shards=4 on -Dpg.target=embedded: it places");
    }

    /**
     * A --rows file's own faults are told before any server is reached (an adversarial pass, 2026-12-02: the suite's
     * schema was made on the user's server, then dropped, before the file was refused): here the server named does not
     * even answer.
     */
    @Test
    void aRowsFileIsJudgedBeforeAnyServer(@TempDir Path dir) throws Exception {
        Path rows = dir.resolve("rows.csv");
        Files.writeString(rows, "id,v\n1,a\n2\n");
        assertRefused(launch(Map.of("PGIB_USER", "bench", "PGIB_PASSWORD", "unused"), "-Dpg.target=external",
                        "-Dpg.url=jdbc:postgresql://127.0.0.1:1/app", "--table", "t", "--rows", rows.toString()),
                "--rows " + rows + " line 3: 1 fields, the header names 2");
    }

    /**
     * A trigger of the user's DDL that turns synchronous_commit off for the rest of the session measured a durability
     * the run did not record, 15 times fewer WAL fsyncs per row (a second adversarial pass): the trial fails, saying why.
     */
    @Test
    void aTableWhoseCodeChangesTheSessionIsNotMeasured(@TempDir Path dir) throws Exception {
        Path ddl = dir.resolve("async.sql");
        Files.writeString(ddl, "CREATE TABLE public.t (id integer PRIMARY KEY, v text);\n"
                + "CREATE FUNCTION public.quietly() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "PERFORM pg_catalog.set_config('synchronous_commit', 'off', false); RETURN NEW; END $$;\n"
                + "CREATE TRIGGER t_quiet BEFORE INSERT ON public.t FOR EACH ROW EXECUTE FUNCTION public.quietly();\n");
        Outcome o = launch(dir, Duration.ofSeconds(240), Map.of(), "--ddl", ddl.toString(), "--table", "t",
                "-p", "method=BATCH", "-p", "rows=500", "-f", "1", "-wi", "0", "-i", "1", "-r", "1s", "--no-report",
                "-rff", dir.resolve("r.json").toString());
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(1);
        assertThat(o.stderr()).contains("changed the loading session's synchronous_commit from on to off");
        // any setting the session did not have from the start: a planner's, work_mem
        Files.writeString(ddl, Files.readString(ddl).replace("'synchronous_commit', 'off'", "'work_mem', '8MB'"));
        Outcome planner = launch(dir, Duration.ofSeconds(240), Map.of(), "--ddl", ddl.toString(), "--table", "t",
                "-p", "method=BATCH", "-p", "rows=500", "-f", "1", "-wi", "0", "-i", "1", "-r", "1s", "--no-report",
                "-rff", dir.resolve("r2.json").toString());
        assertThat(planner.exit()).as(planner.stdout() + planner.stderr()).isEqualTo(1);
        assertThat(planner.stderr()).contains("changed the loading session's work_mem from its default to 8192");
    }

    /**
     * A trigger turning synchronous_commit off for its own transaction only (SET LOCAL: set_config(..., true)), which
     * no session pin sees, committed every row without a flush under a run that said on (a third adversarial pass:
     * 0.0004 WAL fsyncs per row against 1). The file's functions keep the setting for their call alone, so each
     * autocommitted row's commit flushes: the server's own count of WAL syncs, one or more per row.
     */
    @Test
    void aTriggersTransactionLocalSettingEndsWithTheTrigger(@TempDir Path dir) throws Exception {
        Path ddl = dir.resolve("local.sql");
        Files.writeString(ddl, "CREATE TABLE public.t (id integer PRIMARY KEY, v text);\n"
                + "CREATE FUNCTION public.quietly() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "PERFORM pg_catalog.set_config('synchronous_commit', 'off', true); RETURN NEW; END $$;\n"
                + "CREATE TRIGGER t_quiet BEFORE INSERT ON public.t FOR EACH STATEMENT EXECUTE FUNCTION public.quietly();\n");
        Path result = dir.resolve("r.json");
        Outcome o = launch(dir, Duration.ofSeconds(240), Map.of(), "--ddl", ddl.toString(), "--table", "t",
                "-p", "method=AUTOCOMMIT_ROW", "-p", "rows=50", "-f", "1", "-wi", "0", "-i", "1", "-r", "1s",
                "--no-report", "-rff", result.toString());
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
        org.pgingest.results.BenchmarkResult r = org.pgingest.results.ResultFile.read(result).results().stream()
                .filter(x -> x.shortName().equals("IngestBenchmark.load")).findFirst().orElseThrow();
        assertThat(r.metrics().get("wal.fsyncs/row").score()).as("WAL syncs per autocommitted row")
                .isGreaterThanOrEqualTo(0.99);
    }

    /**
     * An earlier result file is replaced only by a run that has a result: a measured trial, or, with no trial failed,
     * missing ones (said in the facts); a failed trial beside a missing one measured nothing and had replaced the
     * earlier file with an empty list while saying it was left as it was (a third adversarial pass).
     */
    @Test
    void onlyARunWithAResultReplacesAnEarlierOne() {
        assertThat(BenchMain.replacesEarlierResult(1, 1, 0)).isTrue();
        assertThat(BenchMain.replacesEarlierResult(0, 0, 2)).isTrue();
        assertThat(BenchMain.replacesEarlierResult(0, 1, 1)).as("a failure and a missing trial, nothing measured").isFalse();
        assertThat(BenchMain.replacesEarlierResult(0, 1, 0)).isFalse();
        assertThat(BenchMain.replacesEarlierResult(0, 0, 0)).isFalse();
    }

    @Test
    void unknownMethodNamesTheValidOnes() throws Exception {
        // written out, not read from LoadMethod: the list is what users are told, and a method lost from it must show
        assertRefused(launch(Map.of(), "-p", "method=NOPE"), "-p method=NOPE: no such method; valid: AUTOCOMMIT_ROW, "
                + "ROW_COMMIT_EVERY, BATCH, BATCH_REWRITTEN, MULTI_ROW_VALUES, UNNEST, COPY_TEXT, COPY_CSV, COPY_BINARY, "
                + "COPY_FREEZE, STAGED_DEDUPE, COPY_UPSERT, BATCH_UPSERT, MERGE_UPSERT, JSONB_RECORDSET, RETURNING_VALUES, "
                + "RETURNING_BATCH, RETURNING_UNNEST");
    }

    @Test
    void negativeRowsAreRefused() throws Exception {
        assertRefused(launch(Map.of(), "-p", "rows=-5"), "-p rows=-5: use a whole number from 1 to 10,000,000 (rows per call of the loader, generated in memory before it)");
    }

    @Test
    void aHostileShareAboveOneIsRefused() throws Exception {
        assertRefused(launch(Map.of(), "Ingest", "-p", "hostileShare=2"),
                "-p hostileShare=2: use a share from 0 to 1 (0.1 = one value in ten from the hostile set)");
    }

    /** A table a loader cannot write (no unique key for an upsert) makes the trial missing with the reason, not failed. */
    @Test
    void aTableTheMethodCannotWriteIsMissingWithTheReason() throws Exception {
        Path result = Files.createTempFile("jmh-result", ".json");
        try {
            Outcome o = launch(Duration.ofMinutes(3), Map.of(), "\\.IngestBenchmark\\.", "-p", "method=COPY_UPSERT",
                    "-p", "shape=SENSORS", "-f", "1", "-wi", "0", "-i", "1", "-r", "200ms", "-rff", result.toString());
            assertThat(o.exit).as(o.stderr).isZero();
            assertThat(o.stderr).contains("pg-ingest-bench: missing IngestBenchmark.load batchSize=1000 commitEvery=0 "
                    + "distribution=hash existingRows=0 hostileShare=0.1 indexes=STANDARD method=COPY_UPSERT rows=500 shape=SENSORS "
                    + "shards=32: COPY_UPSERT cannot write "
                    + "pgib_source.sensors: it has no primary key, unique constraint or unique index");
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(Path.of(result + ".server.jsonl"));
            Files.deleteIfExists(RunConsole.logFor(result));
        }
    }

    @Test
    void aBatchSizeOfZeroIsRefusedForTheFirstMethodThatBatches() throws Exception {
        assertRefused(launch(Map.of(), "-p", "batchSize=0"),
                "BATCH needs batchSize of 1 or more (rows per executeBatch), was 0; change that -p value or narrow -p method");
    }

    @Test
    void aBatchSizeOfZeroIsAllowedWhereItMeansOneStatement() throws Exception {
        // UNNEST takes batchSize 0 (all rows in one statement): the check gets past parameters to the JMH options.
        Outcome o = launch(Map.of(), "Ingest", "-p", "method=UNNEST", "-p", "batchSize=0", "-wi", "many");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).startsWith("pg-ingest-bench: ").contains("many").hasLineCount(1);
    }

    /** COPY FREEZE empties the table on every call: writers sharing one would empty each other's rows. */
    @Test
    void writersOfALoaderThatReplacesTheTablesContentsAreRefused() throws Exception {
        assertRefused(launch(Map.of(), "Writers", "-p", "method=COPY_FREEZE"), "-p method=COPY_FREEZE: COPY_FREEZE "
                + "replaces the table's contents on every call, and writers sharing a table would empty each other's rows; "
                + "narrow -p method");
    }

    @Test
    void aParameterNoSelectedBenchmarkHasIsRefused() throws Exception {
        assertRefused(launch(Map.of(), "RoundTrip", "-p", "rows=5"), "-p rows: no selected benchmark has this parameter; they have none");
    }

    @Test
    void aMisspeltSuiteOptionListsTheKnownOnes() throws Exception {
        assertRefused(launch(Map.of(), "-Dpg.tagret=external"), "unknown option -Dpg.tagret: the suite's options are "
                + "-Dpg.target, -Dpg.version, -Dpg.schema, -Dpg.url, -Dpg.user, -Dpg.binaries.dir, -Dpg.image, -Dpg.via, -Dpg.pgbouncer.home, -Dpg.citus.home, -Dpg.citus.workers and -Dpg.conf.NAME=VALUE");
    }

    @Test
    void aSettingValueTheServerRefusesIsItsOwnComplaintAndNothingIsLeftBehind() throws Exception {
        Outcome o = launch(Map.of(), "-Dpg.conf.fsync=maybe");
        assertRefused(o, "PostgreSQL " + PgVersions.buildDefault() + " refused to start: FATAL: parameter \"fsync\" requires a Boolean value");
        assertNoRunDirectoryOf(o.pid);
    }

    @Test
    void anUnknownSettingNameIsTheServersComplaint() throws Exception {
        Outcome o = launch(Map.of(), "-Dpg.version=14", "-Dpg.conf.no_such_setting=1");
        assertRefused(o, "PostgreSQL 14.20.0 refused to start: FATAL: unrecognized configuration parameter \"no_such_setting\"");
        assertNoRunDirectoryOf(o.pid);
    }

    /**
     * A trial that fails inside its fork (MERGE needs 15) makes the run exit 1 with a summary, while COPY_FREEZE,
     * which replaces the table's contents on every call, passes its row check over many calls per iteration.
     */
    @Test
    void aFailedTrialMakesTheRunFailWithASummary() throws Exception {
        Path directory = Files.createTempDirectory("bench-run");
        Path result = directory.resolve("failed.json");
        try {
            Outcome o = launch(directory, Duration.ofMinutes(3), Map.of(), "-Dpg.version=14", "\\.IngestBenchmark\\.", "-p", "method=MERGE_UPSERT,COPY_FREEZE",
                    "-f", "1", "-wi", "0", "-i", "2", "-r", "200ms", "-rff", result.toString(), "--no-report");
            assertThat(o.exit).as(o.stdout).isEqualTo(1);
            String trial = "IngestBenchmark.load batchSize=1000 commitEvery=0 distribution=hash existingRows=0 hostileShare=0.1 "
                    + "indexes=STANDARD method=MERGE_UPSERT rows=500 shape=USERS shards=32: IllegalStateException: merge-upsert needs PostgreSQL 15 or "
                    + "later (MERGE); this server is 14.20: use copy-upsert";
            // The failure's one line as soon as it is known (JMH's log is in its file), and the summary at the end.
            assertThat(o.stderr.lines().filter(l -> l.startsWith("pg-ingest-bench: ")).toList()).containsExactly(
                    "pg-ingest-bench: trial failed: " + trial,
                    "pg-ingest-bench: 1 of 2 trials failed and have no results; first: " + trial);
            assertThat(o.stdout).doesNotContain("pg-ingest-bench: JMH results in");
            assertThat(Files.readString(result)).contains("\"method\" : \"COPY_FREEZE\"").doesNotContain("MERGE_UPSERT");
            // What did run is still ranked; --no-report leaves no report behind.
            assertThat(o.stdout).contains("Ranked by rows/s: " + result + ", 2 trials in ");
            assertThat(o.stdout.lines().filter(l -> l.startsWith("COPY_FREEZE ")).count()).isEqualTo(1);
            assertThat(directory.resolve("target")).doesNotExist();
            assertThat(Files.readString(directory.resolve("failed.jmh.log"))).contains("# Benchmark: org.pgingest.bench.IngestBenchmark.load",
                    "merge-upsert needs PostgreSQL 15");
        } finally {
            deleteTree(directory);
        }
    }

    /**
     * On an external server whose role is neither superuser nor in pg_read_server_files, the ceiling cannot be
     * measured (COPY FROM a file needs one of them): each ceiling trial is missing with that reason, on stderr and in
     * the facts file, the report shows it where the share of the ceiling would be, and the run, whose ingest trials
     * were measured, exits 0.
     */
    @Test
    void aCeilingTheServerCannotReadIsMissingWithItsReasonAndTheRunSucceeds() throws Exception {
        EmbeddedTarget server = TestServers.withPasswordLogins();
        Path directory = Files.createTempDirectory("bench-run");
        Path result = directory.resolve("jmh-result.json");
        Path facts = Path.of(result + ".server.jsonl");
        try {
            try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT rolsuper, pg_has_role(oid, 'pg_read_server_files', 'MEMBER') "
                         + "FROM pg_roles WHERE rolname = '" + TestServers.APP_USER + "'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBoolean(1)).as("superuser").isFalse();
                assertThat(rs.getBoolean(2)).as("member of pg_read_server_files").isFalse();
            }
            Outcome o = launch(directory, Duration.ofMinutes(3), Map.of("PGIB_JDBC_URL", server.endpoint().jdbcUrl(),
                            "PGIB_USER", TestServers.APP_USER, "PGIB_PASSWORD", TestServers.APP_PASSWORD),
                    // A schema of the role's own: the server's default one belongs to the superuser who started it.
                    "-Dpg.target=external", "-Dpg.schema=ceiling_missing", "\\.(Ingest|Ceiling)Benchmark\\.load$", "-p", "method=COPY_TEXT,COPY_BINARY",
                    "-p", "rows=50", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-rff", result.toString());
            assertThat(o.exit).as(o.stdout + o.stderr).isEqualTo(0);
            String reason = "role " + TestServers.APP_USER + " is neither superuser nor a member of pg_read_server_files, "
                    + "which COPY FROM a file needs";
            assertThat(o.stderr.lines().filter(l -> l.startsWith("pg-ingest-bench: ")).toList()).containsExactly(
                    "pg-ingest-bench: 2 trials missing: this target cannot measure them (not a failure):",
                    "pg-ingest-bench: missing CeilingBenchmark.load distribution=hash existingRows=0 hostileShare=0.1 "
                            + "indexes=STANDARD method=COPY_TEXT rows=50 shape=USERS shards=32: " + reason,
                    "pg-ingest-bench: missing CeilingBenchmark.load distribution=hash existingRows=0 hostileShare=0.1 "
                            + "indexes=STANDARD method=COPY_BINARY rows=50 shape=USERS shards=32: " + reason);
            // The run ends with its answer: the ranked table with the missing ceilings and why, and the report.
            assertThat(o.stdout).contains("Missing (this target cannot measure it): Ceiling COPY_TEXT, Ceiling COPY_BINARY: "
                    + reason + ".", "pg-ingest-bench: report in target/report.html and target/report.md; JMH log in "
                    + directory.resolve("jmh-result.jmh.log"));
            assertThat(o.stdout.lines().filter(l -> l.matches("Ingest +COPY_(TEXT|BINARY) .* missing .*")).count()).isEqualTo(2);
            assertThat(Files.readString(directory.resolve("target/report.html"))).contains("missing: no ceiling on this target");
            assertThat(o.stdout).contains("pg-ingest-bench: JMH results in " + result + ", server facts in " + facts
                    + "; 2 of 4 trials missing (listed on stderr and in the server facts)");
            assertThat(o.stdout + o.stderr).doesNotContain(TestServers.APP_PASSWORD);
            // What it left on the user's server, and how to remove it.
            assertThat(o.stdout).contains("pg-ingest-bench: schema ceiling_missing kept on the server with the suite's "
                    + "tables, for the next run; DROP SCHEMA \"ceiling_missing\" CASCADE drops it");

            assertThat(Files.readAllLines(facts)).contains(
                    "{\"benchmark\":\"org.pgingest.bench.CeilingBenchmark.load\",\"params\":{\"distribution\":\"hash\","
                            + "\"existingRows\":\"0\",\"hostileShare\":\"0.1\",\"indexes\":\"STANDARD\",\"method\":\"COPY_TEXT\","
                            + "\"rows\":\"50\",\"shape\":\"USERS\",\"shards\":\"32\"},"
                            + "\"missing\":\"" + reason + "\"}");
            ResultFile file = ResultFile.read(result);
            assertThat(file.results()).extracting(BenchmarkResult::shortName, e -> e.params().get("method"))
                    .containsExactly(tuple("IngestBenchmark.load", "COPY_TEXT"), tuple("IngestBenchmark.load", "COPY_BINARY"));
            assertThat(file.missing()).extracting(MissingTrial::trial, MissingTrial::reason).containsExactly(
                    tuple("CeilingBenchmark.load distribution=hash existingRows=0 hostileShare=0.1 indexes=STANDARD "
                            + "method=COPY_TEXT rows=50 shape=USERS shards=32", reason),
                    tuple("CeilingBenchmark.load distribution=hash existingRows=0 hostileShare=0.1 indexes=STANDARD "
                            + "method=COPY_BINARY rows=50 shape=USERS shards=32", reason));
            // Every trial, measured or missing, recorded the server it ran on.
            assertThat(file.facts()).hasSize(4).allSatisfy(t -> assertThat(t.get("target")).isEqualTo("external"));
            assertThat(MarkdownReport.render(Report.of(List.of(file)), "report")).contains(
                    "| COPY_TEXT | missing: no ceiling on this target: " + reason + " |  |",
                    "| COPY_BINARY | missing: no ceiling on this target: " + reason + " |  |");
        } finally {
            server.close();
            deleteTree(directory);
        }
    }

    /**
     * A server with fsync off is named in the run's final summary, under the ranked table, not once in the middle
     * of JMH's log (which is in its file): the warnings come from the trial's recorded server facts.
     */
    @Test
    void fsyncOffIsAWarningInTheFinalSummary() throws Exception {
        Path directory = Files.createTempDirectory("bench-run");
        try {
            Outcome o = launch(directory, Duration.ofMinutes(3), Map.of(), "-Dpg.conf.fsync=off", "\\.IngestBenchmark\\.",
                    "-p", "method=COPY_BINARY", "-p", "rows=50", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms",
                    "-rff", directory.resolve("fsync-off.json").toString(), "--no-report");
            assertThat(o.exit).as(o.stdout + o.stderr).isZero();
            List<String> summary = o.stdout.lines().dropWhile(l -> !l.startsWith("Ranked by rows/s: ")).toList();
            assertThat(summary).anyMatch(l -> l.startsWith("- WARNING: FSYNC IS OFF on this server: commits are not "
                    + "flushed to disk"));
            assertThat(summary).contains("- WARNING: Durability differs from production: fsync=off (this run's "
                    + "overrides: {fsync=off})");
            assertThat(o.stdout.lines().takeWhile(l -> !l.startsWith("Ranked by rows/s: ")))
                    .as("nothing of JMH's log before the summary").noneMatch(l -> l.contains("FSYNC IS OFF"));
            assertThat(Files.readString(directory.resolve("fsync-off.jmh.log"))).contains("FSYNC IS OFF");
        } finally {
            deleteTree(directory);
        }
    }

    private static void deleteTree(Path directory) throws IOException {
        try (var paths = Files.walk(directory)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static void assertNoRunDirectoryOf(long pid) throws IOException {
        Path root = Path.of(System.getProperty("java.io.tmpdir"), "pg-ingest-bench");
        if (Files.isDirectory(root)) {
            try (var entries = Files.list(root)) {
                assertThat(entries.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("run-" + pid + "-"));
            }
        }
    }

    @Test
    void unknownTargetIsOneLineAndExitTwo() throws Exception {
        Outcome o = launch(Map.of(), "-Dpg.target=docker");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).isEqualTo("pg-ingest-bench: unknown target 'docker': valid targets are embedded, container, external, citus\n");
        assertThat(o.stdout).isEmpty();
    }

    @Test
    void unknownVersionIsOneLineAndExitTwo() throws Exception {
        Outcome o = launch(Map.of(), "-Dpg.version=13");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).startsWith("pg-ingest-bench: unknown pg.version '13': use a major (14, 15, 16, 17, 18)")
                .hasLineCount(1);
    }

    @Test
    void unreachableExternalServerNamesHostAndPortButNotThePassword() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Outcome o = launch(Map.of("PGIB_JDBC_URL", "jdbc:postgresql://127.0.0.1:" + port + "/bench",
                "PGIB_USER", "someone", "PGIB_PASSWORD", "Never-Printed-42"), "-Dpg.target=external");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).startsWith("pg-ingest-bench: cannot reach PostgreSQL at 127.0.0.1:" + port).hasLineCount(1);
        assertThat(o.stdout + o.stderr).doesNotContain("Never-Printed-42");
    }

    @Test
    void badJmhOptionIsOneLineAndExitTwo() throws Exception {
        Outcome o = launch(Map.of(), "-wi", "many");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).startsWith("pg-ingest-bench: ").hasLineCount(1);
    }

    /**
     * JMH options JMH 1.37 takes badly (an adversarial pass, 2026-12-03): a stack trace for a mode or a JVM, Java's
     * words for a format, a CSV written into the .json result, a boolean that said "maybe" read as false.
     */
    @Test
    void jmhOptionValuesJmhTakesBadlyAreOneLineNamingTheChoices() throws Exception {
        assertRefused(launch(Map.of(), "Ingest", "-bm", "nope"), "-bm nope: no benchmark mode nope; JMH's: "
                + "Throughput/thrpt, AverageTime/avgt, SampleTime/sample, SingleShotTime/ss, All/all");
        assertRefused(launch(Map.of(), "--preset", "quick", "-rf", "csv"), "-rf csv: the suite reads its results as JSON "
                + "(the ranking, ./bench report and gate): -rf json, or leave it out");
        assertRefused(launch(Map.of(), "Ingest", "-prof", "nosuchprof"), "-prof nosuchprof: no such profiler; ./bench "
                + "-lprof lists the profilers this machine has");
        assertRefused(launch(Map.of(), "Ingest", "-jvm", "/nonexistent/java"), "-jvm /nonexistent/java: no executable "
                + "file there; name a java executable, e.g. " + Path.of(System.getProperty("java.home"), "bin", "java"));
        assertRefused(launch(Map.of(), "Ingest", "-si", "maybe"), "-si maybe: true or false");
    }

    @Test
    void noMatchingBenchmarkIsOneLineAndExitTwo() throws Exception {
        Outcome o = launch(Map.of(), "NoSuchBenchmarkAnywhere");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).isEqualTo("pg-ingest-bench: no benchmark matches the given regex; list them with -l\n");
    }
}
