package org.pgingest.workload.types;

/**
 * numeric's values that are not numbers, which BigDecimal cannot hold: NaN (any numeric) and ±Infinity
 * (unconstrained numeric only, PostgreSQL 14 and later; numeric(p,s) refuses them).
 */
enum NumericSpecial {
    NAN("NaN", 0xC000),
    POSITIVE_INFINITY("Infinity", 0xD000),
    NEGATIVE_INFINITY("-Infinity", 0xF000);

    private final String text;
    /** The sign word of the binary form (NUMERIC_NAN, NUMERIC_PINF, NUMERIC_NINF in numeric.c). */
    private final int signWord;

    NumericSpecial(String text, int signWord) {
        this.text = text;
        this.signWord = signWord;
    }

    /** The text numeric_in reads and numeric_out prints. */
    String text() {
        return text;
    }

    int signWord() {
        return signWord;
    }

    boolean isInfinite() {
        return this != NAN;
    }
}
