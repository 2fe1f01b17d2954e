package org.pgingest.compare;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ProcessTrees;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TestServers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A ranking on an external server stopped mid-run (Ctrl-C, SIGTERM) drops its candidates' schemas and says where the
 * suite's own schema stays, as a ranking that ends does (an adversarial pass, 2026-12-03, saw them left unnamed).
 */
class RankExternalEndTest {
    private static EmbeddedTarget server;

    @TempDir
    Path dir;

    @BeforeAll
    static void startServer() throws SQLException {
        server = TestServers.withPasswordLogins();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Test
    void aRankingStoppedMidRunDropsItsCandidatesSchemasAndSaysWhereTheSuitesStays() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), RankMain.class.getName(),
                "-Dpg.target=external", "-Dpg.url=" + server.endpoint().jdbcUrl(), "-Dpg.user=" + TestServers.APP_USER,
                "-Dpg.schema=stopped_rank", "-p", "method=COPY_BINARY,BATCH", "--slice", "200ms", "--warmup", "400ms",
                "--rounds-per-fork", "2", "--budget", "5m", "--no-report"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
        builder.environment().put("PGIB_PASSWORD", TestServers.APP_PASSWORD);
        Process ranking = builder.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (tablesInCandidateSchemas() < 2 && ranking.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(tablesInCandidateSchemas()).as(Files.readString(dir.resolve("out.txt")))
                    .as("both candidates measuring").isGreaterThanOrEqualTo(2);
            ranking.destroy();
            assertThat(ranking.waitFor(2, TimeUnit.MINUTES)).isTrue();
        } finally {
            ProcessTrees.stop(ranking);
        }
        String output = Files.readString(dir.resolve("out.txt"));
        assertThat(candidateSchemas()).as(output).isZero();
        assertThat(output).contains("pg-ingest-bench: schema stopped_rank kept on the server");
    }

    private static long tablesInCandidateSchemas() throws SQLException {
        return count("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                + "WHERE n.nspname LIKE 'stopped\\_rank\\_rank%' AND c.relkind = 'r'");
    }

    private static long candidateSchemas() throws SQLException {
        return count("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'stopped\\_rank\\_rank%'");
    }

    private static long count(String sql) throws SQLException {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
