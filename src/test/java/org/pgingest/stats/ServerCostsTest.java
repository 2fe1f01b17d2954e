package org.pgingest.stats;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.load.AutocommitRowLoader;
import org.pgingest.load.CopyFormat;
import org.pgingest.load.CopyLoader;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TestServers;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Exact server costs on real servers of every major this run tests (pg.test.majors). */
class ServerCostsTest {
    private static final Map<String, EmbeddedTarget> SERVERS = new ConcurrentHashMap<>();

    static List<String> majors() {
        return TestServers.majors();
    }

    private static EmbeddedTarget server(String major) {
        return SERVERS.computeIfAbsent(major, m -> EmbeddedTarget.start(TargetConfig.defaults().withPgVersion(m)));
    }

    @AfterAll
    static void stopServers() {
        SERVERS.values().forEach(EmbeddedTarget::close);
    }

    /** The tables made here and how their rows are made, by name. */
    private static final Map<String, PlannedTable> TABLES = new ConcurrentHashMap<>();

    private static Table usersTable(EmbeddedTarget server, String name) throws Exception {
        return table(server, "users", name);
    }

    private static Table table(EmbeddedTarget server, String shape, String name) throws Exception {
        try (Connection c = server.dataSource().getConnection()) {
            PlannedTable t = PlannedTable.published(c, new SuiteSchema(server.schema()), shape, PublishedShapes.STANDARD, name);
            TABLES.put(name, t);
            return t.table();
        }
    }

    /** Rows for a table made here; each seed numbers its rows from seed x 1,000,000, so seeds never share keys. */
    private static RowGenerator rows(Table table, long seed, double hostileShare) {
        return TABLES.get(table.name()).rows(seed, hostileShare, seed * 1_000_000L, 1);
    }

    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void thousandAutocommitInsertsCostAThousandFsyncsAndCommits(String major) throws Exception {
        EmbeddedTarget server = server(major);
        Table table = usersTable(server, "users_autocommit");
        List<Object[]> rows = rows(table, 1, 0).next(1000);
        try (ServerCostMeter meter = ServerCostMeter.open(server);
             Connection worker = server.dataSource().getConnection()) {
            CounterSnapshot start = meter.startWindow(List.of(worker));
            new AutocommitRowLoader().load(worker, table, rows);
            ServerCosts costs = meter.endWindow(start, List.of(worker), SuiteWork.of(1000, 1000));
            System.out.println("PG " + major + " 1000 autocommit INSERTs: " + costs + " " + costs.notes());

            assertThat(costs.require(CostFigure.WAL_FSYNCS)).isBetween(1000.0, 1002.0);
            assertThat(costs.require(CostFigure.COMMITS)).isEqualTo(1000.0);
            assertThat(costs.require(CostFigure.TUPLES_INSERTED)).isEqualTo(1000.0);
            assertThat(costs.require(CostFigure.ROLLBACKS)).isZero();
            assertThat(costs.require(CostFigure.WAL_RECORDS)).isGreaterThanOrEqualTo(3000.0);
            assertThat(costs.require(CostFigure.STATEMENTS)).isEqualTo(1000.0);
            assertThat(costs.require(CostFigure.CHECKPOINTS)).isZero();
            assertThat(costs.require(CostFigure.SERVER_CPU)).isPositive();
            assertThat(costs.require(CostFigure.WAL_FSYNC_TIME)).isPositive();
            assertThat(costs.contaminated()).as(costs.notes().toString()).isFalse();
            if (Integer.parseInt(major) >= 16) {
                assertThat(costs.get(CostFigure.DATA_FSYNCS)).isPresent();
            } else {
                assertThat(costs.missingReason(CostFigure.DATA_FSYNCS)).contains("pg_stat_io");
            }
        }
    }

    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void oneCopyOfAHundredThousandRowsCostsAHandfulOfFsyncsNotOnePerRow(String major) throws Exception {
        EmbeddedTarget server = server(major);
        Table table = usersTable(server, "users_copy");
        List<Object[]> rows = rows(table, 2, 0).next(100_000);
        try (ServerCostMeter meter = ServerCostMeter.open(server);
             Connection worker = server.dataSource().getConnection()) {
            CounterSnapshot start = meter.startWindow(List.of(worker));
            new CopyLoader(CopyFormat.BINARY).load(worker, table, rows);
            ServerCosts costs = meter.endWindow(start, List.of(worker), SuiteWork.of(1, rows.size()));
            double walPerRow = costs.require(CostFigure.WAL_BYTES) / rows.size();
            System.out.println("PG " + major + " COPY 100k users: " + costs + " WAL/row=" + walPerRow);

            // One fsync for the commit, one or two per 16 MB WAL segment, and the walwriter's background flushes
            // (14.20 gave 4, 18.6 gave 5). The walwriter flushes at most once per wal_writer_delay (200 ms), so the
            // bound below, a hundred times fewer than one per row, would take a COPY of over three minutes to reach:
            // it does not depend on how long this one took.
            assertThat(costs.require(CostFigure.WAL_FSYNCS)).isBetween(1.0, rows.size() / 100.0);
            assertThat(costs.require(CostFigure.COMMITS)).isEqualTo(1.0);
            // A users row: the heap tuple in multi-insert records (~100 B) plus one btree insert record for each
            // of the pk and email indexes (~70-80 B each). Measured: 262 B on 14.20 and 18.6.
            assertThat(walPerRow).isBetween(150.0, 400.0);
            assertThat(costs.contaminated()).as(costs.notes().toString()).isFalse();
        }
    }

    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void planningTimeOfARepeatedMultiRowValuesStatementIsCounted(String major) throws Exception {
        EmbeddedTarget server = server(major);
        Table table = table(server, "sensors", "sensors_plans");
        String sql = "INSERT INTO " + table.qualifiedName() + " (sensorid, ts, value) VALUES "
                + "(?, now(), ?), (?, now(), ?), (?, now(), ?), (?, now(), ?), (?, now(), ?)";
        try (ServerCostMeter meter = ServerCostMeter.open(server);
             Connection worker = server.dataSource(Map.of("prepareThreshold", "0")).getConnection()) {
            CounterSnapshot start = meter.startWindow(List.of(worker));
            try (PreparedStatement ps = worker.prepareStatement(sql)) {
                for (int i = 0; i < 1000; i++) {
                    for (int p = 1; p <= 10; p += 2) {
                        ps.setString(p, "s" + i);
                        ps.setDouble(p + 1, i);
                    }
                    ps.executeUpdate();
                }
            }
            ServerCosts costs = meter.endWindow(start, List.of(worker));
            System.out.println("PG " + major + " 1000 x VALUES(5 rows): " + costs);
            assertThat(costs.require(CostFigure.STATEMENTS)).isEqualTo(1000.0);
            // prepareThreshold=0: never server-prepared, so every execution is planned
            assertThat(costs.require(CostFigure.PLANS)).isEqualTo(1000.0);
            assertThat(costs.require(CostFigure.PLAN_TIME)).isPositive();
            assertThat(costs.require(CostFigure.EXEC_TIME)).isPositive();
        }
    }

    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void anotherWriterInTheWindowFlagsIt(String major) throws Exception {
        EmbeddedTarget server = server(major);
        Table table = usersTable(server, "users_contaminated");
        try (ServerCostMeter meter = ServerCostMeter.open(server);
             Connection worker = server.dataSource().getConnection();
             Connection intruder = server.dataSource().getConnection()) {
            CounterSnapshot start = meter.startWindow(List.of(worker));
            new CopyLoader(CopyFormat.BINARY).load(worker, table, rows(table, 3, 0).next(100));
            // The intruder's WAL moves the insert LSN at once, but a backend reports its statistics only at
            // the end of a transaction: with its transaction still open, the window cannot account for it.
            intruder.setAutoCommit(false);
            new CopyLoader(CopyFormat.BINARY).load(intruder, table, rows(table, 4, 0).next(5000));
            ServerCosts costs = meter.endWindow(start, List.of(worker));
            intruder.rollback();
            System.out.println("PG " + major + " contaminated: " + costs + " " + costs.notes());
            assertThat(costs.contaminated()).isTrue();
            assertThat(costs.notes()).anySatisfy(n -> assertThat(n).startsWith("contaminated (unflushed WAL): the insert LSN moved"));
            assertThat(costs.notes()).anySatisfy(n -> assertThat(n).startsWith("contaminated (other sessions): 1 other client backend was active")
                    .contains("idle in transaction"));
        }
    }

    /**
     * The case the LSN check missed: another client commits one-row transactions (50 a second) beside the
     * measured loader, and its statistics are flushed like everyone's. What the suite knows it did gives it away.
     */
    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void aConcurrentWriterCommittingSmallTransactionsFlagsTheWindow(String major) throws Exception {
        EmbeddedTarget server = server(major);
        Table table = usersTable(server, "users_shared_window");
        Table foreign = usersTable(server, "users_foreign_writer");
        RowGenerator rows = rows(table, 6, 0);
        try (ServerCostMeter meter = ServerCostMeter.open(server);
             Connection worker = server.dataSource().getConnection();
             Connection intruder = server.dataSource().getConnection()) {
            CounterSnapshot start = meter.startWindow(List.of(worker));
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger foreignCommits = new AtomicInteger();
            // A task, not a bare thread: a failure of the writer fails the test at get() (a thread's exception would
            // only be printed, and the test pass on the commits made before it).
            FutureTask<Void> writer = new FutureTask<>(() -> {
                RowGenerator foreignRows = rows(foreign, 7, 0);
                while (!stop.get()) {
                    new AutocommitRowLoader().load(intruder, foreign, foreignRows.next(1));
                    foreignCommits.incrementAndGet();
                    Thread.sleep(20);
                }
                return null;
            });
            new Thread(writer, "foreign-writer").start();
            int calls = 0;
            // Past one second of writing: a backend flushes its statistics at a transaction's end at most once a second.
            long until = System.nanoTime() + 1_500_000_000L;
            while (System.nanoTime() < until) {
                new CopyLoader(CopyFormat.BINARY).load(worker, table, rows.next(100));
                calls++;
            }
            stop.set(true);
            writer.get();
            ServerCosts costs = meter.endWindow(start, List.of(worker), SuiteWork.of(calls, calls * 100L));
            System.out.println("PG " + major + " shared window, " + foreignCommits + " foreign commits: " + costs + " " + costs.notes());

            assertThat(foreignCommits.get()).isPositive();
            assertThat(costs.contaminated()).isTrue();
            assertThat(costs.notes()).anySatisfy(n -> assertThat(n).startsWith("contaminated (commits): the database committed"));
            assertThat(costs.notes()).anySatisfy(n -> assertThat(n).startsWith("contaminated (rows inserted): the database inserted"));
            assertThat(costs.notes()).anySatisfy(n -> assertThat(n).startsWith("contaminated (other sessions): 1 other client backend was active"));
            if (Integer.parseInt(major) >= 18) {
                assertThat(costs.notes()).anySatisfy(n -> assertThat(n).startsWith("contaminated (WAL of other backends)"));
            }
        }
    }

    /** Several clean windows in a row, with an idle foreign connection open throughout: none is flagged. */
    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void cleanWindowsBesideAnIdleConnectionStayUnflagged(String major) throws Exception {
        EmbeddedTarget server = server(major);
        Table table = usersTable(server, "users_clean");
        RowGenerator rows = rows(table, 8, 0.1);
        try (ServerCostMeter meter = ServerCostMeter.open(server);
             Connection worker = server.dataSource().getConnection();
             Connection idle = server.dataSource().getConnection()) {
            for (int window = 0; window < 3; window++) {
                CounterSnapshot start = meter.startWindow(List.of(worker));
                for (int call = 0; call < 5; call++) {
                    new CopyLoader(CopyFormat.BINARY).load(worker, table, rows.next(500));
                }
                ServerCosts costs = meter.endWindow(start, List.of(worker), SuiteWork.of(5, 2500));
                assertThat(costs.contaminated()).as("window " + window + ": " + costs.notes()).isFalse();
                assertThat(costs.require(CostFigure.COMMITS)).isEqualTo(5.0);
                assertThat(costs.require(CostFigure.TUPLES_INSERTED)).isEqualTo(2500.0);
            }
        }
    }

    /** Servers started with a setting changed, once per major. */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class WithSettingsChanged {

        @ParameterizedTest(name = "PostgreSQL {0}")
        @MethodSource("org.pgingest.stats.ServerCostsTest#majors")
        void withFsyncOffTheFsyncCountIsZeroAndTheResultSaysSo(String major) throws Exception {
            try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults().withPgVersion(major)
                    .withSetting("fsync", "off"))) {
                Table table = usersTable(server, "users_nofsync");
                try (ServerCostMeter meter = ServerCostMeter.open(server);
                     Connection worker = server.dataSource().getConnection()) {
                    CounterSnapshot start = meter.startWindow(List.of(worker));
                    new AutocommitRowLoader().load(worker, table, rows(table, 5, 0).next(200));
                    ServerCosts costs = meter.endWindow(start, List.of(worker));
                    assertThat(costs.require(CostFigure.WAL_FSYNCS)).isZero();
                    assertThat(costs.require(CostFigure.COMMITS)).isBetween(200.0, 203.0);
                }
                assertThat(server.facts().fsyncOff()).isTrue();
                assertThat(server.facts().warnings()).anySatisfy(w -> assertThat(w).startsWith("FSYNC IS OFF"));
            }
        }

        @Test
        void withoutPgStatStatementsPlanningAndExecutionAreMissingWithTheReason() throws Exception {
            try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults()
                    .withSetting("shared_preload_libraries", "auto_explain"));
                 ServerCostMeter meter = ServerCostMeter.open(server);
                 Connection worker = server.dataSource().getConnection()) {
                CounterSnapshot start = meter.startWindow(List.of(worker));
                ServerCosts costs = meter.endWindow(start, List.of(worker));
                for (CostFigure f : List.of(CostFigure.PLANS, CostFigure.PLAN_TIME, CostFigure.EXEC_TIME, CostFigure.STATEMENTS)) {
                    assertThat(costs.get(f)).as(f.key()).isEmpty();
                    assertThat(costs.missingReason(f)).contains("pg_stat_statements");
                }
                assertThat(costs.get(CostFigure.WAL_FSYNCS)).isPresent();
            }
        }

        @Test
        void withTrackPlanningOffPlanningIsMissingButExecutionIsRead() throws Exception {
            try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults()
                    .withSetting("pg_stat_statements.track_planning", "off"));
                 ServerCostMeter meter = ServerCostMeter.open(server);
                 Connection worker = server.dataSource().getConnection()) {
                CounterSnapshot start = meter.startWindow(List.of(worker));
                try (Statement st = worker.createStatement()) {
                    st.execute("SELECT 1");
                }
                ServerCosts costs = meter.endWindow(start, List.of(worker));
                assertThat(costs.missingReason(CostFigure.PLAN_TIME)).isEqualTo("pg_stat_statements.track_planning is off on this server");
                assertThat(costs.require(CostFigure.STATEMENTS)).isEqualTo(1.0);
            }
        }
    }
}
