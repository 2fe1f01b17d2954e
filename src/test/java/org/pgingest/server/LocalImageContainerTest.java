package org.pgingest.server;

import org.junit.jupiter.params.ParameterizedTest;
import org.pgingest.LocalImages;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
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
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Real containers of the images {@link LocalImages} finds or gets (pg-ingest-bench/postgres:14 and :18, which
 * docker/build-image.sh builds and .ci/run builds first; else the official postgres images pulled).
 */
@RequiresPart(Part.DOCKER)
class LocalImageContainerTest {

    private static TargetConfig containerConfig(String major) {
        return TargetConfig.defaults().withKind(TargetKind.CONTAINER).withPgVersion(major)
                .withImage(LocalImages.image(Integer.parseInt(major)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"14", "18"})
    @RequiresPart(Part.LOCAL_IMAGES)
    void settingsReadBackAndRowsRoundTripThenNothingIsLeft(String major) throws Exception {
        TargetConfig config = containerConfig(major);
        String image = LocalImages.image(Integer.parseInt(major));
        try (PostgresTarget target = PostgresTarget.open(config)) {
            assertThat(target.facts().versionNum() / 10000).isEqualTo(Integer.parseInt(major));
            assertThat(target.facts().durabilityOff()).isEmpty();
            assertThat(target.facts().differences()).isEmpty();
            assertThat(target.facts().image()).isEqualTo(image);
            assertThat(target.facts().toMap()).containsEntry("image", image);
            try (Connection c = target.dataSource().getConnection(); Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT current_setting('fsync'), current_setting('synchronous_commit'),"
                        + " current_setting('full_page_writes'), current_setting('data_directory')")) {
                    rs.next();
                    assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3))).containsExactly("on", "on", "on");
                    // The image's own PGDATA, on the container's filesystem, not a tmpfs: fsyncs are measured.
                    assertThat(rs.getString(4)).isEqualTo(pgdataOf(image));
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
    @RequiresPart(Part.LOCAL_IMAGES)
    void thousandAutocommitInsertsCostAThousandFsyncsAndCommitsInsideAContainer(String major) throws Exception {
        try (PostgresTarget target = PostgresTarget.open(containerConfig(major))) {
            PlannedTable users;
            try (Connection c = target.dataSource().getConnection()) {
                users = PlannedTable.published(c, new SuiteSchema(target.schema()), "users", PublishedShapes.STANDARD,
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
        TargetConfig config = TargetConfig.defaults().withKind(TargetKind.CONTAINER).withPgVersion(major)
                .withImage("pg-ingest-bench/no-such-image");
        assertThatThrownBy(() -> PostgresTarget.open(config)).isInstanceOf(TargetException.class)
                .hasMessage("Docker answers but has no image pg-ingest-bench/no-such-image:14: run 'docker pull "
                        + "pg-ingest-bench/no-such-image:14', or build one here with 'docker/build-image.sh 14' and add "
                        + "-Dpg.image=pg-ingest-bench/postgres, or use -Dpg.target=embedded");
    }

    /** PGDATA as the image declares it (the official 18 image moved it below /var/lib/postgresql/18). */
    private static String pgdataOf(String image) {
        return List.of(DockerClientFactory.instance().client().inspectImageCmd(image).exec().getConfig().getEnv()).stream()
                .filter(e -> e.startsWith("PGDATA=")).map(e -> e.substring("PGDATA=".length())).findFirst().orElseThrow();
    }

    private static List<?> ownedContainers() {
        return DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(java.util.Map.of(ContainerTarget.RUN_LABEL, Long.toString(ProcessHandle.current().pid())))
                .exec();
    }
}
