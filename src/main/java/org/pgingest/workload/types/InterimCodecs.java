package org.pgingest.workload.types;

import org.pgingest.workload.HostileValues;
import org.pgingest.workload.ValueRejectedException;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Codecs of the seven types the published shapes use (integer, bigint, text, varchar(n), timestamp with time zone,
 * double precision, real[]), converted from the former ColumnType enum. Interim: the type-codecs branch brings one
 * codec per PostgreSQL type and its registry; until it lands, {@link TypeCodecs#forColumn} finds these.
 */
public final class InterimCodecs {
    public static final TypeCodec INT4 = Int4.INSTANCE;
    public static final TypeCodec INT8 = Int8.INSTANCE;
    public static final TypeCodec TEXT = Text.TEXT;
    public static final TypeCodec TIMESTAMPTZ = Timestamptz.INSTANCE;
    public static final TypeCodec FLOAT8 = Float8.INSTANCE;
    public static final TypeCodec REAL_ARRAY = Float4Array.INSTANCE;

    private InterimCodecs() {
    }

    /** character varying(n); n = 0 for character varying without a length. */
    public static TypeCodec varchar(int n) {
        return Text.varchar(n);
    }

    /**
     * The codec of {@code facts}' type among the seven, or empty. Arrays other than real[], domains, enums and the
     * other built-in types wait for the type-codecs branch.
     */
    static java.util.Optional<TypeCodec> forColumn(ColumnTypeFacts facts) {
        if (!"pg_catalog".equals(facts.schema())) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.ofNullable(switch (facts.name()) {
            case "int4" -> INT4;
            case "int8" -> INT8;
            case "text" -> TEXT;
            case "varchar" -> Text.varchar(facts.typmod() < 0 ? 0 : facts.typmod() - 4);
            case "timestamptz" -> facts.typmod() < 0 ? TIMESTAMPTZ : null;
            case "float8" -> FLOAT8;
            case "_float4" -> REAL_ARRAY;
            default -> null;
        });
    }

    /** Checks the codecs share. */
    static final class Checks {
        private Checks() {
        }

        /** The number the text (blanks around it allowed) holds, or a rejection naming the type. */
        static Object number(TypeCodec codec, String text, java.util.function.Function<String, Object> parser) {
            try {
                return parser.apply(text.trim());
            } catch (NumberFormatException e) {
                throw new ValueRejectedException(ValueRejectedException.WRONG_TYPE,
                        "not a " + codec.sqlType() + ": '" + text + "'");
            }
        }

        /** The value itself when it is of the codec's Java type; else a {@link ValueRejectedException} naming both. */
        static Object requireType(TypeCodec codec, Object value) {
            if (!codec.javaType().isInstance(value)) {
                throw new ValueRejectedException(ValueRejectedException.WRONG_TYPE, "a " + codec.sqlType() + " column takes "
                        + codec.javaType().getSimpleName() + ", not " + value.getClass().getSimpleName() + " (" + value + ")");
            }
            return value;
        }

        /**
         * The string itself when it is a sequence of Unicode scalar values without U+0000: a lone surrogate is not
         * UTF-8 encodable (encoders would write '?') and PostgreSQL text cannot hold U+0000.
         */
        static String requireText(TypeCodec codec, Object value) {
            String s = (String) requireType(codec, value);
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
            return s;
        }
    }

    /** integer (int4): Java {@link Integer}; binary form four bytes big-endian. */
    static final class Int4 implements TypeCodec {
        public static final Int4 INSTANCE = new Int4();

        private Int4() {
        }

        @Override
        public String sqlType() {
            return "integer";
        }

        @Override
        public Class<?> javaType() {
            return Integer.class;
        }

        @Override
        public Object checked(Object value) {
            return Checks.requireType(this, value);
        }

        @Override
        public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
            statement.setInt(index, (Integer) value);
        }

        @Override
        public void bindNull(PreparedStatement statement, int index) throws SQLException {
            statement.setNull(index, Types.INTEGER);
        }

        @Override
        public void appendText(StringBuilder out, Object value) {
            out.append((int) (Integer) value);
        }

        @Override
        public Optional<String> binaryUnsupported() {
            return Optional.empty();
        }

        @Override
        public void writeBinary(BinarySink out, Object value) {
            out.writeInt(4);
            out.writeInt((Integer) value);
        }

        @Override
        public String castType() {
            return sqlType();
        }

        @Override
        public Object parse(String text) {
            return Checks.number(this, text, Integer::valueOf);
        }

        @Override
        public Object generate(SplittableRandom random) {
            return random.nextInt(0, 1_000_000);
        }

        /** 0, 1, ... up to 2^31 - 1, then the negatives from -1 down: 2^32 keys in all. */
        @Override
        public Optional<Object> distinct(long n) {
            if (n < 0 || n >= 1L << 32) {
                throw new IllegalArgumentException("integer holds 2^32 distinct values; asked for number " + n);
            }
            return Optional.of(n <= Integer.MAX_VALUE ? (int) n : (int) (Integer.MAX_VALUE - n));
        }

        @Override
        public List<Object> hostileValues() {
            return List.copyOf(HostileValues.INTS);
        }
    }

    /** bigint (int8): Java {@link Long}; binary form eight bytes big-endian. */
    static final class Int8 implements TypeCodec {
        public static final Int8 INSTANCE = new Int8();

        private Int8() {
        }

        @Override
        public String sqlType() {
            return "bigint";
        }

        @Override
        public Class<?> javaType() {
            return Long.class;
        }

        @Override
        public Object checked(Object value) {
            return Checks.requireType(this, value);
        }

        @Override
        public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
            statement.setLong(index, (Long) value);
        }

        @Override
        public void bindNull(PreparedStatement statement, int index) throws SQLException {
            statement.setNull(index, Types.BIGINT);
        }

        @Override
        public void appendText(StringBuilder out, Object value) {
            out.append((long) (Long) value);
        }

        @Override
        public Optional<String> binaryUnsupported() {
            return Optional.empty();
        }

        @Override
        public void writeBinary(BinarySink out, Object value) {
            out.writeInt(8);
            out.writeLong((Long) value);
        }

        @Override
        public String castType() {
            return sqlType();
        }

        @Override
        public Object parse(String text) {
            return Checks.number(this, text, Long::valueOf);
        }

        @Override
        public Object generate(SplittableRandom random) {
            return random.nextLong(0, 1_000_000_000_000L);
        }

        @Override
        public Optional<Object> distinct(long n) {
            if (n < 0) {
                throw new IllegalArgumentException("distinct value numbers start at 0, was " + n);
            }
            return Optional.of(n);
        }

        @Override
        public List<Object> hostileValues() {
            return List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L);
        }
    }

    /**
     * double precision (float8): Java {@link Double}, NaN, ±Infinity and -0 included. Text form: Java's shortest
     * round-trip digits, which float8in reads back to the same bits; binary form the IEEE bits big-endian.
     */
    static final class Float8 implements TypeCodec {
        public static final Float8 INSTANCE = new Float8();

        private Float8() {
        }

        @Override
        public String sqlType() {
            return "double precision";
        }

        @Override
        public Class<?> javaType() {
            return Double.class;
        }

        @Override
        public Object checked(Object value) {
            return Checks.requireType(this, value);
        }

        @Override
        public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
            statement.setDouble(index, (Double) value);
        }

        @Override
        public void bindNull(PreparedStatement statement, int index) throws SQLException {
            statement.setNull(index, Types.DOUBLE);
        }

        @Override
        public void appendText(StringBuilder out, Object value) {
            out.append((double) (Double) value);
        }

        @Override
        public Optional<String> binaryUnsupported() {
            return Optional.empty();
        }

        @Override
        public void writeBinary(BinarySink out, Object value) {
            out.writeInt(8);
            out.writeLong(Double.doubleToRawLongBits((Double) value));
        }

        @Override
        public String castType() {
            return sqlType();
        }

        /** float8out's forms, "NaN", "Infinity" and "-Infinity" included, are Double.parseDouble's. */
        @Override
        public Object parse(String text) {
            return Checks.number(this, text, Double::valueOf);
        }

        @Override
        public Object generate(SplittableRandom random) {
            return random.nextDouble(-1000, 1000);
        }

        /** n itself, exact up to 2^53. */
        @Override
        public Optional<Object> distinct(long n) {
            if (n < 0 || n > 1L << 53) {
                throw new IllegalArgumentException("double precision holds integers exactly up to 2^53; asked for number " + n);
            }
            return Optional.of((double) n);
        }

        @Override
        public List<Object> hostileValues() {
            return List.copyOf(HostileValues.DOUBLES);
        }
    }

    /**
     * text, and character varying with or without a length: Java {@link String} of Unicode scalar values without
     * U+0000 ({@link #checked}). The server checks a varchar's length in characters on assignment, and cuts spaces
     * beyond it; an explicit cast to varchar(n) would cut anything beyond it silently, so values are cast to plain
     * varchar ({@link #castType}) and the column's own assignment judges the length.
     */
    static final class Text implements TypeCodec {
        public static final Text TEXT = new Text("text", "text", 0);

        /** Words typical text is made of: ASCII and two- and three-byte UTF-8. */
        private static final String[] WORDS = {"order", "shipped", "customer", "payment", "refund", "pending", "new",
                "account", "invoice", "delivery", "müller", "café", "straße", "東京", "数据", "review", "priority",
                "warehouse", "north", "south", "returned", "note", "call", "back", "today"};

        private final String sqlType;
        private final String castType;
        /** The most characters a value may hold; 0 for no limit. */
        private final int maxLength;

        private Text(String sqlType, String castType, int maxLength) {
            this.sqlType = sqlType;
            this.castType = castType;
            this.maxLength = maxLength;
        }

        /** character varying(n); n = 0 for character varying without a length. */
        public static Text varchar(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("a varchar length is 1 or more (0: none), was " + n);
            }
            return new Text(n == 0 ? "character varying" : "character varying(" + n + ")", "character varying", n);
        }

        @Override
        public String sqlType() {
            return sqlType;
        }

        @Override
        public Class<?> javaType() {
            return String.class;
        }

        @Override
        public Object checked(Object value) {
            return Checks.requireText(this, value);
        }

        @Override
        public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
            statement.setString(index, (String) value);
        }

        @Override
        public void bindNull(PreparedStatement statement, int index) throws SQLException {
            statement.setNull(index, Types.VARCHAR);
        }

        @Override
        public void appendText(StringBuilder out, Object value) {
            out.append((String) value);
        }

        @Override
        public String text(Object value) {
            return (String) value;
        }

        @Override
        public Optional<String> binaryUnsupported() {
            return Optional.empty();
        }

        @Override
        public void writeBinary(BinarySink out, Object value) {
            out.writeLengthPrefixedUtf8((String) value);
        }

        @Override
        public String castType() {
            return castType;
        }

        /** One to eight words, within the length limit. */
        @Override
        public Object parse(String text) {
            return text;
        }

        @Override
        public Object generate(SplittableRandom random) {
            int words = random.nextInt(1, 9);
            StringBuilder sb = new StringBuilder(words * 9);
            for (int i = 0; i < words; i++) {
                if (i > 0) {
                    sb.append(' ');
                }
                sb.append(WORDS[random.nextInt(WORDS.length)]);
            }
            return fit(sb.toString());
        }

        /** "k" and the number in base 36: short, ASCII, distinct. */
        @Override
        public Optional<Object> distinct(long n) {
            if (n < 0) {
                throw new IllegalArgumentException("distinct value numbers start at 0, was " + n);
            }
            String key = "k" + Long.toString(n, 36);
            if (maxLength > 0 && key.length() > maxLength) {
                throw new IllegalArgumentException(sqlType + " cannot hold distinct key number " + n + " (" + key + ")");
            }
            return Optional.of(key);
        }

        /** The hostile text, each cut to the length limit (by code point). */
        @Override
        public List<Object> hostileValues() {
            List<Object> values = new ArrayList<>();
            for (String s : HostileValues.TEXT) {
                values.add(fit(s));
            }
            return values;
        }

        private String fit(String s) {
            if (maxLength == 0 || s.codePointCount(0, s.length()) <= maxLength) {
                return s;
            }
            return s.substring(0, s.offsetByCodePoints(0, maxLength));
        }
    }

    /**
     * timestamp with time zone (microseconds): Java {@link OffsetDateTime}. {@link #checked} is the one gate:
     * <ul>
     *   <li>a timestamp must lie within PostgreSQL's range, 4714-11-24 00:00 UTC BC up to (not including)
     *       294277-01-01 00:00 UTC; beyond it the binary form would wrap and pgjdbc would send ±infinity;</li>
     *   <li>a timestamp finer than a microsecond is rounded exactly as the server rounds such text input
     *       ({@code rint(fraction * 1e6)} on the double the fraction parses to; so a half is rounded to even,
     *       as far as the double holds it), so binary and bind paths store what the text paths store.</li>
     * </ul>
     */
    static final class Timestamptz implements TypeCodec {
        public static final Timestamptz INSTANCE = new Timestamptz();

        private static final long POSTGRES_EPOCH_SECOND = Instant.parse("2000-01-01T00:00:00Z").getEpochSecond();
        /**
         * PostgreSQL's timestamp range (MIN_TIMESTAMP and END_TIMESTAMP in datatype/timestamp.h, the same in 14-18):
         * microseconds since 2000-01-01 UTC, the end exclusive.
         */
        private static final long MIN_MICROS = -211_813_488_000_000_000L;
        private static final long END_MICROS = 9_223_371_331_200_000_000L;
        private static final long MIN_EPOCH_SECOND = POSTGRES_EPOCH_SECOND + MIN_MICROS / 1_000_000L;
        private static final long END_EPOCH_SECOND = POSTGRES_EPOCH_SECOND + END_MICROS / 1_000_000L;
        /** Typical values fall within 2024 (UTC). */
        private static final long BASE_EPOCH_SECOND = OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).toEpochSecond();
        private static final long YEAR_MICROS = 365L * 24 * 3600 * 1_000_000;
        private static final int[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
                100_000_000, 1_000_000_000};

        private Timestamptz() {
        }

        @Override
        public String sqlType() {
            return "timestamp with time zone";
        }

        @Override
        public Class<?> javaType() {
            return OffsetDateTime.class;
        }

        @Override
        public Object checked(Object value) {
            OffsetDateTime t = (OffsetDateTime) Checks.requireType(this, value);
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

        /**
         * Sub-microsecond nanoseconds (0..999,999,999) to microseconds the way PostgreSQL reads a fraction of a
         * second in text (ParseFractionalSecond: strtod, then rint(frac * 1000000)). nanos / 1e9 is the double
         * nearest the decimal fraction, as strtod's result is; Math.rint rounds half to even like C's rint. The
         * result may be 1,000,000 (a carry into the next second).
         */
        static long roundToMicros(int nanos) {
            return (long) Math.rint((nanos / 1e9) * 1e6);
        }

        @Override
        public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
            // The same text as COPY, UNNEST and JSON, sent untyped for the server to read as timestamptz:
            // pgjdbc 42.7's own form of an OffsetDateTime turns the earliest valid instants into -infinity.
            statement.setObject(index, text(value), Types.OTHER);
        }

        @Override
        public void bindNull(PreparedStatement statement, int index) throws SQLException {
            statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
        }

        /**
         * A checked timestamp's text input form, in UTC: ISO date and time with all six fraction digits, years
         * before 1 AD as "BC" (ISO year 0 is 1 BC) and years past 9999 in full, the forms timestamptz_in reads back.
         * UTC keeps every offset, seconds included (the instant is all timestamptz stores).
         */
        @Override
        public void appendText(StringBuilder sb, Object value) {
            OffsetDateTime t = (OffsetDateTime) value;
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
            if (bc) {
                sb.append(" BC");
            }
        }

        /** Appends a non-negative value with leading zeros to {@code width} digits (at most 9). */
        private static StringBuilder appendPadded(StringBuilder sb, int value, int width) {
            for (int below = POWERS_OF_TEN[width - 1]; below > 1 && value < below; below /= 10) {
                sb.append('0');
            }
            return sb.append(value);
        }

        @Override
        public Optional<String> binaryUnsupported() {
            return Optional.empty();
        }

        /**
         * int64 microseconds since 2000-01-01 00:00:00 UTC (integer datetimes, the only kind since PostgreSQL 10). From
         * epoch seconds and nanoseconds, without an Instant: ChronoUnit.MICROS.between would count in nanoseconds first
         * and overflow beyond about 292 years.
         */
        @Override
        public void writeBinary(BinarySink out, Object value) {
            OffsetDateTime t = (OffsetDateTime) value;
            out.writeInt(8);
            out.writeLong((t.toEpochSecond() - POSTGRES_EPOCH_SECOND) * 1_000_000L + t.getNano() / 1_000);
        }

        @Override
        public String castType() {
            return sqlType();
        }

        /** An instant within 2024, to the microsecond. */
        @Override
        public Object parse(String text) {
            try {
                return parseIso(text.trim());
            } catch (IllegalArgumentException e) {
                throw new ValueRejectedException(ValueRejectedException.WRONG_TYPE, e.getMessage());
            }
        }

        @Override
        public Object generate(SplittableRandom random) {
            return instant(random.nextLong(0, YEAR_MICROS));
        }

        /** One microsecond apart from 2024-01-01 on: distinct for 290,000 years of keys. */
        @Override
        public Optional<Object> distinct(long n) {
            if (n < 0) {
                throw new IllegalArgumentException("distinct value numbers start at 0, was " + n);
            }
            return Optional.of(instant(n));
        }

        private static OffsetDateTime instant(long microsAfterBase) {
            return OffsetDateTime.ofInstant(Instant.ofEpochSecond(BASE_EPOCH_SECOND + microsAfterBase / 1_000_000,
                    (microsAfterBase % 1_000_000) * 1000), ZoneOffset.UTC);
        }

        @Override
        public List<Object> hostileValues() {
            return List.copyOf(HostileValues.TIMESTAMPS);
        }

        /**
         * Reads timestamptz output in DateStyle ISO (what pgjdbc sets): "Y...Y-MM-DD HH:MM:SS[.f...]±HH[:MM[:SS]][ BC]"
         * with a year of four or more digits; returned in UTC. infinity and -infinity have no OffsetDateTime and
         * are refused.
         */
        static OffsetDateTime parseIso(String text) {
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
                    nano = Integer.parseInt(s, start, p, 10) * POWERS_OF_TEN[9 - (p - start)];
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
    }

    /**
     * real[] (float4[], one dimension, no NULL elements): Java {@code float[]}, the form embeddings take (the
     * articles shape's, where pgvector is absent). A typical value is an embedding of {@value #TYPICAL_LENGTH}
     * gaussian floats, as the published write-path experiment used.
     */
    static final class Float4Array implements TypeCodec {
        public static final Float4Array INSTANCE = new Float4Array();
        /** Length of a typical value: the articles experiment's embedding. */
        public static final int TYPICAL_LENGTH = 384;
        /** pg_type oid of float4, the element type written in the binary array header. */
        private static final int FLOAT4_OID = 700;

        private Float4Array() {
        }

        @Override
        public String sqlType() {
            return "real[]";
        }

        @Override
        public Class<?> javaType() {
            return float[].class;
        }

        @Override
        public Object checked(Object value) {
            return Checks.requireType(this, value);
        }

        @Override
        public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
            // pgjdbc (42.2.16+) sends a float[] as a binary float4[]
            statement.setObject(index, value);
        }

        @Override
        public void bindNull(PreparedStatement statement, int index) throws SQLException {
            statement.setNull(index, Types.ARRAY);
        }

        /** {1.5,NaN,-Infinity,...}: Float.toString is the shortest form float4in reads back to the same bits. */
        @Override
        public void appendText(StringBuilder sb, Object value) {
            float[] v = (float[]) value;
            sb.append('{');
            for (int i = 0; i < v.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(v[i]);
            }
            sb.append('}');
        }

        @Override
        public Optional<String> binaryUnsupported() {
            return Optional.empty();
        }

        /**
         * Binary array: ndim, has-nulls flag, element type oid, then per dimension its length and lower bound, then
         * each element as length + float4 bits. An empty array has no dimensions.
         */
        @Override
        public void writeBinary(BinarySink out, Object value) {
            float[] floats = (float[]) value;
            if (floats.length == 0) {
                out.writeInt(12);
                out.writeInt(0);
                out.writeInt(0);
                out.writeInt(FLOAT4_OID);
                return;
            }
            out.writeInt(20 + floats.length * 8);
            out.writeInt(1);
            out.writeInt(0);
            out.writeInt(FLOAT4_OID);
            out.writeInt(floats.length);
            out.writeInt(1);
            for (float f : floats) {
                out.writeInt(4);
                out.writeInt(Float.floatToRawIntBits(f));
            }
        }

        @Override
        public String castType() {
            return sqlType();
        }

        /** float4 array output: "{1.5,NaN,-Infinity}", no NULL elements, one dimension. */
        @Override
        public Object parse(String text) {
            String t = text.trim();
            if (!t.startsWith("{") || !t.endsWith("}")) {
                throw new ValueRejectedException(ValueRejectedException.WRONG_TYPE, "not a real[] literal: '" + text + "'");
            }
            String inner = t.substring(1, t.length() - 1).trim();
            if (inner.isEmpty()) {
                return new float[0];
            }
            String[] parts = inner.split(",");
            float[] v = new float[parts.length];
            for (int i = 0; i < v.length; i++) {
                String p = parts[i].trim();
                if (p.equalsIgnoreCase("NULL") || p.startsWith("{")) {
                    throw new ValueRejectedException(ValueRejectedException.WRONG_TYPE,
                            "real[] here holds one dimension without NULL elements: '" + text + "'");
                }
                try {
                    v[i] = Float.parseFloat(p);
                } catch (NumberFormatException e) {
                    throw new ValueRejectedException(ValueRejectedException.WRONG_TYPE, "not a real[] literal: '" + text + "'");
                }
            }
            return v;
        }

        @Override
        public Object generate(SplittableRandom random) {
            float[] v = new float[TYPICAL_LENGTH];
            for (int i = 0; i < v.length; i++) {
                v[i] = (float) random.nextGaussian();
            }
            return v;
        }

        /** {n}: one element, exact up to 2^24. */
        @Override
        public Optional<Object> distinct(long n) {
            if (n < 0 || n > 1 << 24) {
                throw new IllegalArgumentException("real holds integers exactly up to 2^24; asked for number " + n);
            }
            return Optional.of(new float[] {n});
        }

        /** An embedding led by the hostile floats (NaN, ±Infinity, -0, the extremes), an empty and a one-element array. */
        @Override
        public List<Object> hostileValues() {
            float[] embedding = new float[TYPICAL_LENGTH];
            for (int i = 0; i < embedding.length; i++) {
                embedding[i] = i < HostileValues.FLOATS.size() ? HostileValues.FLOATS.get(i) : i / 7f;
            }
            return List.of(embedding, new float[0], new float[] {Float.MIN_VALUE});
        }
    }

    /**
     * Any type the suite has no codec for, through its text form: values are the server's text of them (Java
     * String), bound as untyped text and cast on the text paths; binary COPY is missing, and values come from the
     * user's rows, since there is no generator.
     */
    static final class TextForm implements TypeCodec {
        private final String sqlType;

        TextForm(String sqlType) {
            this.sqlType = sqlType;
        }

        @Override
        public String sqlType() {
            return sqlType;
        }

        @Override
        public Class<?> javaType() {
            return String.class;
        }

        @Override
        public Object checked(Object value) {
            return Checks.requireText(this, value);
        }

        @Override
        public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
            statement.setObject(index, value, Types.OTHER);
        }

        @Override
        public void appendText(StringBuilder out, Object value) {
            out.append((String) value);
        }

        @Override
        public Optional<String> binaryUnsupported() {
            return Optional.of("the suite has no binary form for " + sqlType);
        }

        @Override
        public void writeBinary(BinarySink out, Object value) {
            throw new UnsupportedOperationException(binaryUnsupported().orElseThrow());
        }

        @Override
        public String castType() {
            return sqlType;
        }

        @Override
        public Object parse(String text) {
            return text;
        }

        @Override
        public Object generate(SplittableRandom random) {
            throw new UnsupportedOperationException(generatorUnsupported().orElseThrow());
        }

        @Override
        public Optional<String> generatorUnsupported() {
            return Optional.of("the suite cannot make values of " + sqlType + "; give rows of your own with --rows FILE.csv");
        }

        @Override
        public Optional<Object> distinct(long n) {
            return Optional.empty();
        }

        @Override
        public List<Object> hostileValues() {
            return List.of();
        }
    }
}
