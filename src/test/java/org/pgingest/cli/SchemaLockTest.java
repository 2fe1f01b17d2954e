package org.pgingest.cli;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.Bench;
import org.pgingest.ChildProcess;
import org.pgingest.compare.RankMain;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TestServers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two runs in one schema of one external server would create, truncate and drop each other's tables (JMH's lock file
 * keeps apart the runs of one machine only). While a run holds the schema, another launcher is refused in one line,
 * exit 2, before it makes anything there. The test's JVM holds the schema as a run's launcher does; each command is a
 * launcher of its own, with a temporary directory of its own (JMH's lock file there, not the machine's).
 */
class SchemaLockTest {
    private static final String REFUSAL = "another pg-ingest-bench run is using schema 'held_here' on this server: two "
            + "runs in one schema would drop each other's tables; wait for it to end, or give this run a schema of its "
            + "own with -Dpg.schema=NAME";
    private static EmbeddedTarget server;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startServer() throws SQLException {
        server = TestServers.withPasswordLogins();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    private static TargetConfig config(String schema) {
        return TestServers.externalConfig(server, TestServers.APP_PASSWORD).withSchema(schema);
    }

    @Test
    void aSchemaIsHeldUntilTheLastHolderInTheJvmLetsGo() throws Exception {
        TargetConfig config = config("held_twice");
        try (SchemaLock run = SchemaLock.take(config)) {
            try (SchemaLock part = SchemaLock.take(config)) {
                assertThat(schemaLocksOnServer()).isEqualTo(1);
            }
            assertThat(schemaLocksOnServer()).as("the run still holds it after its part let go").isEqualTo(1);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (schemaLocksOnServer() > 0 && System.nanoTime() < deadline) {
            // a closed session's backend ends (and lets go of its locks) just after the close returns
            Thread.sleep(50);
        }
        assertThat(schemaLocksOnServer()).isZero();
    }

    /**
     * A role whose idle sessions the server ends (idle_session_timeout, 14+) must not lose the lock mid-run: the lock's
     * session is idle for the whole run (an adversarial pass, 2026-12-02, had a second run let in after 3 s).
     */
    @Test
    void aServerThatEndsIdleSessionsDoesNotEndTheLocks() throws Exception {
        try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("ALTER ROLE " + TestServers.APP_USER + " SET idle_session_timeout = '200ms'");
            try (SchemaLock held = SchemaLock.take(config("held_idle"))) {
                Thread.sleep(1_500);
                assertThat(schemaLocksOnServer()).isEqualTo(1);
            } finally {
                st.execute("ALTER ROLE " + TestServers.APP_USER + " RESET idle_session_timeout");
            }
        }
    }

    /** Two schema names whose 32-bit string hashes agree (an adversarial pass found them) are two locks. */
    @Test
    void schemasWhoseNamesHashAlikeAreHeldApart() {
        assertThat("pgib_zg9jz0h".hashCode()).isEqualTo("pgib_1ro7kxj".hashCode());
        try (SchemaLock one = SchemaLock.take(config("pgib_zg9jz0h"));
             SchemaLock other = SchemaLock.take(config("pgib_1ro7kxj"))) {
            assertThat(other).isNotNull();
        }
    }

    @Test
    void aRunRankingTableRunAndLadderInAHeldSchemaAreRefusedBeforeTheyMakeAnything() throws Exception {
        Path ddl = Files.writeString(tmp.resolve("orders.sql"), "CREATE TABLE orders (id bigint PRIMARY KEY, note text);\n");
        List<String> external = List.of("-Dpg.target=external", "-Dpg.url=" + server.endpoint().jdbcUrl(),
                "-Dpg.user=" + TestServers.APP_USER, "-Dpg.schema=held_here");
        List<String> oneSlice = List.of("-f", "1", "-wi", "0", "-i", "1", "-r", "100ms");
        try (SchemaLock held = SchemaLock.take(config("held_here"))) {
            assertRefused(Bench.class, join(external, List.of("RoundTrip"), oneSlice), "pg-ingest-bench: ");
            assertRefused(Bench.class, join(List.of("--ddl", ddl.toString(), "--table", "orders"), external, oneSlice),
                    "pg-ingest-bench: ");
            assertRefused(RankMain.class, join(external, List.of("-p", "method=COPY_BINARY,BATCH")),
                    "pg-ingest-bench rank: ");
            // a ladder of fixed-rate runs, refused once, not once per cell
            assertRefused(Bench.class, join(List.of("--preset", "rates"), external), "pg-ingest-bench: ");
        }
        assertThat(schemaExists("held_here")).as("nothing made in the held schema").isFalse();
    }

    /** Runs {@code main} as {@code ./bench} does (a ranking: {@code ./bench rank} starts RankMain). */
    private void assertRefused(Class<?> main, List<String> args, String prefix) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(tmp.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
        builder.environment().put("PGIB_PASSWORD", TestServers.APP_PASSWORD);
        ChildProcess.Finished finished = ChildProcess.run(builder, Duration.ofSeconds(60));
        assertThat(finished.exitCode()).as(finished.output()).isEqualTo(2);
        assertThat(finished.output().lines().toList()).as(String.join(" ", args)).containsExactly(prefix + REFUSAL);
    }

    @SafeVarargs
    private static List<String> join(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) {
            all.addAll(part);
        }
        return all;
    }

    private static long schemaLocksOnServer() throws SQLException {
        return count("SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
                + "WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = '" + SchemaLock.APPLICATION_NAME + "'");
    }

    private static boolean schemaExists(String name) throws SQLException {
        return count("SELECT count(*) FROM pg_namespace WHERE nspname = '" + name + "'") > 0;
    }

    private static long count(String sql) throws SQLException {
        try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
