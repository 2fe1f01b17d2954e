package org.pgingest.writers;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.stats.CostFigure;
import org.pgingest.stats.CounterSnapshot;
import org.pgingest.stats.ServerCostMeter;
import org.pgingest.stats.ServerCosts;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Concurrent writers and their one shared cost window, on a real embedded server (fsync on). */
class WritersTest {
    private static final int WRITERS = 4;
    private static final int ROWS_PER_WRITER = 50;
    private static EmbeddedTarget server;

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** WAL fsyncs of the whole server so far, read on a connection of its own (14-17: pg_stat_wal). */
    private static long serverWalFsyncs() throws Exception {
        String query = server.facts().major() >= 18
                ? "SELECT sum(fsyncs)::bigint FROM pg_stat_io WHERE object = 'wal'"
                : "SELECT wal_sync FROM pg_stat_wal";
        try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("SELECT pg_stat_clear_snapshot()");
            try (ResultSet rs = st.executeQuery(query)) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(ConnectionMode.class)
    void theSharedWindowCountsEveryWritersWorkAndTheServersFsyncs(ConnectionMode mode) throws Exception {
        Loader loader = LoadMethod.AUTOCOMMIT_ROW.create();
        PlannedTable users;
        try (Connection c = server.dataSource().getConnection()) {
            users = PlannedTable.published(c, new SuiteSchema(server.schema()), "users", PublishedShapes.STANDARD,
                    "users_writers_" + mode.name().toLowerCase());
        }
        Table table = users.table();
        List<List<Object[]>> batches = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            batches.add(users.rows(5, 0.1, w, WRITERS).next(ROWS_PER_WRITER));
        }
        try (Writers writers = Writers.open(server, loader, WRITERS, mode);
             ServerCostMeter meter = ServerCostMeter.open(server)) {
            // Readings outside the window's edges bracket it: the counter only grows, so the window can count no more
            // than they do, whatever the server flushed on its own meanwhile (the walwriter, the bgwriter's
            // running-transactions record every 15 s).
            long fsyncsBefore = serverWalFsyncs();
            CounterSnapshot start = writers.startWindow(meter);
            assertThat(writers.loadAll(loader, table, batches)).isEqualTo(WRITERS * ROWS_PER_WRITER);
            ServerCosts costs = writers.endWindow(meter, start);
            long serverFsyncs = serverWalFsyncs() - fsyncsBefore;

            assertThat(costs.get(CostFigure.WAL_FSYNCS).orElseThrow()).isBetween(1.0, (double) serverFsyncs);
            // every row is a commit of its own; concurrent commits may share one WAL flush (group commit)
            if (mode == ConnectionMode.POOLED) {
                // An autovacuum worker's own transactions in the database may fall into the window; the writers'
                // are every one of the rows'.
                assertThat(costs.get(CostFigure.COMMITS).orElseThrow()).isBetween((double) WRITERS * ROWS_PER_WRITER,
                        WRITERS * ROWS_PER_WRITER + 10.0);
            } else {
                // and each new connection's own setup queries (pgjdbc's and the type lookups) commit too
                assertThat(costs.get(CostFigure.COMMITS).orElseThrow()).isGreaterThan(WRITERS * ROWS_PER_WRITER);
            }
            assertThat(serverFsyncs).isBetween(1L, (long) WRITERS * ROWS_PER_WRITER + 2);
            assertThat(costs.contaminated()).as(costs.notes().toString()).isFalse();
            try (Connection c = server.dataSource().getConnection()) {
                assertThat(table.count(c)).isEqualTo(WRITERS * ROWS_PER_WRITER);
            }
        }
    }
}
