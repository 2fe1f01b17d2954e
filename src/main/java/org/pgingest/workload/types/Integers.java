package org.pgingest.workload.types;

import java.util.Optional;

/** The sequence of distinct keys the integer-valued codecs share. */
final class Integers {
    private Integers() {
    }

    /**
     * The n-th of 0, 1, 2, ... max, then -1, -2, ... min: ascending keys first, as a sequence or an application
     * hands them out (so a unique index grows at its right edge, as it does in production); empty once the
     * type's values are used up.
     */
    static Optional<Long> nth(long n, long min, long max) {
        if (n < 0) {
            throw new IllegalArgumentException("n must be >= 0, was " + n);
        }
        if (n <= max) {
            return Optional.of(n);
        }
        long below = max - n; // -1 for n = max + 1
        return below >= min && below < 0 ? Optional.of(below) : Optional.empty();
    }

    /** 10^exponent for 0 <= exponent <= 18. */
    static long pow10(int exponent) {
        long v = 1;
        for (int i = 0; i < exponent; i++) {
            v *= 10;
        }
        return v;
    }
}
