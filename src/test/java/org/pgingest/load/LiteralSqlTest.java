package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.workload.Column;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.PreparedStatement;
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

    /** Each literal loader beside the bind loader it must agree with, for every published shape. */
    static Stream<Arguments> literalAndBind() {
        List<Arguments> result = new ArrayList<>();
        for (String shape : PublishedShapes.names()) {
            result.add(Arguments.of(shape, SqlText.LITERAL.create(LoadMethod.MULTI_ROW_VALUES, new LoadMethod.Knobs(0, 0)),
                    SqlText.BIND.create(LoadMethod.MULTI_ROW_VALUES, new LoadMethod.Knobs(0, 0))));
            result.add(Arguments.of(shape, SqlText.LITERAL.create(LoadMethod.UNNEST, new LoadMethod.Knobs(0, 0)),
                    SqlText.BIND.create(LoadMethod.UNNEST, new LoadMethod.Knobs(0, 0))));
        }
        return result.stream();
    }

    /**
     * Generated rows, half their values hostile, then one row per hostile text (in every text column), timestamp (in
     * every timestamptz column) and float (in every float column and real[] element), chosen by the columns' types.
     * A text column of a unique key keeps its generated value after the hostile text, so keys stay distinct.
     */
    static List<Object[]> hostileRows(Table table) {
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 41, 0.5).next(300));
        RowGenerator plain = new RowGenerator(LoaderTestServer.plan(table), 42, 0, 1_000_000, 1);
        List<String> keyColumns = table.definition().uniqueKeys().stream().flatMap(k -> k.columns().stream()).toList();
        List<Column> columns = table.columns();
        for (String s : HostileValues.TEXT) {
            Object[] row = plain.next(1).get(0);
            for (int c = 0; c < columns.size(); c++) {
                if (columns.get(c).baseType().equals("text") || columns.get(c).baseType().startsWith("character varying")) {
                    row[c] = keyColumns.contains(columns.get(c).name()) ? s + row[c] : s;
                }
            }
            rows.add(row);
        }
        for (OffsetDateTime t : HostileValues.TIMESTAMPS) {
            Object[] row = plain.next(1).get(0);
            for (int c = 0; c < columns.size(); c++) {
                if (columns.get(c).baseType().equals("timestamp with time zone")) {
                    row[c] = t;
                }
            }
            rows.add(row);
        }
        for (int i = 0; i < HostileValues.DOUBLES.size(); i++) {
            Object[] row = plain.next(1).get(0);
            for (int c = 0; c < columns.size(); c++) {
                if (columns.get(c).baseType().equals("double precision")) {
                    row[c] = HostileValues.DOUBLES.get(i);
                } else if (columns.get(c).baseType().equals("real[]") && row[c] instanceof float[] embedding) {
                    float[] hostile = embedding.clone();
                    for (int e = 0; e < HostileValues.FLOATS.size() && e < hostile.length; e++) {
                        hostile[e] = HostileValues.FLOATS.get((e + i) % HostileValues.FLOATS.size());
                    }
                    row[c] = hostile;
                }
            }
            rows.add(row);
        }
        return rows;
    }

    @ParameterizedTest(name = "{0}: {1} like {2}")
    @MethodSource("literalAndBind")
    void aLiteralStatementStoresExactlyWhatTheBindPathStores(String shape, Loader literal, Loader bind) throws Exception {
        Table literalTable = LoaderTestServer.newTable(shape);
        Table bindTable = LoaderTestServer.newTable(shape);
        List<Object[]> rows = hostileRows(literalTable);
        try (Connection l = LoaderTestServer.connect(literal); Connection b = LoaderTestServer.connect(bind)) {
            assertThat(literal.load(l, literalTable, rows)).isEqualTo(rows.size());
            assertThat(bind.load(b, bindTable, rows)).isEqualTo(rows.size());
            assertThat(storedText(l, literalTable)).containsExactlyElementsOf(storedText(b, bindTable));
            assertThat(ServerRows.stored(l, literalTable)).containsExactlyElementsOf(ServerRows.expected(l, literalTable, rows));
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
            Table table = LoaderTestServer.newTable("sensors");
            try (Connection c = LoaderTestServer.connect(loader)) {
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

    /**
     * A composite column through the literal UNNEST (found by a type-by-type pass, 2026-12-02: unnest of a pair[]
     * yields the pair's fields as columns, and every value failed with "cannot cast type integer to pair"): stored as
     * the server reads the same texts.
     */
    @Test
    void aCompositeColumnLoadsThroughTheLiteralUnnest() throws Exception {
        Table table = LoaderTestServer.newTableFromDdl("CREATE TYPE pair AS (a int, b text);\n"
                + "CREATE TABLE pairs (id bigserial PRIMARY KEY, p pair, n int)", "pairs");
        List<String> texts = List.of("(1,x)", "(,\"a,b\")", "(2,)");
        Loader loader = new LiteralUnnestLoader(0);
        try (Connection c = LoaderTestServer.connect(loader)) {
            List<Object[]> rows = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < texts.size(); i++) {
                rows.add(new Object[] {table.columns().get(0).codec().parse(texts.get(i)), i});
                try (PreparedStatement ps = c.prepareStatement("SELECT ROW(?::" + table.columns().get(0).codec().sqlType()
                        + ", ?)::text")) {
                    ps.setString(1, texts.get(i));
                    ps.setInt(2, i);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        expected.add(rs.getString(1));
                    }
                }
            }
            loader.load(c, table, rows);
            List<String> stored = new ArrayList<>();
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT ROW(p, n)::text FROM " + table.qualifiedName() + " ORDER BY n")) {
                while (rs.next()) {
                    stored.add(rs.getString(1));
                }
            }
            assertThat(stored).containsExactlyElementsOf(expected);
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
            Table table = LoaderTestServer.newTable("sensors");
            try (Connection c = LoaderTestServer.connect(loader)) {
                try (Statement st = c.createStatement()) {
                    st.execute("SET standard_conforming_strings = off");
                    st.execute("SET escape_string_warning = off");
                }
                loader.load(c, table, rows);
                assertThat(ServerRows.stored(c, table)).as(loader.name()).containsExactlyElementsOf(ServerRows.expected(c, table, rows));
            }
        }
    }

    @Test
    void aRowTheServerRefusesIsNamedAndNothingIsStored() throws Exception {
        for (Loader loader : List.of(new LiteralValuesLoader(0), new LiteralUnnestLoader(0))) {
            // The server refuses a row no codec checks: a duplicate of the unique url of an earlier row of the call.
            Table table = LoaderTestServer.newTable("articles");
            List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 43, 0.3).next(40));
            int externalId = table.columns().stream().map(Column::name).toList().indexOf("external_id");
            Object[] duplicate = rows.get(23).clone();
            duplicate[externalId] = rows.get(5)[externalId];
            rows.set(23, duplicate);
            try (Connection c = LoaderTestServer.connect(loader)) {
                assertThatThrownBy(() -> loader.load(c, table, rows)).as(loader.name())
                        .isInstanceOfSatisfying(LoadException.class, e -> {
                            assertThat(e.getSQLState()).isEqualTo("23505");
                        });
                assertThat(table.count(c)).isZero();
            }
        }
    }

    /**
     * -p sql=literal with commitEvery commits every commitEvery rows, as the bound method does (and as the result
     * records): a row the server refuses leaves the transactions before it committed, rows 0-13 of 7-row commits.
     */
    @Test
    void commitEveryAppliesToLiteralStatements() throws Exception {
        for (LoadMethod method : List.of(LoadMethod.MULTI_ROW_VALUES, LoadMethod.UNNEST)) {
            Loader loader = SqlText.LITERAL.create(method, new LoadMethod.Knobs(0, 7));
            Table table = LoaderTestServer.newTable("articles");
            List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 44, 0).next(40));
            int externalId = table.columns().stream().map(Column::name).toList().indexOf("external_id");
            Object[] duplicate = rows.get(16).clone();
            duplicate[externalId] = rows.get(5)[externalId];
            rows.set(16, duplicate);
            try (Connection c = LoaderTestServer.connect(loader)) {
                assertThatThrownBy(() -> loader.load(c, table, rows)).as(method.name())
                        .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.getSQLState()).isEqualTo("23505"));
                assertThat(table.count(c)).as(method.name()).isEqualTo(14);
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
