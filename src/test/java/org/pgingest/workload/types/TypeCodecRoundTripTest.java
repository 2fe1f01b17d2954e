package org.pgingest.workload.types;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.server.TestServers;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every type's values on every path the loaders use, on real servers of every major this run tests
 * (pg.test.majors): the codec's hostile values, a sample of generated values, its first distinct values and NULL,
 * written by bind, COPY text, CSV and binary, UNNEST and jsonb_to_recordset into a table of mixed-case quoted
 * names, then compared on the server's own text output with what the server makes of the value's text form,
 * {@code SELECT (text)::type::text} (and the type's output function, {@code format('%s', ...)}, which keeps
 * char(n)'s padding). The codec is found from the column's catalog facts, as the suite finds it for a user's table.
 */
class TypeCodecRoundTripTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final String ID = "\"Row Id\"";
    private static final String VALUE = "\"V\u00e0lue C\u00f4l\"";
    private static final int GENERATED = 25;
    private static final int DISTINCT = 5;

    /** Declared types as a user writes them in DDL. */
    static final List<String> TYPES = List.of(
            "boolean", "smallint", "integer", "bigint", "real", "double precision",
            "numeric", "numeric(12,2)", "numeric(5,5)", "numeric(3,0)", "numeric(30,10)", "money",
            "text", "varchar", "varchar(5)", "char(3)", "char", "bpchar", "bytea", "uuid",
            "date", "time", "time(0)", "time(3)", "timetz", "time(2) with time zone",
            "timestamp", "timestamp(0)", "timestamp(3)", "timestamptz", "timestamptz(1)",
            "interval", "interval(2)", "interval year", "interval year to month", "interval day",
            "interval day to second(3)", "interval hour to minute",
            "json", "jsonb", "inet", "cidr", "macaddr", "macaddr8", "tsvector",
            "bit(5)", "bit", "bit varying", "varbit(7)",
            "int4range", "int8range", "numrange", "tsrange", "tstzrange", "daterange", "floatrange", "int4multirange",
            "integer[]", "bigint[]", "smallint[]", "text[]", "varchar(4)[]", "char(2)[]", "numeric(8,3)[]", "numeric[]",
            "real[]", "double precision[]", "boolean[]", "bytea[]", "uuid[]", "date[]", "time[]", "timestamptz[]",
            "timestamp(0)[]", "interval[]", "json[]", "jsonb[]", "inet[]", "cidr[]", "macaddr[]", "tsvector[]",
            "bit(3)[]", "varbit[]", "money[]", "int4range[]", "tstzrange[]", "\"Mood\"[]", "posint[]", "citext[]",
            "\"Mood\"", "posint", "percent", "\"Short Code\"", "color", "lower_word", "recent_date", "small_range", "code3",
            "citext", "hstore", "ltree", "point");

    /**
     * The types of {@link #TYPES} the suite writes in text form only ({@code TextFormCodec}): the server has binary
     * send/receive functions for each (PostgreSQL 14-18, hstore/ltree as shipped), the suite no encoder. citext is not
     * among them: its send/receive are text's, whose encoder the suite uses.
     */
    static final Set<String> WITHOUT_BINARY_ENCODER = Set.of("int4multirange", "hstore", "ltree", "point");

    static Stream<Arguments> cases() {
        return TestServers.majors().stream().flatMap(major -> TYPES.stream().map(type -> Arguments.of(major, type)));
    }

    /** A connection in UTC, so timestamptz output does not depend on the machine's zone. */
    static Connection connect(String major) throws SQLException {
        Connection c = CodecServers.server(major).dataSource().getConnection();
        try (Statement st = c.createStatement()) {
            st.execute("SET TimeZone = 'UTC'");
        }
        return c;
    }

    /** A fresh table ("Row Id" int, "Vàlue Côl" type) and the codec its value column's catalog facts give. */
    record Scratch(String table, TypeCodec codec, ColumnTypeFacts facts) {
        static Scratch create(Connection c, String type) throws SQLException {
            String table = "\"Codec T\u00e2ble " + TABLES.incrementAndGet() + "\"";
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE " + table + " (" + ID + " int4 PRIMARY KEY, " + VALUE + " " + type + ")");
            }
            ColumnTypeFacts facts = ColumnTypeFacts.read(c, table, 2);
            return new Scratch(table, TypeCodecs.forColumn(c, facts), facts);
        }
    }

    /** The codec's hostile values, generated values, first distinct values and NULL, all checked. */
    static List<Object> values(TypeCodec codec, ColumnTypeFacts facts) {
        List<Object> values = new ArrayList<>();
        if (!facts.notNull()) {
            values.add(null);
        }
        for (Object v : codec.hostileValues()) {
            values.add(codec.checked(v));
        }
        if (codec.generatorUnsupported().isEmpty()) {
            SplittableRandom random = new SplittableRandom(20_260_116);
            for (int i = 0; i < GENERATED; i++) {
                Object v = codec.generate(random);
                assertThat(codec.checked(v)).as("generated %s value %s is already what the server stores", codec.sqlType(), v)
                        .isEqualTo(v);
                values.add(v);
            }
        }
        for (long n = 0; n < DISTINCT; n++) {
            codec.distinct(n).map(codec::checked).ifPresent(values::add);
        }
        return values;
    }

    /** The server's text output of each value (in order), and its output function's, from the value's text form. */
    static List<String[]> serverTexts(Connection c, String sqlType, TypeCodec codec, List<Object> values) throws SQLException {
        String[] texts = new String[values.size()];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = values.get(i) == null ? null : codec.text(values.get(i));
        }
        List<String[]> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT (t)::" + sqlType + "::text, format('%s', (t)::" + sqlType
                + ") FROM unnest(?::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n")) {
            ps.setArray(1, c.createArrayOf("text", texts));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new String[] {rs.getString(1), rs.getString(2)});
                }
            }
        }
        return out;
    }

    static List<String[]> storedTexts(Connection c, String table) throws SQLException {
        List<String[]> out = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT " + ID + ", " + VALUE + "::text, format('%s', " + VALUE + ") FROM "
                     + table + " ORDER BY " + ID)) {
            while (rs.next()) {
                assertThat(rs.getInt(1)).isEqualTo(out.size());
                out.add(new String[] {rs.getString(2), rs.getString(3)});
            }
        }
        return out;
    }

    @ParameterizedTest(name = "PostgreSQL {0}: {1}")
    @MethodSource("cases")
    void everyValueIsStoredExactlyOnEveryPath(String major, String type) throws SQLException {
        try (Connection c = connect(major)) {
            Scratch scratch = Scratch.create(c, type);
            TypeCodec codec = scratch.codec();
            assertThat(codec.sqlType()).isEqualTo(scratch.facts().formatted());
            List<Object> values = values(codec, scratch.facts());
            List<String[]> expected = serverTexts(c, codec.sqlType(), codec, values);
            List<String> failures = new ArrayList<>();
            for (LoadPath path : LoadPath.values()) {
                if (path == LoadPath.COPY_BINARY && codec.binaryUnsupported().isPresent()) {
                    // Left out only where this list expects it, so a codec that stops writing binary fails here
                    // instead of skipping its own test; the binary loaders report such a table missing (TableNeed).
                    assertThat(type).as("a type whose binary COPY path is left out: " + codec.binaryUnsupported().get())
                            .isIn(WITHOUT_BINARY_ENCODER);
                    continue;
                }
                try (Statement st = c.createStatement()) {
                    st.execute("TRUNCATE " + scratch.table());
                }
                try {
                    path.write(c, scratch.table(), ID, VALUE, codec, values);
                } catch (SQLException e) {
                    failures.add(path + " failed: " + e.getMessage());
                    continue;
                }
                List<String[]> stored = storedTexts(c, scratch.table());
                assertThat(stored).as(path.toString()).hasSameSizeAs(values);
                for (int i = 0; i < values.size(); i++) {
                    if (!java.util.Arrays.equals(stored.get(i), expected.get(i))) {
                        failures.add(path + " stored " + String.join(" | ", show(stored.get(i))) + " for "
                                + show(values.get(i), codec) + ", the server reads its text as "
                                + String.join(" | ", show(expected.get(i))));
                    }
                }
            }
            assertThat(failures).as(type + " on PostgreSQL " + major).isEmpty();
        }
    }

    /**
     * parse reads both the server's text output and the codec's own text form: the stored values' col::text read
     * back and written again (binary COPY where the type has it) store the same, and every text form reads back
     * to a value of the same text form.
     */
    @ParameterizedTest(name = "PostgreSQL {0}: {1}")
    @MethodSource("cases")
    void parseReadsTheServersTextOutput(String major, String type) throws SQLException {
        try (Connection c = connect(major)) {
            Scratch scratch = Scratch.create(c, type);
            TypeCodec codec = scratch.codec();
            List<Object> values = values(codec, scratch.facts());
            for (Object v : values) {
                if (v != null) {
                    String text = codec.text(v);
                    assertThat(codec.text(codec.checked(codec.parse(text)))).as("parse of %s", abbreviate(text)).isEqualTo(text);
                }
            }
            List<String[]> expected = serverTexts(c, codec.sqlType(), codec, values);
            List<Object> reparsed = new ArrayList<>();
            for (String[] texts : expected) {
                reparsed.add(texts[0] == null ? null : codec.checked(codec.parse(texts[0])));
            }
            LoadPath path = codec.binaryUnsupported().isEmpty() ? LoadPath.COPY_BINARY : LoadPath.COPY_TEXT;
            path.write(c, scratch.table(), ID, VALUE, codec, reparsed);
            List<String[]> stored = storedTexts(c, scratch.table());
            for (int i = 0; i < values.size(); i++) {
                // col::text only: it is what parse is given, and unconstrained bpchar's drops trailing blanks, which
                // the type does not count (its output function, the second text, keeps them)
                assertThat(stored.get(i)[0]).as("%s read back from '%s'", path, expected.get(i)[0]).isEqualTo(expected.get(i)[0]);
            }
        }
    }

    private static String[] show(String[] texts) {
        return java.util.Arrays.stream(texts).map(t -> t == null ? "NULL" : abbreviate(t)).toArray(String[]::new);
    }

    private static String show(Object value, TypeCodec codec) {
        return value == null ? "NULL" : "'" + abbreviate(codec.text(value)) + "'";
    }

    private static String abbreviate(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "...(" + s.length() + " chars)" : s;
    }

    static List<String> majors() {
        return TestServers.majors();
    }

    /**
     * interval 'infinity' and '-infinity' exist from PostgreSQL 17 (not among the hostile values, which every
     * supported major stores): stored on every path there; refused by the codec before, where binary COPY would
     * store a finite interval of every field at its maximum.
     */
    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void infiniteIntervalsFromPostgreSql17(String major) throws SQLException {
        try (Connection c = connect(major)) {
            Scratch scratch = Scratch.create(c, "interval");
            TypeCodec codec = scratch.codec();
            if (Integer.parseInt(major) < 17) {
                assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> codec.checked(PgInterval.POSITIVE_INFINITY)))
                        .isInstanceOf(org.pgingest.workload.types.ValueRejectedException.class);
                return;
            }
            List<Object> values = List.of(codec.checked(PgInterval.POSITIVE_INFINITY), codec.checked(PgInterval.NEGATIVE_INFINITY));
            for (LoadPath path : LoadPath.values()) {
                try (Statement st = c.createStatement()) {
                    st.execute("TRUNCATE " + scratch.table());
                }
                path.write(c, scratch.table(), ID, VALUE, codec, values);
                assertThat(storedTexts(c, scratch.table())).as(path.toString())
                        .containsExactly(new String[] {"infinity", "infinity"}, new String[] {"-infinity", "-infinity"});
            }
            assertThat(codec.parse("-infinity")).isEqualTo(PgInterval.NEGATIVE_INFINITY);
        }
    }

    /** distinct(n) gives values the server tells apart, for small and large n, as far as the type holds them. */
    @ParameterizedTest(name = "PostgreSQL {0}: {1}")
    @MethodSource("cases")
    void distinctValuesAreDistinctOnTheServer(String major, String type) throws SQLException {
        try (Connection c = connect(major)) {
            Scratch scratch = Scratch.create(c, type);
            TypeCodec codec = scratch.codec();
            List<Object> values = new ArrayList<>();
            for (long n : new long[] {0, 1, 2, 3, 9, 10, 99, 100, 999, 1000, 65_535, 65_536, 1L << 31, (1L << 32) + 1, 1L << 53,
                    Long.MAX_VALUE}) {
                Optional<Object> v = codec.distinct(n);
                v.map(codec::checked).ifPresent(values::add);
            }
            LoadPath.COPY_TEXT.write(c, scratch.table(), ID, VALUE, codec, values);
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT count(DISTINCT " + VALUE + "::text), count(*) FROM " + scratch.table())) {
                rs.next();
                assertThat(rs.getLong(1)).as("distinct values of " + type).isEqualTo(rs.getLong(2)).isEqualTo(values.size());
            }
        }
    }
}
