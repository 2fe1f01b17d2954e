package org.pgingest.stats;

import org.junit.jupiter.api.Test;
import org.pgingest.load.AutocommitRowLoader;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TestServers;
import org.pgingest.workload.Table;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.definition.PublishedShapes;
import org.pgingest.workload.SuiteSchema;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On an external target the monitor reads from the benchmark database itself (the suite creates no database
 * there); its own transactions must still stay out of the commit count.
 */
class ExternalServerCostsTest {

    @Test
    void theMonitorsOwnTransactionsAreNotCountedAsCommits() throws Exception {
        try (EmbeddedTarget server = TestServers.withPasswordLogins();
             PostgresTarget external = external(server, "suite_costs")) {
            PlannedTable users = users(external);
            try (ServerCostMeter meter = ServerCostMeter.open(external);
                 Connection worker = external.dataSource().getConnection()) {
                CounterSnapshot start = meter.startWindow(List.of(worker));
                new AutocommitRowLoader().load(worker, users.table(), users.rows(1, 0).next(300));
                ServerCosts costs = meter.endWindow(start, List.of(worker));
                assertThat(costs.require(CostFigure.COMMITS)).isEqualTo(300.0);
                assertThat(costs.require(CostFigure.STATEMENTS)).isEqualTo(300.0);
                assertThat(costs.require(CostFigure.WAL_FSYNCS)).isBetween(300.0, 302.0);
                // no superuser: CHECKPOINT is refused, and the window says so
                assertThat(costs.notes()).contains("no checkpoint before the window: this role may not run CHECKPOINT");
            }
        }
    }

    /**
     * Two meters on one database taking turns, as a ranking's candidates do, each fork with its own monitor and
     * worker: what one meter and its worker did after its window (the monitor's reads, the worker's row count) must
     * not surface in the other's window. A backend reports statistics left pending 10 s after it went idle (15+), so the
     * second window stays open that long.
     */
    @Test
    void aMetersWorkAfterItsWindowStaysOutOfTheNextMetersWindow() throws Exception {
        try (EmbeddedTarget server = TestServers.withPasswordLogins();
             PostgresTarget external = external(server, "suite_turns")) {
            PlannedTable users = users(external);
            Table table = users.table();
            var rows = users.rows(1, 0);
            try (ServerCostMeter first = ServerCostMeter.open(external);
                 Connection firstWorker = external.dataSource().getConnection();
                 ServerCostMeter second = ServerCostMeter.open(external);
                 Connection secondWorker = external.dataSource().getConnection()) {
                CounterSnapshot start = first.startWindow(List.of(firstWorker));
                new AutocommitRowLoader().load(firstWorker, table, rows.next(20));
                first.endWindow(start, List.of(firstWorker));
                table.count(firstWorker);
                first.settle(List.of(firstWorker));

                start = second.startWindow(List.of(secondWorker));
                new AutocommitRowLoader().load(secondWorker, table, rows.next(30));
                Thread.sleep(11_000);
                ServerCosts costs = second.endWindow(start, List.of(secondWorker),
                        new SuiteWork(OptionalLong.of(30), OptionalLong.of(30)));
                assertThat(costs.require(CostFigure.COMMITS)).isEqualTo(30.0);
                assertThat(costs.contaminated()).as(costs.notes().toString()).isFalse();
            }
        }
    }

    /**
     * A launcher on an external server holds its schema's lock ({@link SchemaLock}) on a session of the benchmark's
     * role in its database, idle for the whole run: a window's wait for the connections its workers closed must not
     * wait for it (10 s a window, and a note saying statistics may be missing), and its one transaction must not be
     * reported in a window when it ends (15+ reports a session's last commit as it exits).
     */
    @Test
    void theSchemaLocksSessionIsNotAConnectionToWaitFor() throws Exception {
        try (EmbeddedTarget server = TestServers.withPasswordLogins();
             PostgresTarget external = external(server, "suite_locked")) {
            PlannedTable users = users(external);
            TargetConfig config = TestServers.externalConfig(server, TestServers.APP_PASSWORD).withSchema("suite_locked");
            try (SchemaLock held = SchemaLock.take(config); ServerCostMeter meter = ServerCostMeter.open(external);
                 Connection worker = external.dataSource().getConnection()) {
                var rows = users.rows(1, 0);
                CounterSnapshot start = meter.startWindow(List.of(worker));
                new AutocommitRowLoader().load(worker, users.table(), rows.next(10));
                meter.awaitClosedConnections(List.of(worker));
                ServerCosts first = meter.endWindow(start, List.of(worker));
                assertThat(first.notes()).noneMatch(note -> note.contains("still on the server"));

                // A ranking's candidate that stops lets go of its schema while the others measure.
                start = meter.startWindow(List.of(worker));
                held.close();
                awaitGone(server, SchemaLock.APPLICATION_NAME);
                new AutocommitRowLoader().load(worker, users.table(), rows.next(10));
                ServerCosts second = meter.endWindow(start, List.of(worker));
                assertThat(second.require(CostFigure.COMMITS)).as("the lock's own transaction is not the loader's")
                        .isEqualTo(10.0);
            }
        }
    }

    /** Waits until no session named {@code applicationName} is left, asking from the server's other database. */
    private static void awaitGone(EmbeddedTarget server, String applicationName) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        try (Connection c = server.monitorDataSource().getConnection();
             var ps = c.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE application_name = ?")) {
            ps.setString(1, applicationName);
            while (true) {
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) == 0) {
                        return;
                    }
                }
                assertThat(System.nanoTime()).as(applicationName + " still connected after 10 s").isLessThan(deadline);
                Thread.sleep(20);
            }
        }
    }

    /**
     * The embedded server as an external target of the application's role (no superuser), in {@code schema}:
     * pg_stat_statements installed and the role allowed to read every session's statistics first.
     */
    private static PostgresTarget external(EmbeddedTarget server, String schema) throws SQLException {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements SCHEMA public");
            st.execute("GRANT pg_read_all_stats TO " + TestServers.APP_USER);
        }
        return PostgresTarget.open(TestServers.externalConfig(server, TestServers.APP_PASSWORD).withSchema(schema));
    }

    /** The published users table, made in the target's schema. */
    private static PlannedTable users(PostgresTarget external) throws SQLException {
        try (Connection c = external.dataSource().getConnection()) {
            return PlannedTable.published(c, new SuiteSchema(external.schema()), "users", PublishedShapes.STANDARD, "users");
        }
    }
}
