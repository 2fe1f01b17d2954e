package org.pgingest.server;

import org.pgingest.ProcessTrees;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.stats.CostFigure;
import org.pgingest.stats.CounterSnapshot;
import org.pgingest.stats.ServerCostMeter;
import org.pgingest.stats.ServerCosts;
import org.pgingest.stats.SuiteWork;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.PublishedShapes;
import org.postgresql.PGConnection;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A real PgBouncer (the installed one, 1.18 on Debian bookworm) between loaders and a real embedded server: how the
 * suite starts, configures, stops and sweeps it, what goes through it, and that server costs are still exact.
 * {@link PgBouncer125Test} runs the same tests against 1.25 ({@code -Dpg.pgbouncer.home}).
 */
@RequiresPart(Part.PGBOUNCER)
// One server field for both classes (static, inherited): run together, one class's @AfterAll closed the other's
// server (CI, 2026-11-27).
@ResourceLock("PgBouncerTest.server")
class PgBouncerTest {
    static EmbeddedTarget server;
    private static final AtomicInteger TABLES = new AtomicInteger();

    @TempDir
    Path root;

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Which PgBouncer these tests start: the installed one here. */
    PgBouncerSetup setup() {
        return PgBouncerSetup.installed();
    }

    /**
     * Whether the release tracks pgjdbc's named statements in transaction mode by default: 1.18 has no
     * max_prepared_statements; 1.24 and later default to 200.
     */
    boolean tracksNamedStatements() {
        return false;
    }

    private static DataSource through(PgBouncer pgbouncer, Map<String, String> options) {
        return server.dataSourceAt(pgbouncer.route(server.endpoint()), options);
    }

    private static PlannedTable newUsers() throws SQLException {
        try (Connection c = server.dataSource().getConnection()) {
            return PlannedTable.published(c, new SuiteSchema(server.schema()), "users", PublishedShapes.STANDARD,
                    "users_pgb" + TABLES.incrementAndGet());
        }
    }

    private static Table newTable() throws SQLException {
        return newUsers().table();
    }

    @Test
    void eachModeServesTheSuitesSchemaFromItsOwnDirectoryAndLeavesNothingOnClose() throws Exception {
        for (Via via : List.of(Via.PGBOUNCER_SESSION, Via.PGBOUNCER_TRANSACTION)) {
            PgBouncer pgbouncer = PgBouncer.start(server.endpoint(), server.schema(), via, setup());
            Path run = pgbouncer.runDirectory();
            ProcessHandle process = ProcessHandle.of(pgbouncer.pid()).orElseThrow();
            try (Connection c = through(pgbouncer, Map.of()).getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT current_schema(), current_setting('port')")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo(server.schema());
                assertThat(rs.getInt(2)).as("answered by the server behind it").isEqualTo(server.endpoint().port());
                assertThat(pgbouncer.route(server.endpoint()).port()).isNotEqualTo(server.endpoint().port());
            }
            assertThat(pgbouncer.facts()).containsEntry("name", "pgbouncer").containsEntry("poolMode",
                    via == Via.PGBOUNCER_SESSION ? "session" : "transaction").containsKey("version");
            assertThat(pgbouncer.version()).matches("\\d+\\.\\d+\\.\\d+");
            String config = Files.readString(run.resolve(PgBouncer.CONFIG_FILE));
            assertThat(config).contains("listen_addr = 127.0.0.1", "unix_socket_dir =\n", "auth_file = " + run);
            assertThat(process.info().commandLine().orElse("")).contains(run.resolve(PgBouncer.CONFIG_FILE).toString());

            pgbouncer.close();
            assertThat(process.isAlive()).isFalse();
            assertThat(Files.exists(run)).as(run + " removed").isFalse();
        }
    }

    /**
     * The configuration for transaction mode spreads even one client's transactions over two server connections, as
     * other clients sharing the pool would: otherwise a lone client keeps one and passes for what it is not.
     */
    @Test
    void inTransactionModeOneClientsTransactionsLandOnDifferentServerConnections() throws Exception {
        try (PooledTarget pooled = PooledTarget.borrow(server, Via.PGBOUNCER_TRANSACTION, setup())) {
            assertThat(backendsOfSixTransactions(pooled)).hasSizeGreaterThanOrEqualTo(2);
        }
    }

    /**
     * Other sessions of the suite's role (an application's, on a shared server) are not taken for the pool: it is
     * awaited by its own server connections, which carry the pooler's name, so a lone client's transactions still land
     * on two of them.
     */
    @Test
    void otherSessionsOfTheRoleAreNotTakenForThePool() throws Exception {
        try (Connection other = server.dataSource().getConnection();
             Connection another = server.dataSource().getConnection();
             PooledTarget pooled = PooledTarget.borrow(server, Via.PGBOUNCER_TRANSACTION, setup())) {
            assertThat(backendsOfSixTransactions(pooled)).hasSizeGreaterThanOrEqualTo(2).doesNotContain(
                    other.unwrap(PGConnection.class).getBackendPID(),
                    another.unwrap(PGConnection.class).getBackendPID());
        }
    }

    /** The backends one client's six transactions through the pool ran on, each checked to carry the pooler's name. */
    private static Set<Integer> backendsOfSixTransactions(PooledTarget pooled) throws SQLException {
        Set<Integer> backends = new HashSet<>();
        try (Connection c = pooled.dataSource(Map.of("prepareThreshold", "0")).getConnection();
             var select = c.prepareStatement("SELECT pg_backend_pid(), current_setting('application_name')")) {
            for (int i = 0; i < 6; i++) {
                try (ResultSet rs = select.executeQuery()) {
                    rs.next();
                    backends.add(rs.getInt(1));
                    assertThat(rs.getString(2)).isEqualTo(pooled.pooler().orElseThrow().applicationName());
                }
            }
        }
        return backends;
    }

    /**
     * The published caveat, for real: pgjdbc's named server-prepared statements (a batch is prepared at once with the
     * default prepareThreshold 5) do not survive transaction pooling in PgBouncer 1.18; session pooling keeps them,
     * and prepareThreshold=0 gets through transaction pooling too. A release that tracks them (1.24+ by default) keeps
     * them in transaction pooling as well.
     */
    @Test
    void namedStatementsFailThroughTransactionPoolingOnly() throws Exception {
        namedStatementsFailThroughTransactionPoolingOnlyWhereNotTracked(setup(), tracksNamedStatements());
    }

    void namedStatementsFailThroughTransactionPoolingOnlyWhereNotTracked(PgBouncerSetup setup, boolean tracked)
            throws Exception {
        Loader batch = LoadMethod.BATCH.create(new LoadMethod.Knobs(20, 0));
        RowGenerator rows = newUsers().rows(3, 0.1);
        for (Via via : List.of(Via.PGBOUNCER_SESSION, Via.PGBOUNCER_TRANSACTION)) {
            for (String threshold : List.of("5", "0")) {
                Table table = newTable();
                try (PooledTarget pooled = PooledTarget.borrow(server, via, setup);
                     Connection c = pooled.dataSource(Map.of("prepareThreshold", threshold)).getConnection()) {
                    boolean breaks = via == Via.PGBOUNCER_TRANSACTION && threshold.equals("5") && !tracked;
                    SQLException failure = null;
                    for (int call = 0; call < 8 && failure == null; call++) {
                        try {
                            batch.load(c, table, rows.next(20));
                        } catch (SQLException e) {
                            failure = e.getNextException() != null ? e.getNextException() : e;
                        }
                    }
                    if (breaks) {
                        assertThat((Throwable) failure).as(pooled.pooler().orElseThrow().describe() + " prepareThreshold="
                                + threshold).isNotNull();
                        assertThat(failure.getSQLState()).isIn("26000", "42P05");
                    } else {
                        assertThat((Throwable) failure).as(pooled.pooler().orElseThrow().describe() + " prepareThreshold="
                                + threshold).isNull();
                    }
                }
            }
        }
    }

    /**
     * Server costs through a transaction pool, read from the server: every row inserted is counted (the statistics of
     * both server connections the inserts went to are flushed), and the window holds two server connections.
     */
    @Test
    void serverCostsThroughATransactionPoolAreExact() throws Exception {
        try (PostgresTarget pooled = Via.PGBOUNCER_TRANSACTION.open(EmbeddedTarget.start(TargetConfig.defaults()), setup());
             ServerCostMeter meter = ServerCostMeter.open(pooled)) {
            Loader oneByOne = LoadMethod.AUTOCOMMIT_ROW.create();
            Map<String, String> options = new HashMap<>(oneByOne.driverOptions());
            options.put("prepareThreshold", "0");
            try (Connection c = pooled.dataSource(options).getConnection()) {
                PlannedTable users = PlannedTable.published(c, new SuiteSchema(pooled.schema()), "users",
                        PublishedShapes.STANDARD, "users_costs");
                Table table = users.table();
                RowGenerator rows = users.rows(4, 0.1);
                for (int round = 0; round < 2; round++) {
                    CounterSnapshot start = meter.startWindow(List.of(c));
                    assertThat(oneByOne.load(c, table, rows.next(60))).isEqualTo(60);
                    ServerCosts costs = meter.endWindow(start, List.of(c), SuiteWork.of(60, 60));
                    assertThat(costs.get(CostFigure.TUPLES_INSERTED)).hasValue(60);
                    assertThat(costs.serverConnections()).isEqualTo(2);
                    assertThat(costs.contaminated()).as(costs.notes().toString()).isFalse();
                    // a WAL flush per autocommitted row, on whichever server connection it ran
                    assertThat(costs.get(CostFigure.WAL_FSYNCS).getAsDouble()).isBetween(60.0, 64.0);
                }
            }
            assertThat(pooled.facts().pooler()).containsEntry("poolMode", "transaction");
            assertThat(pooled.facts().toMap()).containsKey("pooler");
            assertThat(pooled.facts().summary()).contains("through pgbouncer", "transaction pooling");
        }
    }

    /** A role with a password: PgBouncer logs in with it and asks clients for it; it is in no configuration or fact. */
    @Test
    void aPasswordIsKeptInTheAuthFileAlone() throws Exception {
        try (EmbeddedTarget passwords = TestServers.withPasswordLogins();
             // A schema of the application role's own: the server's "pgingest" is the superuser's, which the role
             // may not use (SuiteSchema refuses it, naming the GRANT).
             PostgresTarget pooled = PostgresTarget.open(TestServers.externalConfig(passwords, TestServers.APP_PASSWORD)
                     .withSchema("pooled_app").withVia(Via.PGBOUNCER_SESSION).withPgBouncer(setup()))) {
            PgBouncer pgbouncer = pooled.pooler().orElseThrow();
            try (Connection c = pooled.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT current_user")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo(TestServers.APP_USER);
            }
            Path run = pgbouncer.runDirectory();
            assertThat(Files.readString(run.resolve(PgBouncer.CONFIG_FILE))).contains("auth_type = scram-sha-256")
                    .doesNotContain(TestServers.APP_PASSWORD);
            try (var files = Files.list(run)) {
                for (Path file : files.toList()) {
                    if (Files.readString(file).contains(TestServers.APP_PASSWORD)) {
                        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
                    }
                }
            }
            assertThat(pooled.facts().toMap().toString()).doesNotContain(TestServers.APP_PASSWORD);
            var wrong = new HashMap<String, String>();
            wrong.put("password", "not-the-password");
            assertThatThrownBy(() -> pooled.dataSource(wrong).getConnection()).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void aMissingPgBouncerIsOneLineWithTheInstallCommand() {
        assertThat(PgBouncer.notInstalled(Via.PGBOUNCER_TRANSACTION).getMessage()).isEqualTo("pgbouncer-transaction needs "
                + "PgBouncer, which is not installed (not on PATH, in /usr/sbin or /usr/local/sbin): apt-get install "
                + "pgbouncer (Debian, Ubuntu; dnf on Fedora, brew on macOS); or connect directly (direct, the default)");
        assertThatThrownBy(() -> Via.parse("pgpool")).isInstanceOf(TargetException.class)
                .hasMessage("-Dpg.via=pgpool: no such way to the server; valid: direct, pgbouncer-session, pgbouncer-transaction");
    }

    @Test
    void sigtermAndCtrlCStopPgBouncerAndRemoveItsDirectory() throws Exception {
        for (String signal : List.of("TERM", "INT")) {
            Child child = Child.start(root, Via.PGBOUNCER_TRANSACTION, setup());
            try {
                new ProcessBuilder("kill", "-" + signal, String.valueOf(child.process.pid())).start().waitFor();
                assertThat(child.process.waitFor(60, TimeUnit.SECONDS)).as("the child JVM ends on SIG" + signal
                        + (ProcessTrees.ignoresSigint() ? " (this JVM, and so the child, ignores SIGINT: the tests were "
                        + "started in the background of a shell without job control)" : "")).isTrue();
                assertThat(ProcessHandle.of(child.pgbouncerPid)).as("PgBouncer after SIG" + signal).isEmpty();
                assertThat(Files.exists(child.runDirectory)).as(child.runDirectory + " removed").isFalse();
            } finally {
                // A child that outlived a failed check would hold the test run's output open.
                ProcessTrees.stop(child.process);
            }
        }
    }

    @Test
    void afterKillMinusNinePgBouncerStopsAndTheNextStartSweepsItsDirectory() throws Exception {
        Child child = Child.start(root, Via.PGBOUNCER_SESSION, setup());
        child.process.destroyForcibly(); // SIGKILL: no hooks run; the watchdog's input ends with the JVM
        assertThat(child.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        ProcessHandle pgbouncer = ProcessHandle.of(child.pgbouncerPid).orElse(null);
        if (pgbouncer != null) {
            assertThat(pgbouncer.onExit().completeOnTimeout(pgbouncer, 10, TimeUnit.SECONDS).join().isAlive())
                    .as("PgBouncer after its JVM was killed").isFalse();
        }
        assertThat(Files.exists(child.runDirectory)).as("left for the next start's sweep").isTrue();

        List<Path> removed = LeftoverSweeper.sweep(root);

        assertThat(removed).contains(child.runDirectory, child.dataDirectory.getParent());
        assertThat(Files.exists(child.runDirectory)).as(child.runDirectory + " removed").isFalse();
        assertThat(LeftoverSweeper.postmasterOf(child.dataDirectory)).isEmpty();
    }

    private record Child(Process process, long pgbouncerPid, Path runDirectory, Path dataDirectory) {
        static Child start(Path root, Via via, PgBouncerSetup setup) throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                    "-Dpg.run.root=" + root, "-Dpg.binaries.dir=" + System.getProperty("pg.binaries.dir")));
            setup.home().ifPresent(home -> command.add("-D" + PgBouncerSetup.HOME_OPTION + "=" + home));
            command.addAll(List.of(PooledServerProcess.class.getName(), via.id()));
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.redirectError(ProcessBuilder.Redirect.INHERIT);
            Process process = pb.start();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("READY ")) {
                    String[] parts = line.split(" ");
                    return new Child(process, Long.parseLong(parts[1]), Path.of(parts[2]), Path.of(parts[3]));
                }
            }
            throw new IllegalStateException("child JVM ended before PgBouncer was ready, exit " + process.onExit().join().exitValue());
        }
    }
}
