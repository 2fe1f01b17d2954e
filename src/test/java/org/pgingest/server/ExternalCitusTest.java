package org.pgingest.server;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.RequiresPart;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An external target at the coordinator of a real Citus cluster (the citus target's, Citus 13.2.2 on PostgreSQL 15):
 * Citus detected, the workers read from pg_dist_node, the cluster's facts recorded, and a worker that does not answer
 * said in one line, with no per-node costs.
 */
@RequiresPart(Part.CITUS)
class ExternalCitusTest {
    /** Never sent (every node trusts localhost), so never in a message or a fact. */
    private static final String PASSWORD = "s3cret-not-printed";
    private static CitusTarget cluster;

    /** The JVM's shared cluster ({@link SharedCitus}): this class only reads it and makes nothing on it. */
    @BeforeAll
    static void start() {
        cluster = SharedCitus.cluster();
    }

    private static TargetConfig atCoordinator() {
        return TargetConfig.defaults().withExternal(cluster.endpoint().jdbcUrl(), "postgres", Secret.of(PASSWORD));
    }

    @Test
    void theCoordinatorsClusterIsDetectedWithItsWorkersAndFacts() throws SQLException {
        try (PostgresTarget external = PostgresTarget.open(atCoordinator())) {
            Map<String, String> facts = external.facts().cluster();
            try (Connection c = cluster.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT extversion, citus_version() FROM pg_extension WHERE extname = 'citus'")) {
                rs.next();
                assertThat(facts).containsEntry("name", "citus").containsEntry("extensionVersion", rs.getString(1))
                        .containsEntry("nodes", "3").containsEntry("workers", "2");
                assertThat(rs.getString(2)).startsWith("Citus " + facts.get("version") + " ");
            }
            assertThat(external.citusNodes()).isPresent();
            Map<String, Integer> ports = new LinkedHashMap<>();
            external.citusNodes().get().nodes().forEach((name, endpoint) -> ports.put(name, endpoint.port()));
            Map<String, Integer> expected = new LinkedHashMap<>();
            cluster.nodes().forEach((name, endpoint) -> expected.put(name, endpoint.port()));
            assertThat(ports).containsExactlyEntriesOf(expected);
            assertThat(external.citusNodes().get().workerFacts()).containsOnlyKeys("worker1", "worker2");
            // each worker answers on its monitor, where its counters are read
            try (Connection worker = external.citusNodes().get().nodeMonitor("worker2").getConnection();
                 Statement st = worker.createStatement(); ResultSet rs = st.executeQuery("SELECT inet_server_port()")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(expected.get("worker2"));
            }
            assertThat(external.facts().toString() + external.facts().warnings()).doesNotContain(PASSWORD);
        }
    }

    @Test
    void aServerWithoutCitusIsOneServer() {
        TargetConfig monitor = TargetConfig.defaults().withExternal(
                cluster.endpoint().withDatabase(OwnedServer.MONITOR_DATABASE).jdbcUrl(), "postgres", Secret.of(PASSWORD));
        try (PostgresTarget external = PostgresTarget.open(monitor)) {
            assertThat(external.facts().cluster()).isEmpty();
            assertThat(external.citusNodes()).isEmpty();
        }
    }

    /**
     * A worker in pg_dist_node that does not answer: one line says so, the facts hold the coordinator's alone, no
     * per-node costs. Runs on a cluster of its own, whose worker is stopped.
     */
    @Test
    void aWorkerThatCannotBeReachedIsOneLineAndNoPerNodeCosts() {
        CitusTarget broken = CitusTarget.start(TargetConfig.defaults().withKind(TargetKind.CITUS)
                .withSetting("shared_buffers", "128MB"));
        try {
            int port = broken.nodes().get("worker2").port();
            ProcessHandle worker = broken.postmaster("worker2");
            worker.destroyForcibly(); // SIGKILL: the postmaster's children end as they find it gone
            worker.onExit().join();
            TargetConfig config = TargetConfig.defaults().withExternal(broken.endpoint().jdbcUrl(), "postgres",
                    Secret.of(PASSWORD));
            try (PostgresTarget external = PostgresTarget.open(config)) {
                assertThat(external.citusNodes()).isEmpty();
                assertThat(external.facts().cluster()).containsEntry("workers", "2");
                assertThat(external.facts().warnings()).filteredOn(w -> w.startsWith("Citus worker2"))
                        .singleElement().asString().contains("localhost:" + port)
                        .contains("cannot be reached with the coordinator's user and password")
                        .endsWith("costs are the coordinator's alone").doesNotContain(PASSWORD).doesNotContain("\n");
            }
        } finally {
            broken.close();
        }
        assertThat(broken.runDirectories()).allSatisfy(d -> assertThat(d).doesNotExist());
    }
}
