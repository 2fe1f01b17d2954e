package org.pgingest.workload.types;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * timestamp [(p)] with time zone: Java OffsetDateTime (only its instant is stored), {@link OffsetDateTime#MAX}/
 * {@link OffsetDateTime#MIN} for ±infinity; binary int64 microseconds since 2000-01-01 00:00 UTC
 * (timestamptz_send). {@link #checked} rounds as the server does: to the microsecond as text input is read, then
 * to the declared precision, half away from zero; the offset is kept. The text form is in UTC, so it does not
 * depend on the session's TimeZone, and keeps offsets with seconds (as historic zones have).
 */
final class TimestamptzCodec extends BaseCodec implements OrderedCodec {
    private final int precision;

    TimestamptzCodec(String sqlType, int typmod) {
        super(sqlType, OffsetDateTime.class);
        this.precision = Timestamps.precision(typmod);
    }

    @Override
    Object checkedValue(Object value) {
        OffsetDateTime t = (OffsetDateTime) value;
        if (isInfinite(t)) {
            return t;
        }
        long micros = Timestamps.storedMicros(t.toEpochSecond(), t.getNano(), precision, sqlType());
        long delta = micros - micros(t); // within ±1 s: fits in nanoseconds
        return delta == 0 && t.getNano() % 1000 == 0 ? t : t.withNano(t.getNano() / 1000 * 1000).plusNanos(delta * 1000);
    }

    private static boolean isInfinite(OffsetDateTime t) {
        return t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN);
    }

    /** Microseconds since 2000-01-01 UTC, fraction below a microsecond dropped. */
    private static long micros(OffsetDateTime t) {
        return (t.toEpochSecond() - DateTimes.POSTGRES_EPOCH_SECOND) * 1_000_000 + t.getNano() / 1000;
    }

    private static OffsetDateTime fromMicros(long micros) {
        return OffsetDateTime.of(java.time.LocalDateTime.ofEpochSecond(Timestamps.epochSecond(micros),
                Timestamps.nanoOfSecond(micros), ZoneOffset.UTC), ZoneOffset.UTC);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        OffsetDateTime t = (OffsetDateTime) value;
        if (t.equals(OffsetDateTime.MAX)) {
            out.append("infinity");
        } else if (t.equals(OffsetDateTime.MIN)) {
            out.append("-infinity");
        } else {
            DateTimes.appendDateTime(out, micros(t), "+00");
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        OffsetDateTime t = (OffsetDateTime) value;
        out.writeInt(8);
        out.writeLong(t.equals(OffsetDateTime.MAX) ? DateTimes.NOEND : t.equals(OffsetDateTime.MIN) ? DateTimes.NOBEGIN : micros(t));
    }

    /**
     * timestamptz_out's ISO form in any session zone ("2024-02-29 12:00:00.5+01", "+05:17:32", " BC"), and
     * "infinity"; kept at the offset the text gives.
     */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        if (t.equals("infinity") || t.equals("+infinity")) {
            return OffsetDateTime.MAX;
        }
        if (t.equals("-infinity")) {
            return OffsetDateTime.MIN;
        }
        DateTimes.Parsed parsed = DateTimes.parseDateTime(t);
        if (parsed == null || parsed.offsetSeconds() == null) {
            throw notText(text);
        }
        return OffsetDateTime.of(parsed.dateTime(), ZoneOffset.ofTotalSeconds(parsed.offsetSeconds()));
    }

    /** A moment within 2024 in UTC, to the microsecond (then to the declared precision). */
    @Override
    public Object generate(SplittableRandom random) {
        long base = micros(OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC));
        return fromMicros(DateTimes.roundToTypmod(base + random.nextLong(366L * DateTimes.MICROS_PER_DAY), precision));
    }

    /** Second n after 2000-01-01 00:00 UTC: whole seconds survive every precision. */
    @Override
    public Optional<Object> distinct(long n) {
        return n < (DateTimes.END_MICROS - 1) / 1_000_000 ? Optional.of(fromMicros(n * 1_000_000)) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
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

    /** By instant, as timestamptz compares (OffsetDateTime.compareTo would also order equal instants by offset). */
    @Override
    public int compare(Object a, Object b) {
        OffsetDateTime x = (OffsetDateTime) a;
        OffsetDateTime y = (OffsetDateTime) b;
        int bySecond = Long.compare(x.toEpochSecond(), y.toEpochSecond());
        return bySecond != 0 ? bySecond : Integer.compare(x.getNano(), y.getNano());
    }
}
