package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.workload.HostileValues;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Rows;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Literal SQL (values written into the statement text, sent as a simple query) stores exactly what the bind path
 * stores for the same rows: every shape, every hostile text, timestamp and float, compared on the server's own text
 * of each stored row, and against the rows sent.
 */
class LiteralSqlTest {

    /** Each literal loader beside the bind loader it must agree with, for every shape. */
    static Stream<Arguments> literalAndBind() {
        List<Arguments> result = new ArrayList<>();
        for (TableShape shape : TableShape.values()) {
            result.add(Arguments.of(shape, SqlText.LITERAL.create(LoadMethod.MULTI_ROW_VALUES, new LoadMethod.Knobs(0, 0)),
                    SqlText.BIND.create(LoadMethod.MULTI_ROW_VALUES, new LoadMethod.Knobs(0, 0))));
            result.add(Arguments.of(shape, SqlText.LITERAL.create(LoadMethod.UNNEST, new LoadMethod.Knobs(0, 0)),
                    SqlText.BIND.create(LoadMethod.UNNEST, new LoadMethod.Knobs(0, 0))));
        }
        return result.stream();
    }

    /** Generated rows, half their values hostile, then one row per hostile text, timestamp and float. */
    static List<Object[]> hostileRows(TableShape shape) {
        List<Object[]> rows = new ArrayList<>(new RowGenerator(shape, 41, 0.5).next(300));
        RowGenerator plain = new RowGenerator(shape, 42, 0, 1_000_000);
        int text = 0;
        int time = shape == TableShape.ARTICLES ? 5 : shape == TableShape.USERS ? 2 : 1;
        for (String s : HostileValues.TEXT) {
            Object[] row = plain.next(1).get(0);
            // users' and articles' first column is a unique key: keep it unique
            row[text] = shape == TableShape.USERS || shape == TableShape.ARTICLES ? s + row[text] : s;
            rows.add(row);
        }
        for (OffsetDateTime t : HostileValues.TIMESTAMPS) {
            Object[] row = plain.next(1).get(0);
            row[time] = t;
            rows.add(row);
        }
        if (shape == TableShape.SENSORS || shape == TableShape.WIDE_SENSORS) {
            for (Double d : HostileValues.DOUBLES) {
                Object[] row = plain.next(1).get(0);
                for (int c = 2; c < row.length; c++) {
                    row[c] = d;
                }
                rows.add(row);
            }
        }
        if (shape == TableShape.ARTICLES) {
            Object[] row = plain.next(1).get(0);
            float[] embedding = new float[TableShape.EMBEDDING_DIMENSIONS];
            for (int i = 0; i < HostileValues.FLOATS.size(); i++) {
                embedding[i] = HostileValues.FLOATS.get(i);
            }
            row[7] = embedding;
            rows.add(row);
        }
        return rows;
    }

    @ParameterizedTest(name = "{0}: {1} like {2}")
    @MethodSource("literalAndBind")
    void aLiteralStatementStoresExactlyWhatTheBindPathStores(TableShape shape, Loader literal, Loader bind) throws Exception {
        List<Object[]> rows = hostileRows(shape);
        Table literalTable = SharedServer.newTable(shape);
        Table bindTable = SharedServer.newTable(shape);
        try (Connection l = SharedServer.connect(literal); Connection b = SharedServer.connect(bind)) {
            assertThat(literal.load(l, literalTable, rows)).isEqualTo(rows.size());
            assertThat(bind.load(b, bindTable, rows)).isEqualTo(rows.size());
            assertThat(storedText(l, literalTable)).containsExactlyElementsOf(storedText(b, bindTable));
            assertThat(Rows.canonicalSorted(literalTable.readAll(l))).containsExactlyElementsOf(Rows.canonicalSorted(rows));
        }
    }

    /** What the server holds, as its own text of each row's loader columns, sorted. */
    private static List<String> storedText(Connection c, Table table) throws SQLException {
        List<String> texts = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT ROW(" + table.columnList() + ")::text FROM " + table.qualifiedName())) {
            while (rs.next()) {
                texts.add(rs.getString(1));
            }
        }
        texts.sort(null);
        return texts;
    }

    /**
     * Hand-written server output for hostile values (the expected side does not come from the suite's encoders):
     * float8's text of -0, NaN and the infinities, and quotes and backslashes kept as sent (a row's text doubles the
     * quotes and backslashes inside a quoted field).
     */
    @Test
    void hostileValuesReadBackAsTheServerPrintsThem() throws Exception {
        Map<String, Object[]> rows = new TreeMap<>();
        OffsetDateTime t = OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
        rows.put("neg-zero", new Object[] {"it's a \\ \"q\" ", t, -0.0});
        rows.put("nan", new Object[] {"{a,\"b\"}", t, Double.NaN});
        rows.put("plus-inf", new Object[] {"NULL", t, Double.POSITIVE_INFINITY});
        rows.put("minus-inf", new Object[] {"", t, Double.NEGATIVE_INFINITY});
        rows.put("bc", new Object[] {"\\N", OffsetDateTime.of(-4713, 11, 24, 0, 0, 0, 0, ZoneOffset.UTC), null});
        Map<String, String> expected = Map.of(
                "neg-zero", "(\"it's a \\\\ \"\"q\"\" \",\"2024-01-01 00:00:00+00\",-0)",
                "nan", "(\"{a,\"\"b\"\"}\",\"2024-01-01 00:00:00+00\",NaN)",
                "plus-inf", "(NULL,\"2024-01-01 00:00:00+00\",Infinity)",
                "minus-inf", "(\"\",\"2024-01-01 00:00:00+00\",-Infinity)",
                "bc", "(\"\\\\N\",\"4714-11-24 00:00:00+00 BC\",)");
        for (Loader loader : List.of(new LiteralValuesLoader(0), new LiteralUnnestLoader(0))) {
            Table table = SharedServer.newTable(TableShape.SENSORS);
            try (Connection c = SharedServer.connect(loader)) {
                try (Statement st = c.createStatement()) {
                    st.execute("SET TimeZone = 'UTC'");
                }
                for (Object[] row : rows.values()) {
                    loader.load(c, table, List.<Object[]>of(row));
                }
                List<String> stored = new ArrayList<>();
                try (Statement st = c.createStatement();
                     ResultSet rs = st.executeQuery("SELECT ROW(" + table.columnList() + ")::text FROM " + table.qualifiedName())) {
                    while (rs.next()) {
                        stored.add(rs.getString(1));
                    }
                }
                assertThat(stored).as(loader.name()).containsExactlyInAnyOrderElementsOf(expected.values());
            }
        }
    }

    /** A server whose string literals read backslashes as escapes still gets the text as sent (pgjdbc escapes for it). */
    @Test
    void backslashesSurviveWithoutStandardConformingStrings() throws Exception {
        List<Object[]> rows = new ArrayList<>();
        for (String s : HostileValues.TEXT) {
            rows.add(new Object[] {s, OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC), 1.0});
        }
        for (Loader loader : List.of(new LiteralValuesLoader(0), new LiteralUnnestLoader(0))) {
            Table table = SharedServer.newTable(TableShape.SENSORS);
            try (Connection c = SharedServer.connect(loader)) {
                try (Statement st = c.createStatement()) {
                    st.execute("SET standard_conforming_strings = off");
                    st.execute("SET escape_string_warning = off");
                }
                loader.load(c, table, rows);
                assertThat(Rows.canonicalSorted(table.readAll(c))).as(loader.name()).containsExactlyElementsOf(Rows.canonicalSorted(rows));
            }
        }
    }

    @Test
    void aRowTheServerRefusesIsNamedAndNothingIsStored() throws Exception {
        for (Loader loader : List.of(new LiteralValuesLoader(0), new LiteralUnnestLoader(0))) {
            Table table = SharedServer.newTable(TableShape.ARTICLES);
            List<Object[]> rows = new ArrayList<>(new RowGenerator(TableShape.ARTICLES, 43, 0.3).next(40));
            Object[] tooLong = rows.get(23).clone();
            tooLong[0] = "x".repeat(65);
            rows.set(23, tooLong);
            try (Connection c = SharedServer.connect(loader)) {
                assertThatThrownBy(() -> loader.load(c, table, rows)).as(loader.name())
                        .isInstanceOfSatisfying(LoadException.class, e -> {
                            assertThat(e.rowIndex()).isEqualTo(23);
                            assertThat(e.getSQLState()).isEqualTo("22001");
                        });
                assertThat(table.count(c)).isZero();
            }
        }
    }

    @Test
    void literalStatementsAreSimpleQueries() {
        assertThat(new LiteralValuesLoader(0).driverOptions()).containsEntry("preferQueryMode", "simple");
        assertThat(new LiteralUnnestLoader(0).driverOptions()).containsEntry("preferQueryMode", "simple");
        assertThatThrownBy(() -> SqlText.LITERAL.create(LoadMethod.COPY_BINARY, LoadMethod.Knobs.DEFAULT))
                .hasMessageContaining("literal SQL is written for MULTI_ROW_VALUES and UNNEST only");
        assertThatThrownBy(() -> SqlText.parse("inline")).hasMessage("-p sql=inline: no such sql; valid: bind, literal");
    }
}
