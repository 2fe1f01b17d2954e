package org.pgingest.workload.types;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Facts the date and time codecs share: PostgreSQL's epoch and ranges (datatype/timestamp.h, the same in 14-18),
 * its rounding of fractional seconds, and the ISO text forms every DateStyle reads.
 */
final class DateTimes {
    /** 2000-01-01, PostgreSQL's epoch for date, timestamp and timestamptz binary forms. */
    static final long POSTGRES_EPOCH_DAY = LocalDate.of(2000, 1, 1).toEpochDay();
    static final long POSTGRES_EPOCH_SECOND = POSTGRES_EPOCH_DAY * 86_400L;
    /** The first day PostgreSQL holds, 4714-11-24 BC (Julian day 0), and the last, 5874897-12-31. */
    static final LocalDate MIN_DATE = LocalDate.of(-4713, 11, 24);
    static final LocalDate MAX_DATE = LocalDate.of(5_874_897, 12, 31);
    /** MIN_TIMESTAMP and END_TIMESTAMP: microseconds since the epoch, the end exclusive (294277-01-01). */
    static final long MIN_MICROS = -211_813_488_000_000_000L;
    static final long END_MICROS = 9_223_371_331_200_000_000L;
    static final long MICROS_PER_DAY = 86_400_000_000L;
    /** The binary forms of -infinity and infinity (DT_NOBEGIN, DT_NOEND). */
    static final long NOBEGIN = Long.MIN_VALUE;
    static final long NOEND = Long.MAX_VALUE;

    private static final long[] SCALES = {1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};

    private DateTimes() {
    }

    /**
     * Sub-microsecond nanoseconds (0..999,999,999) to microseconds the way PostgreSQL reads a fraction of a
     * second in text (ParseFractionalSecond: strtod, then rint(frac * 1000000)). nanos / 1e9 is the double
     * nearest the decimal fraction, as strtod's result is; Math.rint rounds half to even like C's rint. The
     * result may be 1,000,000 (a carry into the next second).
     */
    static long roundToMicros(int nanos) {
        return nanos % 1000 == 0 ? nanos / 1000 : (long) Math.rint((nanos / 1e9) * 1e6);
    }

    /**
     * Microseconds rounded to a precision typmod (0-6 fractional digits; -1 or 6 keep them) as
     * AdjustTimestampForTypmod, AdjustTimeForTypmod and AdjustIntervalForTypmod do: half away from zero.
     */
    static long roundToTypmod(long micros, int precision) {
        if (precision < 0 || precision >= 6) {
            return micros;
        }
        long scale = SCALES[precision];
        long offset = scale / 2;
        return micros >= 0 ? (micros + offset) / scale * scale : -((-micros + offset) / scale * scale);
    }

    /** "YYYY-MM-DD" with at least four year digits, years before 1 AD as " BC" (ISO year 0 is 1 BC). */
    static StringBuilder appendDate(StringBuilder out, LocalDate date) {
        return appendDate(out, date.toEpochDay());
    }

    /**
     * The date of a day count since 1970-01-01 in the proleptic Gregorian calendar ("YYYY-MM-DD", then " BC" for
     * years before 1 AD), computed without a LocalDate: COPY encoders call this for every value. The arithmetic is
     * the well-known days-to-civil conversion over 400-year eras of 146097 days, counted from March so that the
     * leap day ends a year.
     */
    static StringBuilder appendDate(StringBuilder out, long epochDay) {
        return appendDateDigits(out, epochDay) ? out.append(" BC") : out;
    }

    /** "YYYY-MM-DD" of the date (the year before 1 AD counted as BC years); returns whether it is BC. */
    private static boolean appendDateDigits(StringBuilder out, long epochDay) {
        long shifted = epochDay + 719_468; // days since 0000-03-01
        long era = Math.floorDiv(shifted, 146_097);
        long dayOfEra = shifted - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long monthFromMarch = (5 * dayOfYear + 2) / 153;
        long day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1;
        long month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        appendPadded(out, year <= 0 ? 1 - year : year, 4).append('-');
        appendPadded(out, month, 2).append('-');
        appendPadded(out, day, 2);
        return year <= 0;
    }

    /**
     * "YYYY-MM-DD HH:MM:SS.ffffff" of microseconds since 2000-01-01 00:00, then {@code zone}, then " BC" for
     * years before 1 AD (timestamptz_in reads the era after the zone); no objects made.
     */
    static StringBuilder appendDateTime(StringBuilder out, long micros, String zone) {
        long day = Math.floorDiv(micros, MICROS_PER_DAY);
        boolean bc = appendDateDigits(out, POSTGRES_EPOCH_DAY + day);
        appendTime(out.append(' '), micros - day * MICROS_PER_DAY).append(zone);
        return bc ? out.append(" BC") : out;
    }

    /** "HH:MM:SS.ffffff" of microseconds since midnight (24:00:00 included). */
    static StringBuilder appendTime(StringBuilder out, long microsOfDay) {
        long seconds = microsOfDay / 1_000_000;
        appendPadded(out, (int) (seconds / 3600), 2).append(':');
        appendPadded(out, (int) (seconds / 60 % 60), 2).append(':');
        appendPadded(out, (int) (seconds % 60), 2).append('.');
        return appendPadded(out, (int) (microsOfDay % 1_000_000), 6);
    }

    /** "+HH:MM:SS" or "-HH:MM:SS" of an offset east of UTC in seconds. */
    static StringBuilder appendOffset(StringBuilder out, int offsetSeconds) {
        out.append(offsetSeconds < 0 ? '-' : '+');
        int abs = Math.abs(offsetSeconds);
        appendPadded(out, abs / 3600, 2).append(':');
        appendPadded(out, abs / 60 % 60, 2).append(':');
        return appendPadded(out, abs % 60, 2);
    }

    /** A non-negative value with leading zeros to {@code width} digits. */
    static StringBuilder appendPadded(StringBuilder out, long value, int width) {
        for (long limit = Integers.pow10(width - 1); limit > 1 && value < limit; limit /= 10) {
            out.append('0');
        }
        return out.append(value);
    }

    /**
     * ISO date, time and zone as the server prints them with DateStyle ISO (and as the codecs write them): a year
     * of four or more digits, "T" or a space before the time, a fraction of any length, a zone "+HH", "+HH:MM",
     * "+HH:MM:SS" or "Z", then " BC" for years before 1 AD.
     */
    private static final Pattern DATE_TIME = Pattern.compile(
            "(\\d{4,})-(\\d{2})-(\\d{2})(?:[ T](\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?))?"
                    + "(Z|[+-]\\d{2}(?::?\\d{2}(?::?\\d{2})?)?)?( BC)?");
    private static final Pattern TIME = Pattern.compile("(\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d+))?)?"
            + "(Z|[+-]\\d{2}(?::?\\d{2}(?::?\\d{2})?)?)?");

    /** A date, time and zone read from text; time and zone null when absent. */
    record Parsed(LocalDate date, LocalTime time, Integer offsetSeconds) {
        LocalDateTime dateTime() {
            return date.atTime(time == null ? LocalTime.MIDNIGHT : time);
        }
    }

    /** Reads "2024-01-31 12:00:00.5+01 BC" and its shorter forms; null when the text is not of that form. */
    static Parsed parseDateTime(String text) {
        Matcher m = DATE_TIME.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        int year = Integer.parseInt(m.group(1));
        LocalDate date = LocalDate.of(m.group(6) != null ? 1 - year : year, Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)));
        LocalTime time = m.group(4) == null ? null : parseTime(m.group(4)).time();
        return new Parsed(date, time, m.group(5) == null ? null : offsetSeconds(m.group(5)));
    }

    /**
     * Reads "12:00:00.123456+05:30" and its shorter forms (the zone optional); null when the text is not of that
     * form or names 24:00:00, which LocalTime cannot hold.
     */
    static Parsed parseTime(String text) {
        Matcher m = TIME.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        int hour = Integer.parseInt(m.group(1));
        if (hour > 23) {
            return null;
        }
        int second = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        String fraction = m.group(4) == null ? "" : m.group(4);
        int nanos = fraction.isEmpty() ? 0 : Integer.parseInt((fraction + "00000000").substring(0, 9));
        LocalTime time = LocalTime.of(hour, Integer.parseInt(m.group(2)), second, nanos);
        return new Parsed(null, time, m.group(5) == null ? null : offsetSeconds(m.group(5)));
    }

    /** "Z", "+05", "-03:30", "+0530", "+05:17:32" as seconds east of UTC. */
    private static int offsetSeconds(String zone) {
        if (zone.equals("Z")) {
            return 0;
        }
        String digits = zone.substring(1).replace(":", "");
        int seconds = Integer.parseInt(digits.substring(0, 2)) * 3600
                + (digits.length() >= 4 ? Integer.parseInt(digits.substring(2, 4)) * 60 : 0)
                + (digits.length() >= 6 ? Integer.parseInt(digits.substring(4, 6)) : 0);
        return zone.charAt(0) == '-' ? -seconds : seconds;
    }
}
