package org.pgingest.workload.types;


import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * time [(p)] without and with time zone, one family: Java LocalTime, or OffsetTime for timetz (its offset is
 * stored, |offset| below 16 hours). Binary int64 microseconds since midnight (time_send), for timetz followed by
 * int32 seconds west of UTC (timetz_send: the sign inverted). {@link #checked} rounds as the server does: to the
 * microsecond as text input is read, then to the declared precision, half up. PostgreSQL also stores 24:00:00,
 * which LocalTime cannot hold: it is an {@link EndOfDay}, which a value that rounds up to it becomes too.
 */
final class TimeCodec extends BaseCodec {
    /** TZDISP_LIMIT: offsets must lie strictly within ±16 hours. */
    private static final int OFFSET_LIMIT_SECONDS = 16 * 3600;
    private static final String INVALID_TIME_ZONE_DISPLACEMENT = "22009";

    private final boolean withZone;
    private final int precision;

    private TimeCodec(String sqlType, int typmod, boolean withZone) {
        super(sqlType, withZone ? OffsetTime.class : LocalTime.class);
        this.withZone = withZone;
        this.precision = Timestamps.precision(typmod);
    }

    static TimeCodec time(String sqlType, int typmod) {
        return new TimeCodec(sqlType, typmod, false);
    }

    static TimeCodec timetz(String sqlType, int typmod) {
        return new TimeCodec(sqlType, typmod, true);
    }

    @Override
    public Object checked(Object value) {
        if (value instanceof EndOfDay end) {
            if (withZone != (end.offset() != null)) {
                throw wrongType(value);
            }
            if (withZone) {
                checkOffset(end.offset().getTotalSeconds(), value);
            }
            return value;
        }
        return super.checked(value);
    }

    private void checkOffset(int offset, Object value) {
        if (Math.abs(offset) >= OFFSET_LIMIT_SECONDS) {
            throw outOfRange(INVALID_TIME_ZONE_DISPLACEMENT, "time zone displacement out of range: " + value
                    + " (PostgreSQL holds offsets within ±15:59:59)");
        }
    }

    @Override
    Object checkedValue(Object value) {
        LocalTime local = withZone ? ((OffsetTime) value).toLocalTime() : (LocalTime) value;
        if (withZone) {
            checkOffset(((OffsetTime) value).getOffset().getTotalSeconds(), value);
        }
        long micros = DateTimes.roundToTypmod(local.toSecondOfDay() * 1_000_000L + DateTimes.roundToMicros(local.getNano()),
                precision);
        if (micros >= DateTimes.MICROS_PER_DAY) {
            return new EndOfDay(withZone ? ((OffsetTime) value).getOffset() : null);
        }
        LocalTime stored = LocalTime.ofNanoOfDay(micros * 1000);
        if (stored.equals(local)) {
            return value;
        }
        return withZone ? OffsetTime.of(stored, ((OffsetTime) value).getOffset()) : stored;
    }

    private static long micros(Object value) {
        if (value instanceof EndOfDay) {
            return DateTimes.MICROS_PER_DAY;
        }
        return (value instanceof OffsetTime t ? t.toLocalTime() : (LocalTime) value).toNanoOfDay() / 1000;
    }

    private static int offsetSeconds(Object value) {
        return value instanceof EndOfDay end ? end.offset().getTotalSeconds() : ((OffsetTime) value).getOffset().getTotalSeconds();
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        if (value instanceof EndOfDay) {
            out.append("24:00:00");
        } else {
            DateTimes.appendTime(out, micros(value));
        }
        if (withZone) {
            DateTimes.appendOffset(out, offsetSeconds(value));
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(withZone ? 12 : 8);
        out.writeLong(micros(value));
        if (withZone) {
            out.writeInt(-offsetSeconds(value));
        }
    }

    /** time_out's and timetz_out's forms ("12:00:00.5", "12:00:00.5+05:30"), 24:00:00 an {@link EndOfDay}. */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        if (t.startsWith("24:")) {
            // read as 00:... for its form and zone; only 24:00:00 exactly is a time of day
            DateTimes.Parsed midnight = DateTimes.parseTime("00" + t.substring(2));
            if (midnight == null || !midnight.time().equals(LocalTime.MIDNIGHT) || withZone != (midnight.offsetSeconds() != null)) {
                throw notText(text);
            }
            return new EndOfDay(withZone ? ZoneOffset.ofTotalSeconds(midnight.offsetSeconds()) : null);
        }
        DateTimes.Parsed parsed = DateTimes.parseTime(text);
        if (parsed == null || withZone != (parsed.offsetSeconds() != null)) {
            throw notText(text);
        }
        return withZone ? OffsetTime.of(parsed.time(), ZoneOffset.ofTotalSeconds(parsed.offsetSeconds())) : parsed.time();
    }

    /** A time of day to the microsecond (then to the declared precision); timetz at a whole-hour offset. */
    @Override
    public Object generate(SplittableRandom random) {
        long micros = DateTimes.roundToTypmod(random.nextLong(DateTimes.MICROS_PER_DAY), precision);
        LocalTime local = LocalTime.ofNanoOfDay(Math.min(micros, DateTimes.MICROS_PER_DAY - 1_000_000) * 1000);
        return withZone ? OffsetTime.of(local, ZoneOffset.ofHours(random.nextInt(-12, 15))) : local;
    }

    /** Second n of the day: whole seconds survive every precision. */
    @Override
    public Optional<Object> distinct(long n) {
        if (n >= 86_400) {
            return Optional.empty();
        }
        LocalTime local = LocalTime.ofSecondOfDay(n);
        return Optional.of(withZone ? OffsetTime.of(local, ZoneOffset.UTC) : local);
    }

    @Override
    public List<Object> hostileValues() {
        long lastMicros = DateTimes.MICROS_PER_DAY - (precision < 0 || precision >= 6 ? 1 : Integers.pow10(6 - precision));
        List<LocalTime> times = List.of(LocalTime.MIDNIGHT, LocalTime.ofNanoOfDay(lastMicros * 1000),
                LocalTime.of(12, 0, 0, 1_000), LocalTime.of(12, 0, 0, 500_000_000), LocalTime.of(23, 59, 58, 999_999_600),
                LocalTime.of(6, 30, 0, 123_456_789));
        List<ZoneOffset> offsets = List.of(ZoneOffset.ofHoursMinutesSeconds(15, 59, 59),
                ZoneOffset.ofHoursMinutesSeconds(-15, -59, -59), ZoneOffset.UTC, ZoneOffset.ofHoursMinutes(5, 30),
                ZoneOffset.ofHoursMinutesSeconds(0, 0, 1), ZoneOffset.ofHours(-8));
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            values.add(withZone ? OffsetTime.of(times.get(i), offsets.get(i)) : times.get(i));
        }
        values.add(new EndOfDay(withZone ? offsets.get(0) : null));
        return values;
    }
}
