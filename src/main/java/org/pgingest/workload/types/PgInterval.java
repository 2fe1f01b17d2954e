package org.pgingest.workload.types;

/**
 * An interval value as PostgreSQL stores it: months, days and microseconds, kept apart because a month is not a
 * fixed number of days nor a day a fixed number of microseconds (daylight saving). {@link #POSITIVE_INFINITY} and
 * {@link #NEGATIVE_INFINITY} are 'infinity' and '-infinity', which PostgreSQL 17 and later store.
 */
record PgInterval(int months, int days, long micros) {
    /** interval 'infinity' (INTERVAL_NOEND: every field at its maximum). */
    static final PgInterval POSITIVE_INFINITY = new PgInterval(Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE);
    /** interval '-infinity' (INTERVAL_NOBEGIN: every field at its minimum). */
    static final PgInterval NEGATIVE_INFINITY = new PgInterval(Integer.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE);

    boolean isInfinite() {
        return equals(POSITIVE_INFINITY) || equals(NEGATIVE_INFINITY);
    }
}
