package org.pgingest.gate;

/** What the gate concluded about one metric of one benchmark entry. */
public enum Verdict {
    /** Worse past the rule: fails the gate. */
    REGRESSED("regressed"),
    /** A timed regression (large and significant) under {@link GateRules#timedAdvisory()}: shown, does not fail. */
    WORSE_ADVISORY("worse (advisory)"),
    /** Better past the rule. */
    IMPROVED("improved"),
    /** Within the threshold. */
    SAME("same"),
    /** A timed change past the minimum that the significance test could not tell from noise. */
    NOISE("noise"),
    /** Absent or NaN on one side (or both): nothing to compare. */
    MISSING("missing"),
    /** Shown only: direction unknown, ignored by a rule, or the servers differ. */
    NOT_JUDGED("not judged");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    String text() {
        return text;
    }
}
