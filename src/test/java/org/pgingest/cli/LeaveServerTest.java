package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TestServers;
import org.pgingest.workload.SuiteSchema;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The end of a run on a user's server: its schema goes, but never with a user's object that depends on it. */
class LeaveServerTest {

    @Test
    void aUsersViewOnACopyKeepsTheSchemaAndTheView() throws SQLException {
        try (EmbeddedTarget server = TestServers.withPasswordLogins()) {
            TargetConfig config = TestServers.externalConfig(server, TestServers.APP_PASSWORD).withSchema("left_check");
            try (PostgresTarget target = PostgresTarget.open(config); Connection c = target.dataSource().getConnection()) {
                new SuiteSchema("left_check").recreateTable(c, "orders", "(id int primary key)", false);
            }
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE VIEW public.their_orders AS SELECT id FROM left_check.orders");
            }
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream stderr = System.err;
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int status;
            try {
                status = TableRun.leaveServer(config, TableOptions.take(List.of("--table", "orders")), 3);
            } finally {
                System.setErr(stderr);
            }
            assertThat(status).isEqualTo(3);
            assertThat(err.toString(StandardCharsets.UTF_8)).as("the line among the target's log lines")
                    .contains("pg-ingest-bench: schema left_check left on the server: table left_check.orders was not "
                            + "dropped: objects the suite did not create depend on it (")
                    .contains("their_orders");
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT count(*) FROM public.their_orders")) {
                rs.next();
                assertThat(rs.getLong(1)).isZero();
            }
        }
    }
}
