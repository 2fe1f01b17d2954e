package org.pgingest.workload;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The column types the workloads use, each with everything a loader needs: its SQL name, how to bind it,
 * its PostgreSQL text input form, how to pass a column of it as an array to {@code unnest}, and how to read it
 * back. One place per type, so every loader encodes a value the same way. (The binary COPY form of each type is
 * written by {@code CopyFormat.BINARY}, straight into the COPY buffer.)
 *
 * <p>Java value per type: INT4 {@link Integer}, INT8 {@link Long}, TEXT and VARCHAR_64 {@link String},
 * TIMESTAMPTZ {@link OffsetDateTime}, FLOAT8 {@link Double}, REAL_ARRAY {@code float[]}; null is SQL NULL.
 * {@link #checked} is the one gate every loader passes a value through before encoding it, so a value is
 * stored exactly, or rejected the same way, on every path:
 * <ul>
 *   <li>text must be valid UTF-16 (no lone surrogate, which encoders would otherwise replace by {@code ?})
 *       and free of U+0000 (PostgreSQL text cannot hold it);</li>
 *   <li>a timestamp must lie within PostgreSQL's range, 4714-11-24 00:00 UTC BC up to (not including)
 *       294277-01-01 00:00 UTC; beyond it the binary form would wrap and pgjdbc would send ±infinity;</li>
 *   <li>a timestamp finer than a microsecond is rounded exactly as the server rounds such text input
 *       ({@code rint(fraction * 1e6)} on the double the fraction parses to; so a half is rounded to even,
 *       as far as the double holds it), so binary and bind paths store what the text paths store.</li>
 * </ul>
 */
public enum ColumnType {
    INT4("int4", "int4[]", Types.INTEGER, Integer.class) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setInt(index, (Integer) value);
        }

        @Override
        public String text(Object value) {
            return value.toString();
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            int v = rs.getInt(index);
            return rs.wasNull() ? null : v;
        }
    },
    INT8("int8", "int8[]", Types.BIGINT, Long.class) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setLong(index, (Long) value);
        }

        @Override
        public String text(Object value) {
            return value.toString();
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            long v = rs.getLong(index);
            return rs.wasNull() ? null : v;
        }
    },
    TEXT("text", "text[]", Types.VARCHAR, String.class) {
        @Override
        public Object checked(Object value) {
            checkScalarValues((String) super.checked(value));
            return value;
        }

        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setString(index, (String) value);
        }

        @Override
        public String text(Object value) {
            return (String) value;
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            return rs.getString(index);
        }
    },
    /** varchar(64): the server checks the length in characters, not bytes. */
    VARCHAR_64("varchar(64)", "varchar[]", Types.VARCHAR, String.class) {
        @Override
        public Object checked(Object value) {
            return TEXT.checked(value);
        }

        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            TEXT.bindValue(ps, index, value);
        }

        @Override
        public String text(Object value) {
            return TEXT.text(value);
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            return TEXT.read(rs, index);
        }
    },
    TIMESTAMPTZ("timestamptz", "timestamptz[]", Types.TIMESTAMP_WITH_TIMEZONE, OffsetDateTime.class) {
        @Override
        public Object checked(Object value) {
            OffsetDateTime t = (OffsetDateTime) super.checked(value);
            long second = t.toEpochSecond();
            int nano = t.getNano();
            long micro = nano % 1000 == 0 ? nano / 1000 : roundToMicros(nano);
            if (second < MIN_EPOCH_SECOND || second >= END_EPOCH_SECOND
                    || (second - POSTGRES_EPOCH_SECOND) * 1_000_000L + micro >= END_MICROS) {
                throw new ValueRejectedException(ValueRejectedException.OUT_OF_RANGE, "timestamp out of range: " + t
                        + " (PostgreSQL holds 4714-11-24 00:00:00 UTC BC to 294276-12-31 23:59:59.999999 UTC)");
            }
            return micro * 1000 == nano ? t : t.withNano(0).plusNanos(micro * 1000);
        }

        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            // The same text as COPY, UNNEST and JSON, sent untyped for the server to read as timestamptz:
            // pgjdbc 42.7's own form of an OffsetDateTime turns the earliest valid instants into -infinity.
            ps.setObject(index, text(value), Types.OTHER);
        }

        @Override
        public String text(Object value) {
            return timestampText((OffsetDateTime) value);
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            // Parsed from the server's text (see readExpression): pgjdbc 42.7's getObject(OffsetDateTime) reads
            // "0001-02-29 ... BC" (1 BC, a leap year) as year 1 and fails, and its getString of a binary result
            // goes through java.util.Date, which turns the earliest timestamps into "-infinity".
            String text = rs.getString(index);
            return text == null ? null : parseTimestampText(text);
        }
    },
    FLOAT8("float8", "float8[]", Types.DOUBLE, Double.class) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setDouble(index, (Double) value);
        }

        @Override
        public String text(Object value) {
            // Java's shortest round-trip form; float8in reads it exactly, NaN and (-)Infinity included.
            return value.toString();
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            double v = rs.getDouble(index);
            return rs.wasNull() ? null : v;
        }
    },
    /** real[]: the articles embedding (pgvector's vector(384) where that extension is absent). */
    REAL_ARRAY("real[]", "text[]", Types.ARRAY, float[].class) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            // pgjdbc (42.2.16+) sends a float[] as a binary float4[]
            ps.setObject(index, value);
        }

        @Override
        public String text(Object value) {
            float[] v = (float[]) value;
            StringBuilder sb = new StringBuilder(v.length * 10 + 2).append('{');
            for (int i = 0; i < v.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(Float.toString(v[i]));
            }
            return sb.append('}').toString();
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            Array array = rs.getArray(index);
            if (array == null) {
                return null;
            }
            Float[] boxed = (Float[]) array.getArray();
            float[] v = new float[boxed.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = boxed[i];
            }
            return v;
        }

        @Override
        public String unnestSelect(String alias) {
            // unnest() of a two-dimensional array yields scalars, so embeddings travel as a text[] of array
            // literals and are cast back per row.
            return alias + "::real[]";
        }
    };

    private static final long POSTGRES_EPOCH_SECOND = Instant.parse("2000-01-01T00:00:00Z").getEpochSecond();
    /**
     * PostgreSQL's timestamp range (MIN_TIMESTAMP and END_TIMESTAMP in datatype/timestamp.h, the same in 14-18):
     * microseconds since 2000-01-01 UTC, the end exclusive.
     */
    private static final long MIN_MICROS = -211_813_488_000_000_000L;
    private static final long END_MICROS = 9_223_371_331_200_000_000L;
    private static final long MIN_EPOCH_SECOND = POSTGRES_EPOCH_SECOND + MIN_MICROS / 1_000_000L;
    private static final long END_EPOCH_SECOND = POSTGRES_EPOCH_SECOND + END_MICROS / 1_000_000L;

    private final String sqlType;
    private final String unnestArrayType;
    private final int jdbcType;
    private final Class<?> javaType;

    ColumnType(String sqlType, String unnestArrayType, int jdbcType, Class<?> javaType) {
        this.sqlType = sqlType;
        this.unnestArrayType = unnestArrayType;
        this.jdbcType = jdbcType;
        this.javaType = javaType;
    }

    /** The type as written in DDL and casts. */
    public String sqlType() {
        return sqlType;
    }

    /**
     * The type to cast a parameter or staged value to. varchar(64) is cast to plain varchar: an explicit cast
     * to varchar(n) silently truncates, while assignment to the varchar(64) column rejects a longer value.
     */
    public String castType() {
        return this == VARCHAR_64 ? "varchar" : sqlType;
    }

    /** The array type a column of this type is sent as to {@code unnest}. */
    public String unnestArrayType() {
        return unnestArrayType;
    }

    /** Binds a value (null allowed) to a statement parameter. */
    public void bind(PreparedStatement ps, int index, Object value) throws SQLException {
        if (value == null) {
            ps.setNull(index, jdbcType);
        } else {
            bindValue(ps, index, value);
        }
    }

    abstract void bindValue(PreparedStatement ps, int index, Object value) throws SQLException;

    /**
     * The non-null value as every encoder must see it: the same object when it can be stored exactly, a
     * timestamp rounded to the microsecond as the server rounds text input, or a {@link ValueRejectedException}
     * (a Java type this column does not take, text that is not valid UTF-16, a timestamp out of range).
     */
    public Object checked(Object value) {
        if (!javaType.isInstance(value)) {
            throw new ValueRejectedException(ValueRejectedException.WRONG_TYPE, "a " + sqlType + " column takes "
                    + javaType.getSimpleName() + ", not " + value.getClass().getSimpleName() + " (" + value + ")");
        }
        return value;
    }

    /** Rejects a lone surrogate (not UTF-8 encodable: encoders write '?') and U+0000 (text cannot hold it). */
    private static void checkScalarValues(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c != 0 && !Character.isSurrogate(c)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            throw new ValueRejectedException(ValueRejectedException.NOT_IN_REPERTOIRE, c == 0
                    ? "text holds U+0000 at char " + i + ", which PostgreSQL text cannot store"
                    : String.format("text holds a lone surrogate U+%04X at char %d, which is not Unicode text", (int) c, i));
        }
    }

    /**
     * Sub-microsecond nanoseconds (0..999,999,999) to microseconds the way PostgreSQL reads a fraction of a
     * second in text (ParseFractionalSecond: strtod, then rint(frac * 1000000)). nanos / 1e9 is the double
     * nearest the decimal fraction, as strtod's result is; Math.rint rounds half to even like C's rint. The
     * result may be 1,000,000 (a carry into the next second).
     */
    static long roundToMicros(int nanos) {
        return (long) Math.rint((nanos / 1e9) * 1e6);
    }

    /**
     * A checked timestamp's text input form, in UTC: ISO date and time with all six fraction digits, years
     * before 1 AD as "BC" (ISO year 0 is 1 BC) and years past 9999 in full, the forms timestamptz_in reads back.
     * UTC keeps every offset, seconds included (the instant is all timestamptz stores).
     */
    static String timestampText(OffsetDateTime t) {
        return appendTimestampText(new StringBuilder(36), t).toString();
    }

    /** {@link #text} of a checked timestamp, appended to {@code sb} (COPY encoders reuse one builder per call). */
    public static StringBuilder appendTimestampText(StringBuilder sb, OffsetDateTime t) {
        LocalDateTime utc = LocalDateTime.ofEpochSecond(t.toEpochSecond(), t.getNano(), ZoneOffset.UTC);
        int year = utc.getYear();
        boolean bc = year <= 0;
        appendPadded(sb, bc ? 1 - year : year, 4).append('-');
        appendPadded(sb, utc.getMonthValue(), 2).append('-');
        appendPadded(sb, utc.getDayOfMonth(), 2).append(' ');
        appendPadded(sb, utc.getHour(), 2).append(':');
        appendPadded(sb, utc.getMinute(), 2).append(':');
        appendPadded(sb, utc.getSecond(), 2).append('.');
        appendPadded(sb, utc.getNano() / 1000, 6).append("+00");
        return bc ? sb.append(" BC") : sb;
    }

    /**
     * Binary timestamptz of a checked timestamp: int64 microseconds since 2000-01-01 00:00:00 UTC (integer
     * datetimes, the only kind since PostgreSQL 10). From epoch seconds and nanoseconds, without an Instant:
     * ChronoUnit.MICROS.between would count in nanoseconds first and overflow beyond about 292 years.
     */
    public static long postgresMicros(OffsetDateTime t) {
        return (t.toEpochSecond() - POSTGRES_EPOCH_SECOND) * 1_000_000L + t.getNano() / 1_000;
    }

    /** Appends a non-negative value with leading zeros to {@code width} digits (at most 9). */
    /**
     * Reads timestamptz output in DateStyle ISO (what pgjdbc sets): "Y...Y-MM-DD HH:MM:SS[.f...]±HH[:MM[:SS]][ BC]"
     * with a year of four or more digits; returned in UTC. infinity and -infinity have no OffsetDateTime and
     * are refused.
     */
    static OffsetDateTime parseTimestampText(String text) {
        try {
            boolean bc = text.endsWith(" BC");
            String s = bc ? text.substring(0, text.length() - 3) : text;
            int yearEnd = s.indexOf('-');
            int year = Integer.parseInt(s, 0, yearEnd, 10);
            int p = yearEnd + 1;
            int month = Integer.parseInt(s, p, p + 2, 10);
            int day = Integer.parseInt(s, p + 3, p + 5, 10);
            p += 6;
            int hour = Integer.parseInt(s, p, p + 2, 10);
            int minute = Integer.parseInt(s, p + 3, p + 5, 10);
            int second = Integer.parseInt(s, p + 6, p + 8, 10);
            p += 8;
            int nano = 0;
            if (s.charAt(p) == '.') {
                int start = ++p;
                while (Character.isDigit(s.charAt(p))) {
                    p++;
                }
                nano = Integer.parseInt(s, start, p, 10) * PowersOfTen.OF[9 - (p - start)];
            }
            int sign = s.charAt(p) == '-' ? -1 : 1;
            String[] offset = s.substring(p + 1).split(":");
            ZoneOffset zone = ZoneOffset.ofHoursMinutesSeconds(sign * Integer.parseInt(offset[0]),
                    offset.length > 1 ? sign * Integer.parseInt(offset[1]) : 0,
                    offset.length > 2 ? sign * Integer.parseInt(offset[2]) : 0);
            return OffsetDateTime.of(bc ? 1 - year : year, month, day, hour, minute, second, nano, zone)
                    .withOffsetSameInstant(ZoneOffset.UTC);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a finite timestamptz in ISO style: '" + text + "'", e);
        }
    }

    private static StringBuilder appendPadded(StringBuilder sb, int value, int width) {
        for (int below = PowersOfTen.OF[width - 1]; below > 1 && value < below; below /= 10) {
            sb.append('0');
        }
        return sb.append(value);
    }

    private static final class PowersOfTen {
        static final int[] OF = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000};
    }

    /** The PostgreSQL text input form of a non-null value (before any COPY escaping). */
    public abstract String text(Object value);

    /**
     * Reads this column back from a result set, as the same Java type the generator makes; the column must have
     * been selected with {@link #readExpression}.
     */
    public abstract Object read(ResultSet rs, int index) throws SQLException;

    /** The select-list expression that reads {@code column} back for {@link #read}. */
    public String readExpression(String column) {
        return this == TIMESTAMPTZ ? column + "::text" : column;
    }

    /** The select-list expression for this column's unnest output named {@code alias}. */
    public String unnestSelect(String alias) {
        return alias;
    }

    /**
     * One column of a chunk as an array parameter for {@code unnest}. Every type travels as a text array of
     * its text forms (cast in SQL with {@link #unnestArrayType()}), except float8 and integers without
     * nulls, which pgjdbc sends as binary primitive arrays.
     */
    public Array unnestArray(Connection connection, List<Object> values) throws SQLException {
        boolean hasNull = values.contains(null);
        if (this == FLOAT8 && !hasNull) {
            double[] v = new double[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = (Double) values.get(i);
            }
            return connection.unwrap(org.postgresql.PGConnection.class).createArrayOf("float8", v);
        }
        if (this == INT4 && !hasNull) {
            int[] v = new int[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = (Integer) values.get(i);
            }
            return connection.unwrap(org.postgresql.PGConnection.class).createArrayOf("int4", v);
        }
        if (this == INT8 && !hasNull) {
            long[] v = new long[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = (Long) values.get(i);
            }
            return connection.unwrap(org.postgresql.PGConnection.class).createArrayOf("int8", v);
        }
        String[] texts = new String[values.size()];
        for (int i = 0; i < texts.length; i++) {
            Object v = values.get(i);
            texts[i] = v == null ? null : text(v);
        }
        return connection.createArrayOf("text", texts);
    }
}
