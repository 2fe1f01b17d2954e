package org.pgingest.workload.types;

/**
 * A range value: bounds of the subtype's Java class, null for an unbounded side, and whether each bound is
 * included; or {@link #EMPTY}. An infinite value of the subtype (timestamp 'infinity') is a bound, not the absence
 * of one. The codec's checked form is the one the server stores: unbounded sides exclusive, discrete ranges
 * (int4range, int8range, daterange) as [lower, upper), a range holding no value as {@link #EMPTY}.
 */
record PgRange(Object lower, Object upper, boolean lowerInclusive, boolean upperInclusive, boolean isEmpty) {
    /** The range 'empty'. */
    static final PgRange EMPTY = new PgRange(null, null, false, false, true);

    /** A non-empty range; {@code bounds} is "[)", "[]", "()" or "(]" as in range constructors. */
    static PgRange of(Object lower, Object upper, String bounds) {
        if (bounds.length() != 2 || "[(".indexOf(bounds.charAt(0)) < 0 || "])".indexOf(bounds.charAt(1)) < 0) {
            throw new IllegalArgumentException("bounds must be one of [) [] () (], not " + bounds);
        }
        return new PgRange(lower, upper, bounds.charAt(0) == '[', bounds.charAt(1) == ']', false);
    }
}
