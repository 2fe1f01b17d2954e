package org.pgingest.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The round-trip delay on connections to a real embedded server: the time it adds, and the round trips it counts. */
class RoundTripDelayTest {
    private static EmbeddedTarget server;
    private static final AtomicInteger TABLES = new AtomicInteger();

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Connection connect(RoundTripDelay delay, Loader loader) throws SQLException {
        java.util.Map<String, String> options = new java.util.HashMap<>(loader.driverOptions());
        options.putAll(delay.driverOptions());
        return server.dataSource(options).getConnection();
    }

    /** Round trips one call of {@code method} costs, after the table was created. */
    private static long roundTripsOfOneCall(LoadMethod method, int rows) throws Exception {
        // one statement or executeBatch for all rows where the method has such a knob
        Loader loader = method.create(new LoadMethod.Knobs(method == LoadMethod.BATCH ? rows : 0, 0));
        try (RoundTripDelay delay = RoundTripDelay.open(0); Connection c = connect(delay, loader)) {
            int n = TABLES.incrementAndGet();
            PlannedTable users = PlannedTable.published(c, new SuiteSchema(server.schema()), "users", PublishedShapes.STANDARD,
                    "users_rt" + n);
            Table table = users.table();
            var batch = users.rows(11, 0.1, n * 1_000_000L, 1).next(rows);
            long before = delay.roundTrips();
            assertThat(loader.load(c, table, batch)).isEqualTo(rows);
            long used = delay.roundTrips() - before;
            assertThat(table.count(c)).isEqualTo(rows);
            return used;
        }
    }

    /** A reply is never handed over before it is due: each round trip takes at least the delay, on any machine. */
    @Test
    void everyRoundTripTakesAtLeastTheDelay() throws Exception {
        try (DelayedTarget delayed = DelayedTarget.borrow(server, 2);
             Connection c = delayed.dataSource().getConnection();
             var st = c.prepareStatement("SELECT 1")) {
            long before = delayed.delay().roundTrips();
            for (int i = 0; i < 20; i++) {
                long start = System.nanoTime();
                try (var rs = st.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
                assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(2_000_000L);
            }
            assertThat(delayed.delay().roundTrips() - before).isEqualTo(20);
            RoundTripCheck check = RoundTripCheck.measure(delayed);
            assertThat(check.delayedMs()).isGreaterThanOrEqualTo(2);
            assertThat(check.toMap()).containsEntry("rttAskedMs", 2.0).containsKeys("rttMeasuredMs", "roundTripDirectMs");
        }
    }

    @Test
    void theWaitNeverEndsEarly() {
        for (long micros : new long[] {0, 50, 199, 200, 201, 700, 1500}) {
            long deadline = System.nanoTime() + micros * 1000;
            RoundTripDelay.waitUntil(deadline);
            assertThat(System.nanoTime()).isGreaterThanOrEqualTo(deadline);
        }
    }

    @Test
    void aRoundTripThatIsNotTheOneAskedForIsRefusedInOneLine() {
        RoundTripCheck off = new RoundTripCheck(5, 0.05, 2.0);
        assertThat(off.withinTolerance()).isFalse();
        assertThatThrownBy(off::require).isInstanceOf(TargetException.class)
                .hasMessageStartingWith("refusing to run: asked for a 5.00 ms round trip but the delay adds 1.95 ms")
                .hasMessageNotContaining("\n");
        // 0.1 ms or 1 %, whichever is larger, is allowed.
        assertThat(new RoundTripCheck(1, 0.05, 1.14).withinTolerance()).isTrue();
        assertThat(new RoundTripCheck(1, 0.05, 1.16).withinTolerance()).isFalse();
        assertThat(new RoundTripCheck(0.5, 0.05, 0.46).withinTolerance()).isTrue();
        assertThat(new RoundTripCheck(67, 0.05, 67.6).withinTolerance()).isTrue();
        assertThat(new RoundTripCheck(67, 0.05, 67.8).withinTolerance()).isFalse();
    }

    @Test
    void oneByOneCostsARoundTripPerRow() throws Exception {
        assertThat(roundTripsOfOneCall(LoadMethod.AUTOCOMMIT_ROW, 50)).isEqualTo(50);
        assertThat(roundTripsOfOneCall(LoadMethod.AUTOCOMMIT_ROW, 200)).isEqualTo(200);
    }

    @Test
    void copyAndOneMultiRowStatementCostTheSameFewRoundTripsWhateverTheirSize() throws Exception {
        for (LoadMethod method : new LoadMethod[] {LoadMethod.MULTI_ROW_VALUES, LoadMethod.COPY_BINARY, LoadMethod.COPY_TEXT}) {
            long small = roundTripsOfOneCall(method, 500);
            long large = roundTripsOfOneCall(method, 4000);
            // BEGIN, the statement and COMMIT at most; pgjdbc may add one to describe parameters it has no type for
            assertThat(small).as(method + " at 500 rows").isBetween(1L, 4L);
            assertThat(large).as(method + " at 4000 rows").isBetween(1L, 4L);
        }
    }

    /**
     * pgjdbc pipelines a batch but, to keep the server's unread replies under its 64,000-byte estimate (250 bytes
     * per statement), waits for them every 256 statements: a few round trips per thousand rows, not one per row.
     */
    @Test
    void aBatchCostsARoundTripPerFewHundredRows() throws Exception {
        long small = roundTripsOfOneCall(LoadMethod.BATCH, 50);
        long large = roundTripsOfOneCall(LoadMethod.BATCH, 2000);
        assertThat(small).isBetween(1L, 4L);
        // exactly small + 7 (2000 / 256) here; the bound allows the server's own mid-batch flushes
        assertThat(large).as("round trips of a 2000-row batch").isBetween(small, small + 2000 / 256 + 1);
    }

    @Test
    void aDelayedTargetsConnectionsPayTheDelayAndItsMonitorDoesNot() throws Exception {
        try (DelayedTarget delayed = DelayedTarget.borrow(server, 0)) {
            assertThat(delayed.endpoint()).isEqualTo(server.endpoint());
            long before = delayed.delay().roundTrips();
            try (var pool = delayed.pool(1); Connection c = pool.getConnection()) {
                assertThat(c.getSchema()).isEqualTo(server.schema());
            }
            assertThat(delayed.delay().roundTrips()).isGreaterThan(before);
            long afterPool = delayed.delay().roundTrips();
            try (Connection c = delayed.monitorDataSource().getConnection(); var st = c.createStatement()) {
                st.execute("SELECT 1");
            }
            assertThat(delayed.delay().roundTrips()).isEqualTo(afterPool);
        }
        // the borrowed server outlives the delay
        try (Connection c = server.dataSource().getConnection()) {
            assertThat(c.isValid(5)).isTrue();
        }
    }

    @Test
    void aConnectionOpenedAfterTheDelayClosedIsRefused() {
        RoundTripDelay delay = RoundTripDelay.open(1);
        var dataSource = server.dataSource(delay.driverOptions());
        delay.close();
        assertThatThrownBy(dataSource::getConnection).isInstanceOf(SQLException.class)
                .hasStackTraceContaining("no socket observer round-trip-delay-");
    }
}
