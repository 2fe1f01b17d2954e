package org.pgingest.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.PublishedShapes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How COPY loses rows through PgBouncer 1.18 in transaction mode at pgjdbc's default prepareThreshold, traced in the
 * server's own statement log (docs/poolers.md, the COPY bullet). pgjdbc (42.7) sends its COMMIT as a named statement
 * from the first use ({@code PgConnection.executeTransactionCommand} makes it one-shot only at prepareThreshold=0),
 * and its ROLLBACK likewise; 1.18 passes the name through to whichever server connection the transaction got. Where
 * another client's ROLLBACK holds that name there, the writer's COMMIT runs that ROLLBACK: the server ends the
 * transaction without an error (command tag ROLLBACK, which pgjdbc does not check) and the call reports its rows.
 * PgBouncer 1.25 with max_prepared_statements renames statements per server connection, and nothing is lost.
 */
@RequiresPart(Part.PGBOUNCER)
class CopyThroughTransactionPoolTest {
    private static final int CALLS = 9;
    private static final int ROWS = 10;
    /** "12345 LOG:  execute S_1: COMMIT", "12345 LOG:  statement: COPY ..." (log_line_prefix '%p '). */
    private static final Pattern LOGGED = Pattern.compile("^(\\d+) LOG:  (?:statement|execute ([^:]+)): (.*)$");

    private static EmbeddedTarget server;
    private static int tables;

    @BeforeAll
    static void start() {
        // The server logs every statement with its backend's pid, into its run directory (removed on close).
        server = EmbeddedTarget.start(TargetConfig.defaults(), dataDirectory -> {
            try {
                Files.writeString(dataDirectory.resolve("postgresql.conf"),
                        "\nlog_statement = 'all'\nlog_line_prefix = '%p '\n", StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void atTheDefaultThresholdANamedCommitRunsAnotherClientsRollbackAndTheCallReportsItsRows() throws Exception {
        Outcome outcome = copyBesideARollback(PgBouncerSetup.installed(), "5");

        assertThat(outcome.reported()).isEqualTo(CALLS * ROWS);
        assertThat(outcome.held()).as("rows the table holds").isLessThan(outcome.reported());
        assertThat(outcome.ends()).hasSize(CALLS).allSatisfy(end -> assertThat(end.statement()).isEqualTo("S_1"));
        List<End> rolledBack = outcome.ends().stream().filter(end -> end.command().equals("ROLLBACK")).toList();
        assertThat(rolledBack).as("the writer's COMMIT ran as the other client's ROLLBACK").isNotEmpty()
                .allSatisfy(end -> assertThat(end.backend()).isEqualTo(outcome.otherBackend()));
        assertThat(outcome.reported() - outcome.held()).as("lost rows: those of the calls rolled back")
                .isEqualTo((long) rolledBack.size() * ROWS);
    }

    @Test
    void atThresholdZeroEveryCommitIsUnnamedAndNothingIsLost() throws Exception {
        Outcome outcome = copyBesideARollback(PgBouncerSetup.installed(), "0");

        assertThat(outcome.held()).isEqualTo(outcome.reported()).isEqualTo(CALLS * ROWS);
        assertThat(outcome.ends()).hasSize(CALLS).allSatisfy(end -> assertThat(end)
                .isEqualTo(new End(end.backend(), "<unnamed>", "COMMIT")));
    }

    /** 1.25 tracking named statements (its default, 200) keeps each client's names apart: nothing is lost. */
    @Test
    @RequiresPart(Part.PGBOUNCER_125)
    void pgBouncer125TrackingNamedStatementsLosesNothing() throws Exception {
        Outcome outcome = copyBesideARollback(PgBouncerSetup.at(Part.PGBOUNCER_125_HOME).withMaxPreparedStatements(200),
                "5");

        assertThat(outcome.held()).isEqualTo(outcome.reported()).isEqualTo(CALLS * ROWS);
        assertThat(outcome.ends()).hasSize(CALLS).allSatisfy(end -> {
            assertThat(end.command()).isEqualTo("COMMIT");
            assertThat(end.statement()).as("PgBouncer's own name on the server").startsWith("PGBOUNCER_");
        });
        assertThat(outcome.ends().stream().map(End::backend).distinct()).as("both server connections").hasSize(2);
    }

    /** With the tracking off (max_prepared_statements = 0), 1.25 passes names through and loses rows as 1.18 does. */
    @Test
    @RequiresPart(Part.PGBOUNCER_125)
    void pgBouncer125WithoutTrackingLosesRowsAs118Does() throws Exception {
        Outcome outcome = copyBesideARollback(PgBouncerSetup.at(Part.PGBOUNCER_125_HOME).withMaxPreparedStatements(0),
                "5");

        assertThat(outcome.held()).isLessThan(outcome.reported());
        assertThat(outcome.ends()).filteredOn(end -> end.command().equals("ROLLBACK")).isNotEmpty()
                .allSatisfy(end -> assertThat(end).isEqualTo(new End(outcome.otherBackend(), "S_1", "ROLLBACK")));
    }

    /**
     * A writer's {@link #CALLS} COPY calls of {@link #ROWS} rows each (the suite's loader: one transaction per call)
     * through a transaction pool of two server connections, and another client that rolls back one transaction:
     * while that client holds one server connection the writer's first call runs on the other and its COMMIT is
     * prepared there; then the other client's ROLLBACK, its first named statement, is prepared on the first. What the
     * loader reported, what the table holds, and how the server ended each of the writer's transactions.
     */
    private static Outcome copyBesideARollback(PgBouncerSetup setup, String threshold)
            throws SQLException, IOException {
        PlannedTable users;
        try (Connection c = server.dataSource().getConnection()) {
            users = PlannedTable.published(c, new SuiteSchema(server.schema()), "users", PublishedShapes.STANDARD,
                    "users_copy_pool" + ++tables);
        }
        Table table = users.table();
        RowGenerator rows = users.rows(5, 0.1);
        Loader copy = LoadMethod.COPY_TEXT.create();
        Map<String, String> options = Map.of("prepareThreshold", threshold);
        long logStart = Files.size(serverLog());
        long reported = 0;
        int otherBackend;
        try (PooledTarget pooled = PooledTarget.borrow(server, Via.PGBOUNCER_TRANSACTION, setup);
             Connection writer = pooled.dataSource(options).getConnection();
             Connection other = pooled.dataSource(options).getConnection()) {
            other.setAutoCommit(false);
            otherBackend = backend(other);
            reported += copy.load(writer, table, rows.next(ROWS));
            other.rollback();
            other.setAutoCommit(true);
            for (int call = 1; call < CALLS; call++) {
                reported += copy.load(writer, table, rows.next(ROWS));
            }
        }
        long held;
        try (Connection c = server.dataSource().getConnection()) {
            held = table.count(c);
        }
        return new Outcome(reported, held, otherBackend, ends(logStart, table.qualifiedName()));
    }

    private static int backend(Connection c) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT pg_backend_pid()"); ResultSet rs = st.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static Path serverLog() {
        return server.runDirectory().resolve("server.log");
    }

    /** From the server's log after {@code from}: for each COPY into {@code table}, the statement that ended it. */
    private static List<End> ends(long from, String table) throws IOException {
        String log;
        try (var in = Files.newInputStream(serverLog())) {
            in.skipNBytes(from);
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<End> ends = new ArrayList<>();
        Set<Integer> copying = new HashSet<>();
        for (String line : log.lines().toList()) {
            Matcher m = LOGGED.matcher(line);
            if (!m.matches()) {
                continue;
            }
            int backend = Integer.parseInt(m.group(1));
            String text = m.group(3).strip();
            if (text.startsWith("COPY " + table + " ")) {
                copying.add(backend);
            } else if ((text.equals("COMMIT") || text.equals("ROLLBACK")) && copying.remove(backend)) {
                ends.add(new End(backend, m.group(2) == null ? "simple" : m.group(2), text));
            }
        }
        return ends;
    }

    /** How the server ended one COPY's transaction: on which backend, by which statement (its name), doing what. */
    private record End(int backend, String statement, String command) {
    }

    private record Outcome(long reported, long held, int otherBackend, List<End> ends) {
    }
}
