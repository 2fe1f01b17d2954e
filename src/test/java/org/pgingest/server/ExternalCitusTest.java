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

    /**
     * The workers are the user's: each one's durability is recorded as read back, and a worker with fsync off is one
     * warning naming it (not a refusal). worker2's fsync is turned off for the test and back on after it.
     */
    @Test
    void aWorkersDurabilityIsRecordedAndAWorkerWithFsyncOffIsWarnedOf() throws SQLException {
        try {
            setFsyncOnWorker2("off");
            try (PostgresTarget external = PostgresTarget.open(atCoordinator())) {
                assertThat(external.facts().cluster())
                        .containsEntry("worker1.durability", "fsync=on, full_page_writes=on, synchronous_commit=on")
                        .containsEntry("worker2.durability", "fsync=off, full_page_writes=on, synchronous_commit=on");
                assertThat(external.facts().warnings()).contains(
                        "Durability differs from production on Citus worker2: fsync=off");
                assertThat(external.citusNodes()).as("still measured: a setting is not a failure").isPresent();
            }
        } finally {
            setFsyncOnWorker2("on");
        }
        try (PostgresTarget external = PostgresTarget.open(atCoordinator())) {
            assertThat(external.facts().warnings()).noneMatch(w -> w.contains("Durability"));
        }
    }

    private static void setFsyncOnWorker2(String value) throws SQLException {
        java.util.Properties user = new java.util.Properties();
        user.setProperty("user", "postgres");
        try (Connection c = java.sql.DriverManager.getConnection(cluster.nodes().get("worker2").jdbcUrl(), user);
             Statement st = c.createStatement()) {
            st.execute("ALTER SYSTEM SET fsync = " + value);
            st.execute("SELECT pg_reload_conf()");
        }
        // pg_reload_conf() signals the postmaster; new sessions see the value once it has reread the file
        for (int i = 0; i < 100; i++) {
            try (Connection c = java.sql.DriverManager.getConnection(cluster.nodes().get("worker2").jdbcUrl(), user);
                 Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW fsync")) {
                rs.next();
                if (rs.getString(1).equals(value)) {
                    return;
                }
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("worker2's fsync did not become " + value);
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
