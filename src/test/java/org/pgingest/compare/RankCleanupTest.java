package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
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

/** A rank's end on a user's server: its candidates' schemas go, but never with a user's object that depends on one. */
class RankCleanupTest {
    @Test
    void theCandidatesSchemasGoButAUsersViewOnACopyKeepsItsSchema() throws SQLException {
        try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults())) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                for (String schema : List.of("pgingest_rank1_c0", "pgingest_rank1_c1")) {
                    SuiteSchema s = new SuiteSchema(schema);
                    s.prepare(c);
                    s.recreateTable(c, "users_0", "(id int PRIMARY KEY)", false);
                }
                st.execute("CREATE VIEW public.their_users AS SELECT id FROM pgingest_rank1_c1.users_0");
            }
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            RankMain.dropSchemas(server.dataSource(), List.of("pgingest_rank1_c0", "pgingest_rank1_c1",
                    "pgingest_rank1_c2"), new PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(err.toString(StandardCharsets.UTF_8)).as("one line, for the kept schema only")
                    .startsWith(RankMain.PREFIX + "schema pgingest_rank1_c1 left on the server: ")
                    .contains("their_users").doesNotContain("c0").doesNotContain("c2").hasLineCount(1);
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT string_agg(nspname, ',' ORDER BY nspname) FROM pg_namespace "
                         + "WHERE nspname LIKE 'pgingest_rank1_%'")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("pgingest_rank1_c1");
            }
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT count(*) FROM public.their_users")) {
                rs.next();
                assertThat(rs.getLong(1)).as("the user's view is still there").isZero();
            }
        }
    }
}
