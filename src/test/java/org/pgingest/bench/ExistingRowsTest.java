package org.pgingest.bench;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.pgingest.load.LoadMethod;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Rows;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A table that holds rows before the measured ones: filled once, and back to exactly those rows and that heap size
 * after every round of measured inserts, on a real server, with every index of the ladder.
 */
class ExistingRowsTest {
    private static final long SEED = 5;
    private static EmbeddedTarget server;

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theTableGoesBackToItsExistingRowsAfterEveryRound() throws Exception {
        ExistingRows existing = new ExistingRows(3_000);
        try (Connection c = server.dataSource().getConnection()) {
            PlannedTable users = PlannedTable.published(c, new SuiteSchema(server.schema()), "users", "PK_UNIQUE_BTREE_GIN",
                    "users_existing");
            Table table = users.table();
            // The fill takes the generator's first rows; the measured rows are the ones after them.
            RowGenerator rows = users.rows(SEED, 0.2);
            existing.fill(c, table, rows);
            var filled = Rows.canonicalSorted(Rows.readAll(c, table));
            assertThat(filled).hasSize(3_000);
            long heapPages = heapPages(c, table);
            RowGenerator measured = rows;
            for (int round = 0; round < 3; round++) {
                existing.reset(c, table);
                assertThat(Rows.canonicalSorted(Rows.readAll(c, table))).containsExactlyElementsOf(filled);
                assertThat(heapPages(c, table)).isEqualTo(heapPages);
                // the measured rows' keys never meet the existing ones': every insert succeeds beside them
                assertThat(LoadMethod.COPY_BINARY.create().load(c, table, measured.next(2_000))).isEqualTo(2_000);
                assertThat(table.count(c)).isEqualTo(5_000);
            }
            existing.reset(c, table);
            assertThat(Rows.canonicalSorted(Rows.readAll(c, table))).containsExactlyElementsOf(filled);
        }
    }

    @Test
    void withoutExistingRowsAResetEmptiesTheTable() throws Exception {
        ExistingRows none = new ExistingRows(0);
        try (Connection c = server.dataSource().getConnection()) {
            PlannedTable sensors = PlannedTable.published(c, new SuiteSchema(server.schema()), "sensors",
                    PublishedShapes.STANDARD, "sensors_existing");
            Table table = sensors.table();
            none.fill(c, table, sensors.rows(SEED, 0));
            assertThat(table.count(c)).isZero();
            LoadMethod.COPY_BINARY.create().load(c, table, sensors.rows(SEED, 0).next(10));
            none.reset(c, table);
            assertThat(table.count(c)).isZero();
        }
    }

    /** IngestBenchmark checks the table against the existing rows plus the measured ones, and counts only the latter. */
    @Test
    void theBenchmarkCountsOnlyTheMeasuredRows() throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                .include("org\\.pgingest\\.bench\\.IngestBenchmark\\.")
                .param("method", "BATCH")
                .param("rows", "200")
                .param("existingRows", "5000")
                .param("indexes", "PK_UNIQUE_BTREE")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(2)
                .measurementTime(TimeValue.milliseconds(300))
                .addProfiler(ServerCostProfiler.class)
                .build()).run();
        var metrics = results.iterator().next().getSecondaryResults();
        assertThat(metrics.get("commits/op").getScore()).isEqualTo(1);
        assertThat(metrics.get("contaminated").getScore()).isZero();
        assertThat(metrics.get("rows").getScore()).isPositive();
    }

    private static long heapPages(Connection c, Table table) throws SQLException {
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT pg_relation_size('" + table.qualifiedName() + "') / 8192")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
