package org.pgingest.workload.types;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * timestamp [(p)] without time zone: Java LocalDateTime, {@link LocalDateTime#MAX}/{@link LocalDateTime#MIN} for
 * ±infinity; binary int64 microseconds since 2000-01-01 00:00 (timestamp_send). {@link #checked} rounds as the
 * server does: to the microsecond as text input is read, then to the declared precision, half away from zero.
 * A value that rounds past the last microsecond (294276-12-31 23:59:59.5 in timestamp(0)) is refused, though the
 * server stores it as 294277-01-01: that is a value its own text input refuses, so no text path could carry it.
 */
final class TimestampCodec extends BaseCodec implements OrderedCodec {
    private final int precision;

    TimestampCodec(String sqlType, int typmod) {
        super(sqlType, LocalDateTime.class);
        this.precision = Timestamps.precision(typmod);
    }

    @Override
    Object checkedValue(Object value) {
        LocalDateTime t = (LocalDateTime) value;
        if (isInfinite(t)) {
            return t;
        }
        long micros = Timestamps.storedMicros(t.toEpochSecond(ZoneOffset.UTC), t.getNano(), precision, sqlType());
        LocalDateTime stored = fromMicros(micros);
        return stored.equals(t) ? t : stored;
    }

    private static boolean isInfinite(LocalDateTime t) {
        return t.equals(LocalDateTime.MAX) || t.equals(LocalDateTime.MIN);
    }

    private static LocalDateTime fromMicros(long micros) {
        return LocalDateTime.ofEpochSecond(Timestamps.epochSecond(micros), Timestamps.nanoOfSecond(micros), ZoneOffset.UTC);
    }

    private static long micros(LocalDateTime t) {
        return (t.toEpochSecond(ZoneOffset.UTC) - DateTimes.POSTGRES_EPOCH_SECOND) * 1_000_000 + t.getNano() / 1000;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        LocalDateTime t = (LocalDateTime) value;
        if (t.equals(LocalDateTime.MAX)) {
            out.append("infinity");
        } else if (t.equals(LocalDateTime.MIN)) {
            out.append("-infinity");
        } else {
            DateTimes.appendDateTime(out, micros(t), "");
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        LocalDateTime t = (LocalDateTime) value;
        out.writeInt(8);
        out.writeLong(t.equals(LocalDateTime.MAX) ? DateTimes.NOEND : t.equals(LocalDateTime.MIN) ? DateTimes.NOBEGIN : micros(t));
    }

    /** timestamp_out's ISO form ("2024-02-29 12:00:00.5", "0044-03-15 12:00:00 BC", "infinity"). */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        if (t.equals("infinity") || t.equals("+infinity")) {
            return LocalDateTime.MAX;
        }
        if (t.equals("-infinity")) {
            return LocalDateTime.MIN;
        }
        DateTimes.Parsed parsed = DateTimes.parseDateTime(t);
        if (parsed == null || parsed.offsetSeconds() != null) {
            throw notText(text);
        }
        return parsed.dateTime();
    }

    /** A moment within 2024, to the microsecond (then to the declared precision). */
    @Override
    public Object generate(SplittableRandom random) {
        long base = micros(LocalDateTime.of(2024, 1, 1, 0, 0));
        return fromMicros(DateTimes.roundToTypmod(base + random.nextLong(366L * DateTimes.MICROS_PER_DAY), precision));
    }

    /** Second n after 2000-01-01 00:00: whole seconds survive every precision. */
    @Override
    public Optional<Object> distinct(long n) {
        return n < (DateTimes.END_MICROS - 1) / 1_000_000 ? Optional.of(fromMicros(n * 1_000_000)) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        List<Object> values = new ArrayList<>(List.of(LocalDateTime.MIN, LocalDateTime.MAX,
                fromMicros(DateTimes.MIN_MICROS), fromMicros(Timestamps.lastMicros(precision)),
                LocalDateTime.of(0, 2, 29, 12, 0), LocalDateTime.of(-1000, 6, 1, 0, 0, 0, 1_000),
                LocalDateTime.of(1, 1, 1, 0, 0), LocalDateTime.of(9999, 12, 31, 23, 59, 59),
                LocalDateTime.of(10_000, 1, 1, 0, 0), LocalDateTime.of(2000, 1, 1, 0, 0),
                // half a second either side of the epoch: precision 0 rounds both away from zero
                LocalDateTime.of(1999, 12, 31, 23, 59, 59, 500_000_000), LocalDateTime.of(2000, 1, 1, 0, 0, 0, 500_000_000),
                // a fraction finer than a microsecond, carried into the next day
                LocalDateTime.of(2023, 12, 31, 23, 59, 59, 999_999_600),
                LocalDateTime.of(2024, 2, 29, 12, 0, 0, 123_456_789)));
        return values;
    }

    @Override
    public int compare(Object a, Object b) {
        return ((LocalDateTime) a).compareTo((LocalDateTime) b);
    }
}
