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
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

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
public final class TimestamptzCodec implements TypeCodec {
    public static final TimestamptzCodec INSTANCE = new TimestamptzCodec();

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

    private TimestamptzCodec() {
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
        OffsetDateTime t = (OffsetDateTime) Codecs.requireType(this, value);
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
    public static OffsetDateTime parse(String text) {
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
