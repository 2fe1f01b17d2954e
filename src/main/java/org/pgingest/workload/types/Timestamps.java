package org.pgingest.workload.types;


/**
 * The microsecond arithmetic timestamp and timestamptz share: from epoch seconds and nanoseconds to the stored
 * microseconds since 2000-01-01 (rounded as the server rounds text input, then to the precision typmod), and
 * the range check. Epoch seconds first, without an Instant: counting in nanoseconds would overflow beyond
 * about 292 years.
 */
final class Timestamps {
    private Timestamps() {
    }

    /** The precision of a timestamp typmod: 0-6, or -1 for the default (microseconds). */
    static int precision(int typmod) {
        return typmod < 0 ? -1 : Math.min(typmod, 6);
    }

    /**
     * Microseconds since 2000-01-01 that the server stores for this instant (UTC) or local date-time (read as
     * UTC), or a {@link ValueRejectedException} when that lies outside 4714-11-24 BC to 294276-12-31 23:59:59.999999.
     */
    static long storedMicros(long epochSecond, int nano, int precision, String sqlType) {
        long second = epochSecond - DateTimes.POSTGRES_EPOCH_SECOND;
        if (second < DateTimes.MIN_MICROS / 1_000_000 - 1 || second > DateTimes.END_MICROS / 1_000_000 + 1) {
            throw outOfRange(sqlType);
        }
        long exact = second * 1_000_000 + DateTimes.roundToMicros(nano);
        if (exact < DateTimes.MIN_MICROS || exact >= DateTimes.END_MICROS) {
            throw outOfRange(sqlType);
        }
        long micros = DateTimes.roundToTypmod(exact, precision);
        if (micros >= DateTimes.END_MICROS) {
            throw roundedPastTheEnd(sqlType);
        }
        return micros;
    }

    /**
     * The last second's upper half at a precision below 6 (294276-12-31 23:59:59.5 for p = 0): the server rounds it to
     * 294277-01-01 after its range check and stores that (14-18), but its input, text and binary, refuses the rounded
     * value, so no loader can send it.
     */
    private static ValueRejectedException roundedPastTheEnd(String sqlType) {
        return new ValueRejectedException(ValueRejectedException.SUITE_LIMIT, sqlType + ": a value that rounds past "
                + "294276-12-31 23:59:59 at the column's precision, which PostgreSQL stores (as 294277-01-01) but takes "
                + "from no loader: a limit of the suite, not of PostgreSQL");
    }

    private static ValueRejectedException outOfRange(String sqlType) {
        return new ValueRejectedException(ValueRejectedException.OUT_OF_RANGE, sqlType + ": timestamp out of range"
                + " (PostgreSQL holds 4714-11-24 00:00:00 BC to 294276-12-31 23:59:59.999999, after rounding to the"
                + " column's precision)");
    }

    /** The last microsecond count a column of this precision stores (294276-12-31 23:59:59 and its fraction). */
    static long lastMicros(int precision) {
        return DateTimes.END_MICROS - (precision < 0 || precision >= 6 ? 1 : 1_000_000 / Integers.pow10(precision));
    }

    static long epochSecond(long micros) {
        return Math.floorDiv(micros, 1_000_000) + DateTimes.POSTGRES_EPOCH_SECOND;
    }

    static int nanoOfSecond(long micros) {
        return (int) Math.floorMod(micros, 1_000_000) * 1000;
    }
}
