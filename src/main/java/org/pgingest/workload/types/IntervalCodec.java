package org.pgingest.workload.types;


import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * interval, with its field and precision typmods ("interval year to month", "interval day to second(3)"):
 * Java {@link PgInterval}; binary int64 microseconds, int32 days, int32 months (interval_send). {@link #checked}
 * applies the typmod as AdjustIntervalForTypmod does (fields right of the last declared one zeroed, the
 * microseconds truncated toward zero to hours or minutes, or rounded half away from zero to the precision).
 *
 * <p>The text form names every unit ("1 mons -2 days 3 hours 4 mins 5 secs 6 usecs"), which every IntervalStyle
 * reads. PostgreSQL 14 reads at most 2147483647 hours in text (later majors the full int64 of microseconds), so
 * {@link #checked} keeps the microseconds within that on every major. 'infinity' is refused before PostgreSQL 17.
 */
final class IntervalCodec extends BaseCodec {
    private static final long MICROS_PER_HOUR = 3_600_000_000L;
    private static final long MICROS_PER_MINUTE = 60_000_000L;
    /** The largest |microseconds| PostgreSQL 14's interval_in reads: 2147483647:59:59.999999. */
    private static final long MAX_TEXT_MICROS = Integer.MAX_VALUE * MICROS_PER_HOUR + MICROS_PER_HOUR - 1;

    // field bits of an interval typmod (datetime.h: MONTH 1, YEAR 2, DAY 3, HOUR 10, MINUTE 11, SECOND 12)
    private static final int MONTH = 1 << 1;
    private static final int YEAR = 1 << 2;
    private static final int DAY = 1 << 3;
    private static final int HOUR = 1 << 10;
    private static final int MINUTE = 1 << 11;
    private static final int FULL_RANGE = 0x7FFF;
    private static final int FULL_PRECISION = 0xFFFF;

    /** The typmod's field mask (FULL_RANGE when none is declared). */
    private final int range;
    /** Fractional digits kept, or -1 for all six. */
    private final int precision;
    /** Whether the server stores 'infinity' (PostgreSQL 17 and later). */
    private final boolean infinityAllowed;

    /**
     * @param infinityAllowed whether the server stores interval 'infinity' (17 and later): before, its binary form
     *                        would be stored as a finite interval of every field at its maximum
     */
    IntervalCodec(String sqlType, int typmod, boolean infinityAllowed) {
        super(sqlType, PgInterval.class);
        this.infinityAllowed = infinityAllowed;
        if (typmod < 0) {
            range = FULL_RANGE;
            precision = -1;
        } else {
            range = (typmod >> 16) & 0x7FFF;
            int p = typmod & 0xFFFF;
            precision = p == FULL_PRECISION ? -1 : p;
        }
    }

    @Override
    Object checkedValue(Object value) {
        PgInterval v = (PgInterval) value;
        if (v.isInfinite()) {
            if (!infinityAllowed) {
                throw outOfRange(ValueRejectedException.INVALID_TEXT, "interval " + (v.equals(PgInterval.POSITIVE_INFINITY)
                        ? "'infinity'" : "'-infinity'") + " needs PostgreSQL 17 or later");
            }
            return v;
        }
        int months = v.months();
        int days = v.days();
        long micros = v.micros();
        if (range == YEAR) {
            months = months / 12 * 12;
        }
        if (range == YEAR || range == MONTH || range == (YEAR | MONTH)) {
            days = 0;
        }
        if ((range & ~(YEAR | MONTH)) == 0 || range == DAY) {
            micros = 0;
        } else if (range == HOUR || range == (DAY | HOUR)) {
            micros = micros / MICROS_PER_HOUR * MICROS_PER_HOUR;
        } else if ((range & MINUTE) != 0 && (range & (1 << 12)) == 0) {
            micros = micros / MICROS_PER_MINUTE * MICROS_PER_MINUTE;
        }
        micros = DateTimes.roundToTypmod(micros, precision);
        if (Math.abs(micros) > MAX_TEXT_MICROS || micros == Long.MIN_VALUE) {
            throw outOfRange(ValueRejectedException.SUITE_LIMIT, "interval " + v + " holds more than 2147483647 hours "
                    + "of time: a limit of the suite, not of PostgreSQL 15 and later (its text loaders write what "
                    + "PostgreSQL 14 reads on every major)");
        }
        PgInterval stored = new PgInterval(months, days, micros);
        return stored.equals(v) ? v : stored;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        PgInterval v = (PgInterval) value;
        if (v.equals(PgInterval.POSITIVE_INFINITY)) {
            out.append("infinity");
            return;
        }
        if (v.equals(PgInterval.NEGATIVE_INFINITY)) {
            out.append("-infinity");
            return;
        }
        long micros = v.micros();
        out.append(v.months()).append(" mons ").append(v.days()).append(" days ")
                .append(micros / MICROS_PER_HOUR).append(" hours ")
                .append(micros % MICROS_PER_HOUR / MICROS_PER_MINUTE).append(" mins ")
                .append(micros % MICROS_PER_MINUTE / 1_000_000).append(" secs ")
                .append(micros % 1_000_000).append(" usecs");
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        PgInterval v = (PgInterval) value;
        out.writeInt(16);
        out.writeLong(v.micros());
        out.writeInt(v.days());
        out.writeInt(v.months());
    }

    /**
     * interval_out's form with IntervalStyle postgres ("-1 years -1 mons +40 days -25:01:01.5"), the text form
     * {@link #appendText} writes, and "infinity"/"-infinity"; not the iso_8601, sql_standard or postgres_verbose
     * styles.
     */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        if (t.equals("infinity") || t.equals("+infinity")) {
            return PgInterval.POSITIVE_INFINITY;
        }
        if (t.equals("-infinity")) {
            return PgInterval.NEGATIVE_INFINITY;
        }
        String[] words = t.split(" +");
        long months = 0;
        long days = 0;
        long micros = 0;
        try {
            for (int i = 0; i < words.length; i++) {
                String word = words[i];
                if (word.contains(":")) {
                    micros = Math.addExact(micros, timeMicros(word));
                    continue;
                }
                long n = Long.parseLong(word.startsWith("+") ? word.substring(1) : word);
                String unit = words[++i];
                switch (unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit) {
                    case "year" -> months = Math.addExact(months, Math.multiplyExact(n, 12));
                    case "mon" -> months = Math.addExact(months, n);
                    case "day" -> days = Math.addExact(days, n);
                    case "hour" -> micros = Math.addExact(micros, Math.multiplyExact(n, MICROS_PER_HOUR));
                    case "min" -> micros = Math.addExact(micros, Math.multiplyExact(n, MICROS_PER_MINUTE));
                    case "sec" -> micros = Math.addExact(micros, Math.multiplyExact(n, 1_000_000));
                    case "usec" -> micros = Math.addExact(micros, n);
                    default -> throw notText(text);
                }
            }
            return new PgInterval(Math.toIntExact(months), Math.toIntExact(days), micros);
        } catch (RuntimeException e) {
            throw notText(text);
        }
    }

    /** "[+-]H:MM:SS[.ffffff]" (hours of any length) as signed microseconds. */
    private static long timeMicros(String word) {
        boolean negative = word.startsWith("-");
        String[] parts = (negative || word.startsWith("+") ? word.substring(1) : word).split(":");
        if (parts.length != 3) {
            throw new IllegalArgumentException(word);
        }
        String[] seconds = parts[2].split("\\.");
        long fraction = seconds.length == 1 ? 0 : Long.parseLong((seconds[1] + "00000").substring(0, 6));
        long micros = Math.addExact(Math.multiplyExact(Long.parseLong(parts[0]), MICROS_PER_HOUR),
                Long.parseLong(parts[1]) * MICROS_PER_MINUTE + Long.parseLong(seconds[0]) * 1_000_000 + fraction);
        return negative ? -micros : micros;
    }

    /** A duration: mostly hours and minutes with a fraction, sometimes days and months. */
    @Override
    public Object generate(SplittableRandom random) {
        int months = random.nextInt(4) == 0 ? random.nextInt(0, 36) : 0;
        int days = random.nextInt(3) == 0 ? random.nextInt(0, 60) : 0;
        long micros = random.nextLong(48 * MICROS_PER_HOUR);
        return checkedValue(new PgInterval(months, days, micros));
    }

    /** n of the finest unit the typmod keeps (a second when it keeps time, else a day, a month or a year). */
    @Override
    public Optional<Object> distinct(long n) {
        PgInterval candidate;
        if ((range & ~(YEAR | MONTH)) == 0) {
            long months = range == YEAR ? n * 12 : n;
            if (n > Integer.MAX_VALUE / 12 && range == YEAR || months > Integer.MAX_VALUE) {
                return Optional.empty();
            }
            candidate = new PgInterval((int) months, 0, 0);
        } else if (range == DAY) {
            if (n > Integer.MAX_VALUE) {
                return Optional.empty();
            }
            candidate = new PgInterval(0, (int) n, 0);
        } else {
            if (n > MAX_TEXT_MICROS / MICROS_PER_HOUR) {
                return Optional.empty();
            }
            long unit = range == HOUR || range == (DAY | HOUR) ? MICROS_PER_HOUR
                    : (range & MINUTE) != 0 && (range & (1 << 12)) == 0 ? MICROS_PER_MINUTE : 1_000_000;
            candidate = new PgInterval(0, 0, n * unit);
        }
        return Optional.of(checkedValue(candidate));
    }

    /** Time edges that stay within range after rounding to the precision. */
    @Override
    public List<Object> hostileValues() {
        long step = precision < 0 ? 1 : 1_000_000 / Integers.pow10(precision);
        long edge = MAX_TEXT_MICROS - MAX_TEXT_MICROS % step;
        return List.of(
                new PgInterval(0, 0, 0),
                new PgInterval(Integer.MIN_VALUE, Integer.MIN_VALUE, -edge),
                new PgInterval(Integer.MAX_VALUE, Integer.MAX_VALUE, edge),
                new PgInterval(0, 0, -1),
                new PgInterval(1, -1, 1),
                new PgInterval(-13, 40, -90_061_500_000L),
                new PgInterval(0, 0, 500_000),
                new PgInterval(0, 0, -500_000),
                new PgInterval(25, 0, 86_400_000_000L));
    }
}
