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
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A ranking killed on an external server (kill -9 of its JVM) leaves its candidates' schemas there (an adversarial
 * pass, 2026-12-02); the next ranking in the same suite schema, which holds it as the killed one did, drops them and
 * says so. Nothing else is touched: a schema not the suite's, one of another suite schema's rankings, one whose name
 * only a LIKE wildcard would match.
 */
class RankLeftoversTest {
    @Test
    void aStoppedRankingsSchemasAreDroppedByTheNextAndNothingElse() throws Exception {
        try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults())) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                for (String name : List.of("pgingest_rank4242_c0", "pgingest_rank4242_c1", "pgingestxrank1_c0",
                        "other_rank1_c0")) {
                    SuiteSchema schema = new SuiteSchema(name);
                    schema.prepare(c);
                    schema.recreateTable(c, "orders_0", "(id bigint PRIMARY KEY)", false);
                }
                st.execute("CREATE SCHEMA pgingest_rank77_c0");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            RankMain.dropLeftSchemas(server.dataSource(), "pgingest", new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("pg-ingest-bench rank: dropped "
                    + "pgingest_rank4242_c0, pgingest_rank4242_c1, left on the server by a ranking stopped before its end\n");
            assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
            List<String> schemas = new ArrayList<>();
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT nspname FROM pg_namespace WHERE nspname LIKE '%rank%' ORDER BY 1")) {
                while (rs.next()) {
                    schemas.add(rs.getString(1));
                }
            }
            assertThat(schemas).containsExactly("other_rank1_c0", "pgingest_rank77_c0", "pgingestxrank1_c0");
        }
    }
}
