package org.pgingest.workload.types;

import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * timestamp [(p)] without and with time zone, one family: Java LocalDateTime, or OffsetDateTime for timestamptz
 * (only its instant is stored); their MAX and MIN are ±infinity. Binary int64 microseconds since 2000-01-01 00:00
 * (UTC for timestamptz; timestamp_send, timestamptz_send). {@link #checked} rounds as the server does: to the
 * microsecond as text input is read, then to the declared precision, half away from zero; an offset is kept. A
 * value that rounds past the last microsecond (294276-12-31 23:59:59.5 in timestamp(0)) is refused, though the server
 * stores it as 294277-01-01: its own text input refuses that value, so no text path could carry it. timestamptz's
 * text form is in UTC, so it does not depend on the session's TimeZone, and keeps offsets with seconds (as historic
 * zones have).
 */
final class TimestampCodec extends BaseCodec implements OrderedCodec {
    private final boolean withZone;
    private final int precision;
    private final Temporal infinity;
    private final Temporal minusInfinity;

    private TimestampCodec(String sqlType, int typmod, boolean withZone) {
        super(sqlType, withZone ? OffsetDateTime.class : LocalDateTime.class);
        this.withZone = withZone;
        this.precision = Timestamps.precision(typmod);
        this.infinity = withZone ? OffsetDateTime.MAX : LocalDateTime.MAX;
        this.minusInfinity = withZone ? OffsetDateTime.MIN : LocalDateTime.MIN;
    }

    /**
     * Without the precision: an explicit cast to timestamp(p) rounds past 294276-12-31 23:59:59 without a range check
     * (14-18), so the server's text of a user's value would be one the codec cannot tell from a refused one; read whole,
     * the codec rounds it as the column's assignment does ({@link Timestamps#storedMicros}).
     */
    @Override
    public String castType() {
        return withZone ? "timestamp with time zone" : "timestamp without time zone";
    }

    static TimestampCodec timestamp(String sqlType, int typmod) {
        return new TimestampCodec(sqlType, typmod, false);
    }

    static TimestampCodec timestamptz(String sqlType, int typmod) {
        return new TimestampCodec(sqlType, typmod, true);
    }

    @Override
    Object checkedValue(Object value) {
        Temporal t = (Temporal) value;
        if (t.equals(infinity) || t.equals(minusInfinity)) {
            return t;
        }
        int nano = t.get(ChronoField.NANO_OF_SECOND);
        long micros = Timestamps.storedMicros(epochSecond(t), nano, precision, sqlType());
        long delta = micros - micros(t); // within ±1 s: fits in nanoseconds
        return delta == 0 && nano % 1000 == 0 ? t
                : t.with(ChronoField.NANO_OF_SECOND, nano / 1000 * 1000).plus(delta * 1000, ChronoUnit.NANOS);
    }

    private static long epochSecond(Temporal t) {
        return t instanceof OffsetDateTime o ? o.toEpochSecond() : ((LocalDateTime) t).toEpochSecond(ZoneOffset.UTC);
    }

    /** Microseconds since 2000-01-01 (UTC), fraction below a microsecond dropped. */
    private static long micros(Temporal t) {
        return (epochSecond(t) - DateTimes.POSTGRES_EPOCH_SECOND) * 1_000_000 + t.get(ChronoField.NANO_OF_SECOND) / 1000;
    }

    private Temporal fromMicros(long micros) {
        LocalDateTime utc = LocalDateTime.ofEpochSecond(Timestamps.epochSecond(micros), Timestamps.nanoOfSecond(micros),
                ZoneOffset.UTC);
        return withZone ? OffsetDateTime.of(utc, ZoneOffset.UTC) : utc;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        if (value.equals(infinity)) {
            out.append("infinity");
        } else if (value.equals(minusInfinity)) {
            out.append("-infinity");
        } else {
            DateTimes.appendDateTime(out, micros((Temporal) value), withZone ? "+00" : "");
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(8);
        out.writeLong(value.equals(infinity) ? DateTimes.NOEND : value.equals(minusInfinity) ? DateTimes.NOBEGIN
                : micros((Temporal) value));
    }

    /**
     * timestamp_out's and timestamptz_out's ISO forms in any session zone ("2024-02-29 12:00:00.5",
     * "0044-03-15 12:00:00+05:17:32 BC"), and "infinity"; a timestamptz kept at the offset the text gives.
     */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        if (t.equals("infinity") || t.equals("+infinity")) {
            return infinity;
        }
        if (t.equals("-infinity")) {
            return minusInfinity;
        }
        DateTimes.Parsed parsed = DateTimes.parseDateTime(t);
        if (parsed == null || (parsed.offsetSeconds() != null) != withZone) {
            throw notText(text);
        }
        return withZone ? OffsetDateTime.of(parsed.dateTime(), ZoneOffset.ofTotalSeconds(parsed.offsetSeconds()))
                : parsed.dateTime();
    }

    /** A moment within 2024 (UTC), to the microsecond (then to the declared precision). */
    @Override
    public Object generate(SplittableRandom random) {
        long base = micros(LocalDateTime.of(2024, 1, 1, 0, 0));
        return fromMicros(DateTimes.roundToTypmod(base + random.nextLong(366L * DateTimes.MICROS_PER_DAY), precision));
    }

    /** Second n after 2000-01-01 00:00 (UTC): whole seconds survive every precision. */
    @Override
    public Optional<Object> distinct(long n) {
        return n < (DateTimes.END_MICROS - 1) / 1_000_000 ? Optional.of(fromMicros(n * 1_000_000)) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        if (withZone) {
            return List.of(OffsetDateTime.MIN, OffsetDateTime.MAX,
                    fromMicros(DateTimes.MIN_MICROS), fromMicros(Timestamps.lastMicros(precision)),
                    OffsetDateTime.of(0, 2, 29, 12, 0, 0, 0, ZoneOffset.ofHoursMinutesSeconds(5, 17, 32)),
                    OffsetDateTime.of(-1000, 6, 1, 0, 0, 0, 1_000, ZoneOffset.ofHoursMinutesSeconds(-3, -2, -1)),
                    OffsetDateTime.of(1900, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHoursMinutesSeconds(0, 19, 32)),
                    OffsetDateTime.of(10_000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
                    OffsetDateTime.of(1, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
                    OffsetDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000, ZoneOffset.UTC),
                    OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
                    OffsetDateTime.of(1999, 12, 31, 23, 59, 59, 500_000_000, ZoneOffset.UTC),
                    OffsetDateTime.of(2000, 1, 1, 0, 0, 0, 500_000_000, ZoneOffset.UTC),
                    OffsetDateTime.of(2024, 3, 31, 1, 59, 59, 999_999_600, ZoneOffset.ofHours(1)),
                    OffsetDateTime.of(2024, 2, 29, 12, 0, 0, 123_456_789, ZoneOffset.ofHours(-18)));
        }
        return List.of(LocalDateTime.MIN, LocalDateTime.MAX,
                fromMicros(DateTimes.MIN_MICROS), fromMicros(Timestamps.lastMicros(precision)),
                LocalDateTime.of(0, 2, 29, 12, 0), LocalDateTime.of(-1000, 6, 1, 0, 0, 0, 1_000),
                LocalDateTime.of(1, 1, 1, 0, 0), LocalDateTime.of(9999, 12, 31, 23, 59, 59),
                LocalDateTime.of(10_000, 1, 1, 0, 0), LocalDateTime.of(2000, 1, 1, 0, 0),
                // half a second either side of the epoch: precision 0 rounds both away from zero
                LocalDateTime.of(1999, 12, 31, 23, 59, 59, 500_000_000), LocalDateTime.of(2000, 1, 1, 0, 0, 0, 500_000_000),
                // a fraction finer than a microsecond, carried into the next day
                LocalDateTime.of(2023, 12, 31, 23, 59, 59, 999_999_600),
                LocalDateTime.of(2024, 2, 29, 12, 0, 0, 123_456_789));
    }

    /**
     * By instant, as both types compare (OffsetDateTime.compareTo would also order equal instants by offset). The
     * infinities: LocalDateTime's MAX and MIN lie beyond every storable instant, OffsetDateTime's too.
     */
    @Override
    public int compare(Object a, Object b) {
        Temporal x = (Temporal) a;
        Temporal y = (Temporal) b;
        int bySecond = Long.compare(epochSecond(x), epochSecond(y));
        return bySecond != 0 ? bySecond : Integer.compare(x.get(ChronoField.NANO_OF_SECOND), y.get(ChronoField.NANO_OF_SECOND));
    }
}
