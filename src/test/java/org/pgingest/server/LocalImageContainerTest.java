package org.pgingest.server;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testcontainers.DockerClientFactory;
import org.pgingest.load.AutocommitRowLoader;
import org.pgingest.stats.CostFigure;
import org.pgingest.stats.CounterSnapshot;
import org.pgingest.stats.ServerCostMeter;
import org.pgingest.stats.ServerCosts;
import org.pgingest.stats.SuiteWork;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.table.TrialTable;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Real containers of the image {@code docker/build-image.sh} builds (pg-ingest-bench/postgres:14 and :18; .ci/run
 * builds both). Skipped with the reason only where no Docker engine answers.
 */
class LocalImageContainerTest {
    private static final String LOCAL_IMAGE = "pg-ingest-bench/postgres";

    private static TargetConfig containerConfig(String major) {
        assumeTrue(ContainerTarget.dockerAvailable(), "skipped: no Docker engine answers on this machine");
        return TargetConfig.defaults().withKind(TargetKind.CONTAINER).withPgVersion(major).withImage(LOCAL_IMAGE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"14", "18"})
    void settingsReadBackAndRowsRoundTripThenNothingIsLeft(String major) throws Exception {
        TargetConfig config = containerConfig(major);
        try (PostgresTarget target = PostgresTarget.open(config)) {
            assertThat(target.facts().versionNum() / 10000).isEqualTo(Integer.parseInt(major));
            assertThat(target.facts().durabilityOff()).isEmpty();
            assertThat(target.facts().differences()).isEmpty();
            assertThat(target.facts().image()).isEqualTo("pg-ingest-bench/postgres:" + major);
            assertThat(target.facts().toMap()).containsEntry("image", "pg-ingest-bench/postgres:" + major);
            try (Connection c = target.dataSource().getConnection(); Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT current_setting('fsync'), current_setting('synchronous_commit'),"
                        + " current_setting('full_page_writes'), current_setting('data_directory')")) {
                    rs.next();
                    assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3))).containsExactly("on", "on", "on");
                    // On the container's own filesystem, not a tmpfs: fsyncs are measured.
                    assertThat(rs.getString(4)).isEqualTo("/var/lib/postgresql/data");
                }
                st.execute("CREATE TABLE round_trip(id int PRIMARY KEY, v text)");
                st.execute("INSERT INTO round_trip SELECT g, 'r' || g FROM generate_series(1, 1000) g");
                try (ResultSet rs = st.executeQuery("SELECT count(*), sum(id), count(DISTINCT v) FROM round_trip")) {
                    rs.next();
                    assertThat(List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3))).containsExactly(1000L, 500500L, 1000L);
                }
            }
        }
        assertThat(ownedContainers()).isEmpty();
    }

    /** The container's data directory is a real filesystem: each autocommit row costs one WAL fsync. */
    @ParameterizedTest
    @ValueSource(strings = {"14", "18"})
    void thousandAutocommitInsertsCostAThousandFsyncsAndCommitsInsideAContainer(String major) throws Exception {
        try (PostgresTarget target = PostgresTarget.open(containerConfig(major))) {
            TrialTable users;
            try (Connection c = target.dataSource().getConnection()) {
                users = TrialTable.published(c, new SuiteSchema(target.schema()), "users", PublishedShapes.STANDARD,
                        "users_autocommit");
            }
            Table table = users.table();
            List<Object[]> rows = users.rows(1, 0).next(1000);
            try (ServerCostMeter meter = ServerCostMeter.open(target);
                 Connection worker = target.dataSource().getConnection()) {
                CounterSnapshot start = meter.startWindow(List.of(worker));
                new AutocommitRowLoader().load(worker, table, rows);
                ServerCosts costs = meter.endWindow(start, List.of(worker), SuiteWork.of(1000, 1000));
                assertThat(costs.require(CostFigure.WAL_FSYNCS)).isBetween(1000.0, 1002.0);
                assertThat(costs.require(CostFigure.COMMITS)).isEqualTo(1000.0);
                assertThat(costs.require(CostFigure.TUPLES_INSERTED)).isEqualTo(1000.0);
                assertThat(costs.require(CostFigure.ROLLBACKS)).isZero();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"14"})
    void aMissingImageIsOneLineNamingTheFixes(String major) {
        TargetConfig config = containerConfig(major).withImage("pg-ingest-bench/no-such-image");
        assertThatThrownBy(() -> PostgresTarget.open(config)).isInstanceOf(TargetException.class)
                .hasMessage("Docker answers but has no image pg-ingest-bench/no-such-image:14: run 'docker pull "
                        + "pg-ingest-bench/no-such-image:14', or build one here with 'docker/build-image.sh 14' and add "
                        + "-Dpg.image=pg-ingest-bench/postgres, or use -Dpg.target=embedded");
    }

    private static List<?> ownedContainers() {
        return DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(java.util.Map.of(ContainerTarget.RUN_LABEL, Long.toString(ProcessHandle.current().pid())))
                .exec();
    }
}
