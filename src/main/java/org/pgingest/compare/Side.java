package org.pgingest.compare;

import java.util.Locale;

/** The two builds a comparison runs: the baseline (the main branch's, in CI) and the candidate (the pull request's). */
enum Side {
    BASELINE,
    CANDIDATE;

    /** "baseline", "candidate": in options, file names, the suite's schema and the referee's messages. */
    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    Side other() {
        return this == BASELINE ? CANDIDATE : BASELINE;
    }

    /** One letter for the turn sequences the comparison records ("ABBA"). */
    char letter() {
        return this == BASELINE ? 'A' : 'B';
    }

    static Side ofId(String id) {
        for (Side s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no side " + id);
    }
}
