package org.pgingest.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.workload.types.TypeCodec;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The exactness contract, through every loader: a value is stored exactly as sent (sub-microsecond
 * timestamps as the server rounds their text), or the row is rejected with its index and the table is left
 * as it was; the same outcome on every path.
 */
class ExactnessTest {
    private static final int SIZE = 200;
    private static final int BAD = 137;

    /** The sensors shape (text, timestamptz, float8) where the method takes it, else users (text, text, timestamptz). */
    static String shapeFor(LoadMethod method) {
        return LoaderTestServer.shapesFor(method).contains("sensors") ? "sensors" : "users";
    }

    static int timestampColumn(String shape) {
        return shape.equals("sensors") ? 1 : 2;
    }

    /** Rows that no path may store, and the SQLSTATE each is refused with. */
    enum BadRow {
        LONE_HIGH_SURROGATE("22021", (row, shape) -> with(row, 0, "a\uD800b")),
        LONE_LOW_SURROGATE("22021", (row, shape) -> with(row, 0, "end\uDC00")),
        NUL_CHARACTER("22021", (row, shape) -> with(row, 0, "nul\u0000here")),
        BEFORE_4714_BC("22008", (row, shape) -> with(row, timestampColumn(shape),
                OffsetDateTime.of(-4713, 11, 23, 23, 59, 59, 999_999_000, ZoneOffset.UTC))),
        AFTER_294276("22008", (row, shape) -> with(row, timestampColumn(shape),
                OffsetDateTime.of(294277, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC))),
        ROUNDED_PAST_294276("22008", (row, shape) -> with(row, timestampColumn(shape),
                OffsetDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_600, ZoneOffset.UTC))),
        STRING_FOR_TIMESTAMP("22023", (row, shape) -> with(row, timestampColumn(shape), "2024-01-01 00:00:00+00")),
        INTEGER_FOR_TEXT("22023", (row, shape) -> with(row, 0, 42)),
        INTEGER_FOR_FLOAT8("22023", (row, shape) -> shape.equals("sensors") ? with(row, 2, 1) : null),
        FLOAT_FOR_FLOAT8("22023", (row, shape) -> shape.equals("sensors") ? with(row, 2, 1.5f) : null),
        NUMERIC_STRING_FOR_FLOAT8("22023", (row, shape) -> shape.equals("sensors") ? with(row, 2, "1.5") : null),
        TOO_FEW_VALUES("22023", (row, shape) -> Arrays.copyOf(row, row.length - 1)),
        TOO_MANY_VALUES("22023", (row, shape) -> Arrays.copyOf(row, row.length + 1)),
        NULL_ROW("22023", (row, shape) -> new Object[0]);

        interface Change {
            /** The bad version of {@code row}, or null when the shape has no column for this case. */
            Object[] apply(Object[] row, String shape);
        }

        final String sqlState;
        final Change change;

        BadRow(String sqlState, Change change) {
            this.sqlState = sqlState;
            this.change = change;
        }

        private static Object[] with(Object[] row, int column, Object value) {
            Object[] copy = row.clone();
            copy[column] = value;
            return copy;
        }
    }

    static Stream<Arguments> methodsAndBadRows() {
        List<Arguments> result = new ArrayList<>();
        for (LoadMethod method : LoadMethod.values()) {
            for (BadRow bad : BadRow.values()) {
                if (bad.change.apply(new Object[3], shapeFor(method)) != null) {
                    result.add(Arguments.of(method, bad));
                }
            }
        }
        return result.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("methodsAndBadRows")
    void aValueThatCannotBeStoredExactlyIsTheRowsFaultOnEveryPath(LoadMethod method, BadRow bad) throws Exception {
        String shape = shapeFor(method);
        Table table = LoaderTestServer.newTable(shape);
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 31, 0.2).next(SIZE));
        rows.set(BAD, bad == BadRow.NULL_ROW ? null : bad.change.apply(rows.get(BAD), shape));
        List<Object[]> before = LoaderTestServer.rows(table, 32, 0.2).next(10);
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            new CopyLoader(CopyFormat.BINARY).load(c, table, before);
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> {
                        assertThat(e.rowIndex()).isEqualTo(BAD);
                        assertThat(e.getSQLState()).isEqualTo(bad.sqlState);
                        assertThat(e.getMessage()).startsWith("row " + BAD + " of the input was rejected: ");
                    });
            assertThat(c.getAutoCommit()).isTrue();
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, before));
        }
    }

    /** The hostile timestamps and sub-microsecond fractions (halves, near-halves, a carry into the next second). */
    static final List<OffsetDateTime> EDGE_TIMESTAMPS = Stream.concat(HostileValues.TIMESTAMPS.stream(), Stream.of(
            OffsetDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_400, ZoneOffset.UTC),
            OffsetDateTime.of(-1000, 6, 1, 0, 0, 0, 500, ZoneOffset.ofHoursMinutesSeconds(-3, -2, -1)),
            OffsetDateTime.of(99_999, 7, 4, 1, 2, 3, 4_000, ZoneOffset.ofHours(-14)),
            OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 500, ZoneOffset.UTC),
            OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 1_500, ZoneOffset.UTC),
            OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 2_500, ZoneOffset.UTC),
            OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 2_501, ZoneOffset.UTC),
            OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 123_456_789, ZoneOffset.UTC),
            OffsetDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_500, ZoneOffset.UTC),
            OffsetDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_499, ZoneOffset.UTC))).toList();

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadMethod.class)
    void edgeTimestampsAreStoredAsTheServerReadsTheirText(LoadMethod method) throws Exception {
        String shape = shapeFor(method);
        Table table = LoaderTestServer.newTable(shape);
        List<Object[]> rows = LoaderTestServer.rows(table, 33, 0.3).next(EDGE_TIMESTAMPS.size() * 3);
        List<Object[]> expected = new ArrayList<>();
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            for (int i = 0; i < rows.size(); i++) {
                OffsetDateTime t = EDGE_TIMESTAMPS.get(i % EDGE_TIMESTAMPS.size());
                Object[] row = rows.get(i).clone();
                row[timestampColumn(shape)] = t;
                rows.set(i, row);
                Object[] stored = row.clone();
                stored[timestampColumn(shape)] = serverReading(c, t, table.columns().get(timestampColumn(shape)).codec());
                expected.add(stored);
            }
            assertThat(loader.load(c, table, rows)).isEqualTo(rows.size());
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, expected));
        }
    }

    /**
     * What the server stores for {@code t} written as text with all nine fraction digits: the oracle. The server's
     * text of it is read back by the column's own codec, whose parse of the server's output is tested against
     * hand-written outputs with the codecs.
     */
    private static OffsetDateTime serverReading(Connection c, OffsetDateTime t, TypeCodec codec) throws SQLException {
        LocalDateTime utc = LocalDateTime.ofEpochSecond(t.toEpochSecond(), t.getNano(), ZoneOffset.UTC);
        boolean bc = utc.getYear() <= 0;
        String text = String.format("%04d-%02d-%02d %02d:%02d:%02d.%09d+00%s", bc ? 1 - utc.getYear() : utc.getYear(),
                utc.getMonthValue(), utc.getDayOfMonth(), utc.getHour(), utc.getMinute(), utc.getSecond(), utc.getNano(),
                bc ? " BC" : "");
        try (PreparedStatement ps = c.prepareStatement("SELECT ?::timestamptz::text")) {
            ps.setString(1, text);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return (OffsetDateTime) codec.parse(rs.getString(1));
            }
        }
    }

    static Stream<LoadMethod> methodsForArticles() {
        return Arrays.stream(LoadMethod.values()).filter(m -> LoaderTestServer.shapesFor(m).contains("articles"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methodsForArticles")
    void trailingSpacesBeyondVarcharAreCutByTheServerOnEveryPath(LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTable("articles");
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 34, 0.3).next(50));
        String key = "k".repeat(60) + "-" + method.ordinal() % 10 + "xx";
        Object[] padded = rows.get(17).clone();
        padded[0] = key + "   ";
        rows.set(17, padded);
        List<Object[]> expected = new ArrayList<>(rows);
        Object[] cut = padded.clone();
        cut[0] = key;
        expected.set(17, cut);
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            if (loader instanceof ReturningLoader returning) {
                long[] ids = returning.loadReturningIds(c, table, rows);
                assertThat(ids).hasSize(rows.size()).doesNotHaveDuplicates();
                try (PreparedStatement ps = c.prepareStatement("SELECT external_id FROM " + table.qualifiedName() + " WHERE id = ?")) {
                    for (int i = 0; i < rows.size(); i++) {
                        ps.setLong(1, ids[i]);
                        try (ResultSet rs = ps.executeQuery()) {
                            assertThat(rs.next()).isTrue();
                            assertThat(rs.getString(1)).as("row %d", i).isEqualTo(expected.get(i)[0]);
                        }
                    }
                }
            } else {
                assertThat(loader.load(c, table, rows)).isEqualTo(rows.size());
            }
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, expected));
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadMethod.class)
    void aMissingTableIsNoRowsFault(LoadMethod method) throws Exception {
        String shape = shapeFor(method);
        Table table = LoaderTestServer.newTable(shape).named("no_such_table_" + method.ordinal());
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertNoRowBlamed(() -> loader.load(c, table, LoaderTestServer.rows(table, 35, 0).next(20)), "42P01");
            assertThat(c.getAutoCommit()).isTrue();
        }
    }

    /** The load throws a plain SQLException (no LoadException, so no row blamed) with {@code sqlState}, if given. */
    private static void assertNoRowBlamed(org.assertj.core.api.ThrowableAssert.ThrowingCallable load, String sqlState) {
        assertThatThrownBy(load)
                .isInstanceOf(SQLException.class)
                .isNotInstanceOf(LoadException.class)
                .satisfies(e -> {
                    if (sqlState != null) {
                        assertThat(((SQLException) e).getSQLState()).isEqualTo(sqlState);
                    }
                });
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadMethod.class)
    void aMissingPermissionIsNoRowsFault(LoadMethod method) throws Exception {
        String shape = shapeFor(method);
        Table table = LoaderTestServer.newTable(shape);
        Loader loader = method.create();
        String role = "pgib_no_insert_" + method.ordinal();
        try (Connection c = LoaderTestServer.connect(loader); java.sql.Statement st = c.createStatement()) {
            st.execute("DROP ROLE IF EXISTS " + role);
            st.execute("CREATE ROLE " + role);
            st.execute("GRANT USAGE, CREATE ON SCHEMA " + table.schema().name() + " TO " + role);
            st.execute("GRANT SELECT ON " + table.qualifiedName() + " TO " + role);
            st.execute("SET ROLE " + role);
            try {
                assertNoRowBlamed(() -> loader.load(c, table, LoaderTestServer.rows(table, 38, 0).next(20)), "42501");
            } finally {
                st.execute("RESET ROLE");
            }
            st.execute("DROP OWNED BY " + role);
            st.execute("DROP ROLE " + role);
            assertThat(table.count(c)).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadMethod.class)
    void aBrokenConnectionIsNoRowsFault(LoadMethod method) throws Exception {
        String shape = shapeFor(method);
        Table table = LoaderTestServer.newTable(shape);
        Loader loader = method.create();
        Connection c = LoaderTestServer.connect(loader);
        try (Connection other = LoaderTestServer.connect()) {
            int pid;
            try (java.sql.Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                pid = rs.getInt(1);
            }
            try (PreparedStatement ps = other.prepareStatement("SELECT pg_terminate_backend(?, 10000)")) {
                ps.setInt(1, pid);
                ps.execute();
            }
            // 57P01 or 08006, depending on where the driver notices
            assertNoRowBlamed(() -> loader.load(c, table, LoaderTestServer.rows(table, 39, 0).next(20)), null);
            assertThat(table.count(other)).isZero();
        } finally {
            try {
                c.close();
            } catch (SQLException closeFailure) {
                // pgjdbc 42.7 cannot close cleanly a connection whose COPY the server cut off; it is dead anyway
                assertThat(c.isValid(1)).isFalse();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"AUTOCOMMIT_ROW"}, mode = EnumSource.Mode.EXCLUDE)
    void anErrorInTheMiddleUndoesTheLoad(LoadMethod method) throws Exception {
        String shape = shapeFor(method);
        Table table = LoaderTestServer.newTable(shape);
        List<Object[]> before = LoaderTestServer.rows(table, 36, 0).next(5);
        List<Object[]> rows = LoaderTestServer.rows(table, 37, 0).next(100);
        Iterable<Object[]> failing = () -> new java.util.Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Object[] next() {
                if (i == 60) {
                    throw new AssertionError("an Error from the row source");
                }
                return rows.get(i++);
            }
        };
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            new CopyLoader(CopyFormat.BINARY).load(c, table, before);
            assertThatThrownBy(() -> loader.load(c, table, failing)).isInstanceOf(AssertionError.class);
            assertThat(c.getAutoCommit()).isTrue();
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, before));
        }
    }

}
