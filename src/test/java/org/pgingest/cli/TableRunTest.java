package org.pgingest.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgingest.exit.Descendants;
import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.ResultFile;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TestServers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.pgingest.cli.BenchMainTest.assertNoRunDirectoryOf;
import static org.pgingest.cli.BenchMainTest.assertRefused;
import static org.pgingest.cli.BenchMainTest.launch;

/**
 * {@code ./bench --ddl FILE --table NAME} and {@code ./bench --table NAME} on an external server, as a user meets
 * them: a child JVM, its exit code, what it prints and writes, and what it leaves on the user's server (nothing).
 */
class TableRunTest {
    private static Path directory;
    private static Path dump;

    @BeforeAll
    static void writeDump() throws IOException {
        directory = Files.createTempDirectory("table-run");
        dump = directory.resolve("shop.sql");
        try (InputStream in = TableRunTest.class.getResourceAsStream("/org/pgingest/table/shop.pgdump.sql")) {
            Files.write(dump, in.readAllBytes());
        }
    }

    @AfterAll
    static void removeDirectory() throws IOException {
        try (var paths = Files.walk(directory)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static BenchMainTest.Outcome launchHere(String... args) throws IOException, InterruptedException {
        return launch(directory, Duration.ofMinutes(5), Map.of(), args);
    }

    /**
     * The realistic dump end to end, two threads each with a copy of its own (partitions, foreign keys to the shared
     * referenced copies, trigger): the statements it cannot apply one line each, the notes, the loaders that cannot
     * write the table missing with their reasons, the ranked table with the paragraph for the table, and the results
     * and facts in target/table-NAME-from-FILE.json.
     */
    @Test
    void aRealDumpsTableIsMeasuredAndRankedWithTheMethodsThatCannotWriteIt() throws Exception {
        BenchMainTest.Outcome o = launchHere("--ddl", dump.toString(), "--table", "\"Shop\".\"Order Lines\"",
                "-p", "rows=200", "-p", "method=COPY_BINARY,COPY_CSV,UNNEST,COPY_UPSERT,COPY_FREEZE", "-wi", "0", "-i", "1",
                "-r", "200ms", "-t", "2");
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
        List<String> ours = o.stderr().lines().filter(l -> l.startsWith("pg-ingest-bench: ")).toList();
        assertThat(ours).contains("pg-ingest-bench: --ddl shop.sql line 5: psql meta-command \\restrict (psql's own, not SQL) (skipped)");
        assertThat(ours).anySatisfy(l -> assertThat(l).matches("pg-ingest-bench: --ddl shop.sql line \\d+: ALTER TABLE "
                + "\"Shop\".\"Order Lines\" OWNER TO shop_owner: role \"shop_owner\" does not exist \\(skipped\\)"));
        assertThat(ours).contains("pg-ingest-bench: missing IngestBenchmark.load method=COPY_UPSERT rows=200 "
                        + "shape=\"Shop\".\"Order Lines\": COPY_UPSERT cannot write \"Shop\".\"Order Lines\": it has no unique key "
                        + "of columns the loaders write, which an upsert conflicts on and RETURNING matches each returned "
                        + "id to its row by (primary key (line_id, ordered_at) holds line_id, which the server "
                        + "fills; unique index (order_ref, product_id, ordered_at) is partial)",
                "pg-ingest-bench: missing IngestBenchmark.load method=COPY_FREEZE rows=200 shape=\"Shop\".\"Order Lines\": "
                        + "COPY_FREEZE cannot write \"Shop\".\"Order Lines\": COPY FREEZE cannot load a partitioned table");
        assertThat(o.stdout()).contains(
                "10 columns written of 12 (the server fills line_id, total); ",
                "pg-ingest-bench: its 1 trigger runs in every measured call: its cost is part of every figure",
                "pg-ingest-bench: its foreign keys reference copies of \"Shop\".customers, \"Shop\".products, filled with "
                        + "1000 rows each before anything is measured",
                "Ranked by rows/s: target/table-Shop.Order_Lines-from-shop.sql.json",
                "- Missing (this target cannot measure it): ",
                "- For \"Shop\".\"Order Lines\": at 200 rows per call ");
        assertThat(o.stdout()).doesNotContain("CONTAMINATED");

        Path result = directory.resolve("target/table-Shop.Order_Lines-from-shop.sql.json");
        ResultFile file = ResultFile.read(result);
        assertThat(file.results()).extracting(BenchmarkResult::shortName, e -> e.params().get("method"))
                .containsExactlyInAnyOrder(tuple("IngestBenchmark.load", "COPY_BINARY"), tuple("IngestBenchmark.load", "COPY_CSV"),
                        tuple("IngestBenchmark.load", "UNNEST"), tuple("CeilingBenchmark.load", "COPY_BINARY"),
                        tuple("CeilingBenchmark.load", "COPY_CSV"));
        assertThat(file.missing()).extracting(m -> m.params().get("method")).containsExactly("COPY_UPSERT", "COPY_FREEZE");
        List<String> tableFacts = Files.readAllLines(Path.of(result + ".server.jsonl")).stream()
                .filter(l -> l.contains("\"table\":{")).toList();
        assertThat(tableFacts).hasSize(5).allSatisfy(l -> assertThat(l).contains("\"source\":\"--ddl shop.sql\"",
                "\"foreignKeys\":\"kept\"", "\"triggers\":\"1 kept\"").containsPattern("\"fingerprint\":\"[0-9a-f]{16}\""));
        assertNoRunDirectoryOf(o.pid());
    }

    /**
     * Two runs at once in one directory, of two dumps' tables of the same name (issue 26, item 6): each run's fork
     * measures its own table (the fingerprint the run's notes print is the one its facts record), each result is named
     * after its dump, and neither leaves working files behind.
     */
    /**
     * A run on the user's own rows (--rows) and one on generated rows of the same dump are other data: each keeps
     * its result (a new user's pass, 2026-12-03, saw the --rows run replace the other).
     */
    @Test
    void aRunOnTheUsersRowsKeepsItsResultApartFromGeneratedRows() throws Exception {
        Path own = Files.createTempDirectory(directory, "rows");
        Path ddl = Files.writeString(own.resolve("t.sql"), "CREATE TABLE t (id integer PRIMARY KEY, note text);\n");
        Path rows = Files.writeString(own.resolve("sample.csv"), "id,note\n1,one\n2,two\n");
        List<String> trial = List.of("-p", "rows=2", "-p", "method=BATCH", "-wi", "0", "-i", "1", "-r", "200ms",
                "--no-report");
        List<String> generated = new ArrayList<>(List.of("--ddl", ddl.toString(), "--table", "t"));
        generated.addAll(trial);
        List<String> users = new ArrayList<>(List.of("--ddl", ddl.toString(), "--table", "t", "--rows", rows.toString()));
        users.addAll(trial);
        BenchMainTest.Outcome first = launch(own, Duration.ofMinutes(5), Map.of(), generated.toArray(String[]::new));
        assertThat(first.exit()).as(first.stdout() + first.stderr()).isZero();
        BenchMainTest.Outcome second = launch(own, Duration.ofMinutes(5), Map.of(), users.toArray(String[]::new));
        assertThat(second.exit()).as(second.stdout() + second.stderr()).isZero();
        assertThat(second.stdout()).contains("Ranked by rows/s: target/table-t-from-t.sql-rows_sample.csv.json");
        assertThat(ResultFile.read(own.resolve("target/table-t-from-t.sql.json")).results()).isNotEmpty();
        assertThat(ResultFile.read(own.resolve("target/table-t-from-t.sql-rows_sample.csv.json")).results()).isNotEmpty();
    }

    @Test
    void twoRunsAtOnceOfTablesWithTheSameNameKeepTheirFilesApart() throws Exception {
        Path shared = Files.createTempDirectory(directory, "two-runs");
        Map<String, String> dumps = Map.of("a", "CREATE TABLE t (id integer PRIMARY KEY, note text);\n",
                "b", "CREATE TABLE t (id bigint, amount numeric(12,2), day date, flag boolean);\n");
        ExecutorService launcher = Executors.newFixedThreadPool(2);
        Map<String, Future<BenchMainTest.Outcome>> runs = new TreeMap<>();
        try {
            for (var dump : dumps.entrySet()) {
                Path file = shared.resolve(dump.getKey() + ".sql");
                Files.writeString(file, dump.getValue());
                runs.put(dump.getKey(), launcher.submit(() -> launch(shared, Duration.ofMinutes(5), Map.of(), "--ddl",
                        file.toString(), "--table", "t", "-p", "rows=50", "-p", "method=BATCH", "-wi", "0", "-i", "1",
                        "-r", "200ms", "--no-report")));
            }
            List<String> fingerprints = new ArrayList<>();
            for (var run : runs.entrySet()) {
                BenchMainTest.Outcome o = run.getValue().get();
                String name = run.getKey() + ".sql";
                assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
                Matcher note = Pattern.compile("table t from --ddl " + Pattern.quote(name) + " \\(fingerprint ([0-9a-f]{16})\\)")
                        .matcher(o.stdout());
                assertThat(note.find()).as(o.stdout()).isTrue();
                fingerprints.add(note.group(1));
                Path result = shared.resolve("target/table-t-from-" + name + ".json");
                assertThat(o.stdout()).contains("Ranked by rows/s: target/table-t-from-" + name + ".json");
                assertThat(ResultFile.read(result).results()).extracting(e -> e.params().get("method")).containsExactly("BATCH");
                assertThat(Files.readAllLines(Path.of(result + ".server.jsonl"))).filteredOn(l -> l.contains("\"table\":{"))
                        .isNotEmpty().allSatisfy(l -> assertThat(l).contains("\"source\":\"--ddl " + name + "\"",
                                "\"fingerprint\":\"" + note.group(1) + "\""));
            }
            assertThat(fingerprints).as("two tables").doesNotHaveDuplicates();
            try (var left = Files.list(shared.resolve("target"))) {
                assertThat(left.map(p -> p.getFileName().toString())).as("no working files left")
                        .allMatch(n -> n.startsWith("table-t-from-a.sql.") || n.startsWith("table-t-from-b.sql."))
                        .noneMatch(n -> n.contains(".parts"));
            }
        } finally {
            launcher.shutdownNow();
        }
    }

    /**
     * A benchmark named on the command line runs on the table in place of the loaders and ceilings (JMH's includes
     * are alternatives: added to the default parts, it would have run all of them as well).
     */
    @Test
    void aBenchmarkNamedOnTheCommandLineRunsAloneOnTheTable() throws Exception {
        Path result = directory.resolve("encoder.json");
        BenchMainTest.Outcome o = launchHere("--ddl", dump.toString(), "--table", "\"Shop\".\"Order Lines\"", "Encoder",
                "-p", "format=BINARY", "-wi", "0", "-i", "1", "-r", "200ms", "-rff", result.toString());
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
        assertThat(ResultFile.read(result).results()).singleElement().satisfies(r -> {
            assertThat(r.shortName()).isEqualTo("EncoderBenchmark.encode");
            assertThat(r.params()).containsEntry("format", "BINARY").containsEntry("shape", "\"Shop\".\"Order Lines\"");
        });
        assertThat(o.stderr()).doesNotContain("missing IngestBenchmark");
    }

    @Test
    void aFileThatIsNoSqlIsOneLine() throws Exception {
        Path binary = directory.resolve("not-sql.zip");
        Files.write(binary, new byte[] {'P', 'K', 3, 4, 0, 0, 1});
        assertRefused(launchHere("--ddl", binary.toString(), "--table", "orders"),
                "--ddl " + binary + " is not SQL: it holds NUL bytes: a binary file, not SQL text");
        Path csv = directory.resolve("rows.sql");
        Files.writeString(csv, "id,name\n1,a\n2,b\n");
        BenchMainTest.Outcome o = launchHere("--ddl", csv.toString(), "--table", "orders");
        assertRefused(o, "--ddl rows.sql holds no statement the server accepts (is it SQL?); the first: line 1: "
                + "id,name 1,a 2,b: syntax error at or near \"id\"");
        assertNoRunDirectoryOf(o.pid());
    }

    @Test
    void noSuchFileOrTableOrAViewIsOneLine() throws Exception {
        assertRefused(launchHere("--ddl", "nowhere.sql", "--table", "orders"), "--ddl nowhere.sql: no such file");
        assertRefused(launchHere("--ddl", dump.toString(), "--table", "\"Shop\".nope"), "no table \"Shop\".nope in --ddl shop.sql; "
                + "tables there: \"Shop\".\"Order Lines\", \"Shop\".audit_log, \"Shop\".customers, \"Shop\".products; "
                + "names are case-sensitive when quoted, e.g. '\"Orders\"'");
        Path withView = directory.resolve("with-view.sql");
        Files.writeString(withView, Files.readString(dump) + "\nCREATE VIEW \"Shop\".open_lines AS SELECT * FROM "
                + "\"Shop\".\"Order Lines\" WHERE status = 'new';\n");
        BenchMainTest.Outcome o = launchHere("--ddl", withView.toString(), "--table", "\"Shop\".open_lines");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.stderr().lines().filter(l -> !l.contains("(skipped)")).toList()).containsExactly(
                "pg-ingest-bench: \"Shop\".open_lines is a view, not a table: the suite loads rows into tables (plain or "
                        + "partitioned)");
        assertNoRunDirectoryOf(o.pid());
    }

    @Test
    void aTableThatDependsOnAMissingExtensionStopsWithOneLine() throws Exception {
        Path file = directory.resolve("places.sql");
        Files.writeString(file, "CREATE EXTENSION IF NOT EXISTS pgib_no_such_extension;\n"
                + "CREATE TABLE places (id integer PRIMARY KEY, area pgib_geometry);\n");
        BenchMainTest.Outcome o = launchHere("--ddl", file.toString(), "--table", "places");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.stderr().lines().toList()).containsExactly(
                "pg-ingest-bench: --ddl places.sql line 1: CREATE EXTENSION IF NOT EXISTS pgib_no_such_extension: extension "
                        + "\"pgib_no_such_extension\" is not available (skipped)",
                "pg-ingest-bench: --ddl places.sql line 2: CREATE TABLE places (id integer PRIMARY KEY, area pgib_geometry): "
                        + "type \"pgib_geometry\" does not exist (skipped)",
                "pg-ingest-bench: no table places in --ddl places.sql: line 2: CREATE TABLE places (id integer PRIMARY KEY, "
                        + "area pgib_geometry): type \"pgib_geometry\" does not exist");
        assertThat(o.stdout()).isEmpty();
        assertNoRunDirectoryOf(o.pid());
    }

    /**
     * A DDL file that runs a program on the host and holds a role's password, as pg_dumpall writes it: the COPY is
     * not applied (no file appears) and the role statement neither, each named by its line alone; the password is
     * printed nowhere.
     */
    @Test
    void aDdlFileRunsNoHostCommandAndItsPasswordsAreNotEchoed() throws Exception {
        Path touched = directory.resolve("touched-by-ddl");
        Path file = directory.resolve("hostile.sql");
        Files.writeString(file, "CREATE TABLE places (id integer PRIMARY KEY);\n"
                + "COPY places FROM PROGRAM 'touch " + touched + "';\n"
                + "ALTER ROLE app WITH LOGIN PASSWORD 'Hunter2-in-a-dump';\n"
                + "CREATE USER MAPPING FOR app SERVER remote OPTIONS (user 'app', password 'Hunter2-in-a-dump');\n"
                + "CREATE SERVER remote FOREIGN DATA WRAPPER no_such_fdw OPTIONS (password 'Hunter2-in-a-dump');\n"
                // literals the server echoes as it read them, not as written (a third adversarial pass)
                + "CREATE TABLE public.a (id int, c int DEFAULT 'postgresql://app:it''s-Hunter2@db/app'::int);\n"
                + "CREATE TABLE public.b (id int, c int DEFAULT E'host=db password=Hunter2\\x21secret'::int);\n"
                + "CREATE TABLE public.c (id int, c int DEFAULT U&'host=db password=Hunter2\\0021secret'::int);\n"
                + "SET work_mem = 'Hunter2-it''s';\n");
        BenchMainTest.Outcome o = launchHere("--ddl", file.toString(), "--table", "nope");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(touched).doesNotExist();
        assertThat(o.stderr()).contains("pg-ingest-bench: --ddl hostile.sql line 2: COPY ... is not applied: a schema "
                + "holds no such statement", "pg-ingest-bench: --ddl hostile.sql line 3: ALTER ROLE ... is not applied",
                "pg-ingest-bench: --ddl hostile.sql line 4: CREATE USER ... is not applied",
                "pg-ingest-bench: --ddl hostile.sql line 5: CREATE SERVER remote FOREIGN DATA WRAPPER no_such_fdw",
                "pg-ingest-bench: --ddl hostile.sql line 6: CREATE TABLE public.a (id int, c int DEFAULT '…'::int): "
                        + "invalid input syntax for type integer: \"…\" (skipped)");
        assertThat(o.stdout() + o.stderr()).doesNotContain("Hunter2").doesNotContain("secret");
    }

    /**
     * A CHECK that reads a setting the server does not have: neither bad input nor the server's fault, but what the
     * suite's check cannot give; said as the suite's limit (an adversarial pass, 2026-12-03, saw "reading t: ERROR:
     * unrecognized configuration parameter" naming the suite's own check table).
     */
    @Test
    void aTableTheSuiteCannotCheckIsOneLineSayingItIsTheSuitesLimit() throws Exception {
        Path file = Files.writeString(directory.resolve("unprobed.sql"), "CREATE TABLE t (id int, note text);\n"
                + "ALTER TABLE t ADD CONSTRAINT c CHECK (current_setting($$pgib.no_such_setting$$) <> note);\n");
        Path rows = Files.writeString(directory.resolve("unprobed.csv"), "id,note\n1,a\n2,b\n");
        BenchMainTest.Outcome o = launchHere("--ddl", file.toString(), "--table", "t", "--rows", rows.toString(),
                "-p", "method=BATCH");
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
        assertThat(o.stderr()).startsWith("pg-ingest-bench: the suite cannot read and check t (a limit of the suite: the "
                + "server refused what it asked while reading the table's definition or trying rows in a copy of it); "
                + "the server said: ").contains("pgib.no_such_setting");
    }

    @Test
    void optionsThatDoNotFitAreOneLine() throws Exception {
        assertRefused(launchHere("--ddl", dump.toString()), "--ddl " + dump + " without --table: name the table to "
                + "benchmark, e.g. --table orders");
        assertRefused(launchHere("--table", "orders"), "--table orders without --ddl reads a live table, which needs an "
                + "external server (-Dpg.target=external -Dpg.url=jdbc:postgresql://host/db); the embedded server starts "
                + "empty: give the table's DDL with --ddl FILE");
        assertRefused(launchHere("--ddl", dump.toString(), "--table", "orders", "--sample", "10"), "--sample reads rows "
                + "from the live table, and --ddl makes a new one: use --rows FILE.csv with --ddl");
        assertRefused(launchHere("--ddl", dump.toString(), "--table", "orders", "-p", "shape=USERS"), "-p shape=USERS: "
                + "--table sets the table; leave -p shape and -p indexes out");
        // the results replaced the dump they measured (a leftover of 2026-12-03)
        assertRefused(launchHere("--ddl", dump.toString(), "--table", "orders", "-rff", dump.toString()), "-rff " + dump
                + ": the command reads " + dump + ", which this would replace; name another file");
    }

    /**
     * A live table on an external server, as a role that may only read it: its definition is read, its rows sampled,
     * and it is written nowhere: its rows (their versions) are the same after the run; its trigger is not
     * copied, and the run says so and how to include it.
     */
    @Test
    void aLiveTableIsOnlyReadAsARoleWithSelectAlone() throws Exception {
        try (EmbeddedTarget server = TestServers.withPasswordLogins()) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA app");
                st.execute("CREATE TYPE app.kind AS ENUM ('web', 'shop', 'phone')");
                st.execute("CREATE TABLE app.\"Visits\" (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
                        + "visitor text NOT NULL, kind app.kind NOT NULL, \"when\" timestamptz NOT NULL, "
                        + "pages integer CHECK (pages BETWEEN 1 AND 500), UNIQUE (visitor, \"when\"))");
                st.execute("CREATE TABLE app.audit (at timestamptz DEFAULT now())");
                st.execute("CREATE FUNCTION app.audit_visit() RETURNS trigger LANGUAGE plpgsql AS "
                        + "$$ BEGIN INSERT INTO app.audit DEFAULT VALUES; RETURN NEW; END $$");
                st.execute("CREATE TRIGGER visits_audit AFTER INSERT ON app.\"Visits\" FOR EACH ROW EXECUTE FUNCTION "
                        + "app.audit_visit()");
                st.execute("INSERT INTO app.\"Visits\" (visitor, kind, \"when\", pages) SELECT 'v' || g, "
                        + "(ARRAY['web','shop','phone'])[1 + g % 3]::app.kind, now() - g * interval '1 minute', 1 + g % 40 "
                        + "FROM generate_series(1, 2000) g");
                st.execute("ANALYZE app.\"Visits\"");
                st.execute("GRANT USAGE ON SCHEMA app TO " + TestServers.APP_USER);
                st.execute("GRANT SELECT ON app.\"Visits\" TO " + TestServers.APP_USER);
            }
            List<String> before = writes(server);
            BenchMainTest.Outcome o = launch(directory, Duration.ofMinutes(5), Map.of("PGIB_JDBC_URL",
                            server.endpoint().jdbcUrl(), "PGIB_USER", TestServers.APP_USER, "PGIB_PASSWORD",
                            TestServers.APP_PASSWORD),
                    "-Dpg.target=external", "-Dpg.schema=live_check", "--table", "app.\"Visits\"", "--sample", "300",
                    "-p", "rows=100", "-p", "method=COPY_BINARY,BATCH,BATCH_UPSERT", "-wi", "0", "-i", "1", "-r", "200ms");
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
            assertThat(o.stdout()).contains("pg-ingest-bench: table app.\"Visits\" from live table app.\"Visits\"",
                    "rows from --sample 300 of app.\"Visits\"",
                    "pg-ingest-bench: its 1 trigger is not copied on an external server (a trigger function there is "
                            + "your own and may write your other tables): to include it, run ./bench --ddl FILE --table "
                            + "app.\"Visits\" on the embedded server, with FILE from pg_dump --schema-only",
                    "- For app.\"Visits\": at 100 rows per call ");
            assertThat(o.stdout() + o.stderr()).doesNotContain(TestServers.APP_PASSWORD);
            // A live table's results are named after it alone; a dump's table of the same name has its own
            // (aDdlTablesTriggerOnAnExternalServerWritesNoUserTable).
            ResultFile file = ResultFile.read(directory.resolve("target/table-app.Visits-sample_300.json"));
            assertThat(file.results()).extracting(e -> e.params().get("method")).contains("COPY_BINARY", "BATCH", "BATCH_UPSERT");
            assertThat(writes(server)).as("row versions of app.Visits and app.audit").isEqualTo(before);
            assertThat(o.stdout()).contains("pg-ingest-bench: schema live_check, where the suite's copies were, dropped "
                    + "from the server (--keep-schema keeps it)");
            assertThat(schemas(server)).doesNotContain("live_check");
        }
    }

    /**
     * A live table the suite refuses after its check began on the server (a domain whose CHECK no generated value
     * meets): one line and exit 2, and the schema the check worked in is dropped again, as a finished run's is.
     */
    @Test
    void aRefusedLiveTableLeavesNoSchemaBehind() throws Exception {
        try (EmbeddedTarget server = TestServers.withPasswordLogins()) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA shop");
                st.execute("CREATE DOMAIN shop.currency AS text CHECK (VALUE ~ '^[A-Z]{3}$')");
                st.execute("CREATE TABLE shop.prices (id bigint PRIMARY KEY, amount numeric(12,2), currency shop.currency)");
                st.execute("GRANT USAGE ON SCHEMA shop TO " + TestServers.APP_USER);
                st.execute("GRANT SELECT ON shop.prices TO " + TestServers.APP_USER);
            }
            BenchMainTest.Outcome o = launch(directory, Duration.ofMinutes(3), Map.of("PGIB_JDBC_URL",
                            server.endpoint().jdbcUrl(), "PGIB_USER", TestServers.APP_USER, "PGIB_PASSWORD",
                            TestServers.APP_PASSWORD),
                    "-Dpg.target=external", "-Dpg.schema=refused_check", "--table", "shop.prices", "-p", "rows=100");
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
            assertThat(o.stderr().lines().filter(l -> l.startsWith("pg-ingest-bench:")).toList()).singleElement()
                    .asString().contains("column currency", "--rows FILE.csv");
            assertThat(o.stdout()).contains("pg-ingest-bench: schema refused_check, where the suite's copies were, "
                    + "dropped from the server (--keep-schema keeps it)");
            assertThat(schemas(server)).doesNotContain("refused_check");
        }
    }

    /**
     * The notes say how many of the user's rows there are, taken in turn, which of their columns the server fills and
     * so are not loaded, and which take the suite's values (a new user's passes, 2026-12-03: an identity column in the
     * CSV was dropped, and key and foreign-key values replaced, without a word).
     */
    @Test
    void theNotesSayTheRowsCountAndTheColumnsTheServerFills() throws Exception {
        try (EmbeddedTarget server = EmbeddedTarget.start(org.pgingest.server.TargetConfig.defaults())) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA crm");
                st.execute("CREATE TABLE crm.teams (id int PRIMARY KEY)");
                st.execute("CREATE TABLE crm.people (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text, "
                        + "email text UNIQUE, team_id int REFERENCES crm.teams)");
                var people = org.pgingest.workload.definition.TableSources.live(c,
                        new org.pgingest.workload.definition.QualifiedName("crm", "people"), "crm.people", server.schema());
                Path csv = Files.writeString(directory.resolve("people.csv"), "id,name,email,team_id\n7,Ada,a@x,615\n");
                List<String> notes = TableRun.notes(people.withSample(org.pgingest.table.UserRows.fromCsv(csv)),
                        new org.pgingest.table.TableCheck(Map.of(), List.of("email")));
                assertThat(notes.get(0)).endsWith("; rows from --rows people.csv (1 row, taken in turn)");
                assertThat(notes).contains("--rows people.csv's id is a column the server fills: its values are not "
                        + "loaded");
                // a new user's 615 loaded as 44 without a word (2026-12-03)
                assertThat(notes).contains("--rows people.csv's email, team_id take the suite's values, not the file's: "
                        + "a unique key's column carries the row number (keys stay distinct over every call), a foreign "
                        + "key's the referenced copies' keys");
            }
        }
    }

    /**
     * A --rows header naming a column the live table lacks is one line and exit 2, refused as the table is read, before
     * any copy is made; the suite's schema, made as the server was opened, is dropped again.
     */
    @Test
    void aRowsHeaderNamingAColumnTheLiveTableLacksIsOneLine() throws Exception {
        try (EmbeddedTarget server = TestServers.withPasswordLogins()) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA shop");
                st.execute("CREATE TABLE shop.items (id bigint PRIMARY KEY, title text)");
                st.execute("GRANT USAGE ON SCHEMA shop TO " + TestServers.APP_USER);
                st.execute("GRANT SELECT ON shop.items TO " + TestServers.APP_USER);
            }
            Path rows = Files.writeString(directory.resolve("items.csv"), "id,titel\n1,first\n");
            BenchMainTest.Outcome o = launch(directory, Duration.ofMinutes(3), Map.of("PGIB_JDBC_URL",
                            server.endpoint().jdbcUrl(), "PGIB_USER", TestServers.APP_USER, "PGIB_PASSWORD",
                            TestServers.APP_PASSWORD),
                    "-Dpg.target=external", "-Dpg.schema=header_check", "--table", "shop.items", "--rows",
                    rows.toString(), "-p", "rows=100");
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
            assertThat(o.stderr().lines().filter(l -> l.startsWith("pg-ingest-bench:")).toList()).singleElement()
                    .asString().contains("--rows items.csv has a column titel the table lacks (its columns: id, title)");
            assertThat(schemas(server)).doesNotContain("header_check");
        }
    }

    /**
     * The user's own event trigger makes a view on the check's copy of their table, so the suite cannot drop its
     * schema without dropping the view (a second adversarial pass saw a Java stack trace): one line, exit 2, and the
     * schema left on the server with a line saying so.
     */
    @Test
    void aCopyTheUsersCodeMadeAViewOnIsOneLineAndTheSchemaIsNamed() throws Exception {
        try (EmbeddedTarget server = TestServers.withPasswordLogins()) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA shop");
                st.execute("CREATE TABLE shop.plain (id bigint PRIMARY KEY, v text)");
                st.execute("GRANT USAGE ON SCHEMA shop TO " + TestServers.APP_USER);
                st.execute("GRANT SELECT ON shop.plain TO " + TestServers.APP_USER);
                st.execute("CREATE FUNCTION public.watch() RETURNS event_trigger LANGUAGE plpgsql SECURITY DEFINER AS $$ DECLARE r record; "
                        + "BEGIN FOR r IN SELECT * FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'CREATE TABLE' "
                        + "AND schema_name = 'viewed_check' LOOP EXECUTE 'CREATE VIEW public.watching AS SELECT * FROM ' "
                        + "|| r.object_identity; END LOOP; END $$");
                st.execute("CREATE EVENT TRIGGER watch ON ddl_command_end EXECUTE FUNCTION public.watch()");
            }
            BenchMainTest.Outcome o = launch(directory, Duration.ofMinutes(3), Map.of("PGIB_JDBC_URL",
                            server.endpoint().jdbcUrl(), "PGIB_USER", TestServers.APP_USER, "PGIB_PASSWORD",
                            TestServers.APP_PASSWORD),
                    "-Dpg.target=external", "-Dpg.schema=viewed_check", "--table", "shop.plain", "-p", "rows=100");
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
            assertThat(o.stderr()).doesNotContain("\tat ").doesNotContain("Exception in thread");
            assertThat(o.stderr()).contains("pg-ingest-bench: schema viewed_check left on the server: ");
            assertThat(o.stderr().lines().filter(l -> l.startsWith("pg-ingest-bench: checking shop.plain: ")).count())
                    .isEqualTo(1);
        }
    }

    /** The server's schemas, by name. */
    private static List<String> schemas(EmbeddedTarget server) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT nspname FROM pg_namespace")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    /**
     * {@code --ddl} on an external server: the DDL's table has a trigger whose function, on the user's server, writes
     * the user's audit table. The suite's copies get no trigger (the function is the user's), the run says so, and
     * the audit table is untouched after rows were measured.
     */
    @Test
    void aDdlTablesTriggerOnAnExternalServerWritesNoUserTable() throws Exception {
        String ddl = "CREATE SCHEMA app;\n"
                + "CREATE TABLE app.audit (at timestamptz DEFAULT now());\n"
                + "CREATE FUNCTION app.audit_visit() RETURNS trigger LANGUAGE plpgsql AS\n"
                + "$$ BEGIN INSERT INTO app.audit DEFAULT VALUES; RETURN NEW; END $$;\n"
                + "CREATE TABLE app.\"Visits\" (id bigint PRIMARY KEY, visitor text NOT NULL);\n"
                + "CREATE TRIGGER visits_audit AFTER INSERT ON app.\"Visits\" FOR EACH ROW EXECUTE FUNCTION app.audit_visit();\n";
        Path file = directory.resolve("visits.sql");
        Files.writeString(file, ddl);
        try (EmbeddedTarget server = TestServers.withPasswordLogins()) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute(ddl);
                // The application's role writes its tables: what a copied trigger would do as it.
                st.execute("GRANT USAGE ON SCHEMA app TO " + TestServers.APP_USER);
                st.execute("GRANT SELECT, INSERT ON app.\"Visits\", app.audit TO " + TestServers.APP_USER);
            }
            List<String> before = writes(server);
            BenchMainTest.Outcome o = launch(directory, Duration.ofMinutes(5), Map.of("PGIB_JDBC_URL",
                            server.endpoint().jdbcUrl(), "PGIB_USER", TestServers.APP_USER, "PGIB_PASSWORD",
                            TestServers.APP_PASSWORD),
                    "-Dpg.target=external", "-Dpg.schema=ddl_check", "--ddl", file.toString(), "--table", "app.\"Visits\"",
                    "--keep-schema",
                    "-p", "rows=100", "-p", "method=BATCH", "-wi", "0", "-i", "1", "-r", "200ms");
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
            assertThat(ResultFile.read(directory.resolve("target/table-app.Visits-from-visits.sql.json")).results()).isNotEmpty();
            assertThat(writes(server)).as("row versions of app.Visits and app.audit").isEqualTo(before);
            assertThat(o.stdout()).contains("pg-ingest-bench: its 1 trigger is not copied on an external server",
                    "pg-ingest-bench: schema ddl_check kept on the server (--keep-schema); DROP SCHEMA \"ddl_check\" "
                            + "CASCADE drops it");
            assertThat(schemas(server)).contains("ddl_check");
        }
    }

    /**
     * Stopped as Ctrl-C stops it (SIGTERM to the launcher and its forks, as a terminal signals its process group), a
     * run on an external server had left its schema there, 450,000 rows in its copy, unannounced (a third adversarial
     * pass): the launcher drops it on its way out and says so.
     */
    @ParameterizedTest(name = "the launcher alone: {0}")
    @ValueSource(booleans = {false, true})
    void aStoppedRunOnAnExternalServerDropsItsSchema(boolean launcherAlone) throws Exception {
        try (EmbeddedTarget server = TestServers.withPasswordLogins()) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE TABLE public.plain (id bigint PRIMARY KEY, note text);"
                        + "GRANT SELECT ON public.plain TO " + TestServers.APP_USER);
            }
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), BenchMain.class.getName(),
                    "-Dpg.target=external", "-Dpg.schema=stopped_run", "--table", "public.plain", "-p", "rows=500",
                    "-p", "method=BATCH", "-wi", "0", "-i", "60", "-r", "1s"));
            ProcessBuilder pb = new ProcessBuilder(command).directory(directory.toFile());
            pb.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
            pb.environment().putAll(Map.of("PGIB_JDBC_URL", server.endpoint().jdbcUrl(), "PGIB_USER",
                    TestServers.APP_USER, "PGIB_PASSWORD", TestServers.APP_PASSWORD));
            Path out = directory.resolve("stopped-out.txt");
            pb.redirectErrorStream(true).redirectOutput(out.toFile());
            Process launcher = pb.start();
            try {
                long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
                boolean loaded = false;
                while (launcher.isAlive() && System.nanoTime() < deadline && !loaded) {
                    Thread.sleep(200);
                    loaded = loading(server, "stopped_run");
                }
                // Seen once, not asked again: each iteration begins on an emptied copy, so a second look can find none
                // (the full run of 2026-12-02 failed here once).
                assertThat(loaded).as("a fork loads into the schema: " + Files.readString(out)).isTrue();
                // SIGTERM to the launcher alone (a job runner's cancel) leaves its forks loading until it stops them
                List<ProcessHandle> tree = new ArrayList<>(launcherAlone ? List.of() : Descendants.of(launcher));
                tree.add(launcher.toHandle());
                for (ProcessHandle p : tree) {
                    new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
                }
                assertThat(launcher.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).as("the launcher exits").isTrue();
                assertThat(schemas(server)).as(Files.readString(out)).doesNotContain("stopped_run");
                assertThat(Files.readString(out)).contains("pg-ingest-bench: schema stopped_run, where the suite's copies "
                        + "were, dropped from the server").doesNotContain("does not exist");
            } finally {
                org.pgingest.ProcessTrees.stop(launcher);
            }
        }
    }

    /** Whether a table in {@code schema} holds rows (a fork is loading). */
    private static boolean loading(EmbeddedTarget server, String schema) throws SQLException {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT coalesce(sum(n_tup_ins), 0) FROM pg_stat_all_tables WHERE schemaname = '"
                     + schema + "'")) {
            rs.next();
            return rs.getLong(1) > 0;
        }
    }

    /**
     * A --ddl file's names bind to the external server's own objects of those names: a CHECK calling nextval on a
     * sequence the file makes advanced the user's sequence of that name by 184,600 in one run, and a harmless function
     * the file declares was the user's writing one there (a third adversarial pass). The copy is checked there as a
     * live table before any row goes in: refused in one line, the user's sequence and table untouched.
     */
    @Test
    void aDdlTablesCallsOnAnExternalServerAreCheckedThere() throws Exception {
        Path file = directory.resolve("ext.sql");
        Files.writeString(file, "CREATE SEQUENCE public.hits;\n"
                + "CREATE FUNCTION public.audited(v integer) RETURNS boolean LANGUAGE sql IMMUTABLE AS 'SELECT true';\n"
                + "CREATE TABLE public.lines2 (id bigint PRIMARY KEY, qty integer NOT NULL CHECK (nextval('public.hits') > 0), "
                + "note text CHECK (public.audited(qty)));\n");
        try (EmbeddedTarget server = TestServers.withPasswordLogins()) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE SEQUENCE public.hits; CREATE TABLE public.audit (v integer);\n"
                        + "CREATE FUNCTION public.audited(v integer) RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN "
                        + "INSERT INTO public.audit VALUES (v); RETURN true; END $$;\n"
                        + "GRANT USAGE, UPDATE ON SEQUENCE public.hits TO " + TestServers.APP_USER + ";\n"
                        + "GRANT INSERT ON public.audit TO " + TestServers.APP_USER);
            }
            BenchMainTest.Outcome o = launch(directory, Duration.ofMinutes(5), Map.of("PGIB_JDBC_URL",
                            server.endpoint().jdbcUrl(), "PGIB_USER", TestServers.APP_USER, "PGIB_PASSWORD",
                            TestServers.APP_PASSWORD),
                    "-Dpg.target=external", "-Dpg.schema=ddl_calls", "--ddl", file.toString(), "--table", "lines2",
                    "-p", "rows=100", "-p", "method=COPY_BINARY", "-wi", "0", "-i", "1", "-r", "200ms");
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
            assertThat(o.stderr()).contains("the suite's copy ddl_calls.").contains("calls nextval(regclass)")
                    .contains("calls public.audited(integer)");
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT (SELECT is_called FROM public.hits), (SELECT count(*) FROM public.audit)")) {
                rs.next();
                assertThat(rs.getBoolean(1)).as("the user's sequence never advanced").isFalse();
                assertThat(rs.getLong(2)).as("the user's audit rows").isZero();
            }
            assertThat(schemas(server)).doesNotContain("ddl_calls");
        }
    }

    /**
     * The user's tables' row versions: each row's ctid and xmin, so an insert, an update (a new version, even with the
     * same values) or a delete changes them, read at once (pg_stat_user_tables counters reach other sessions only when
     * a backend flushes them, up to a second later on PostgreSQL 15+).
     */
    private static List<String> writes(EmbeddedTarget server) throws SQLException {
        List<String> versions = new ArrayList<>();
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            for (String table : List.of("app.\"Visits\"", "app.audit")) {
                try (ResultSet rs = st.executeQuery("SELECT count(*) || ' ' || coalesce(md5(string_agg(ctid::text || ':' "
                        + "|| xmin::text, ',' ORDER BY ctid)), '') FROM " + table)) {
                    rs.next();
                    versions.add(table + " " + rs.getString(1));
                }
            }
        }
        return versions;
    }
}
