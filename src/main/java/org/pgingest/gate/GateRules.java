package org.pgingest.gate;

import java.util.ArrayList;
import java.util.List;

/**
 * The thresholds the gate judges by: one default per metric kind, the significance level for timed metrics, and
 * rules per metric-name pattern (the last matching rule wins, so users' rules override the defaults).
 *
 * @param counted threshold of counted metrics (relative change that fails)
 * @param timed   minimum relative change of timed metrics before the significance test is asked
 * @param alpha   significance level of Welch's t-test
 * @param rules   per-pattern thresholds, in order
 * @param timedAdvisory timed regressions are reported but do not fail the gate: for shared runners, where
 *                      other jobs' load moves times by more than any sane threshold between two runs
 */
public record GateRules(double counted, double timed, double alpha, List<Rule> rules, boolean timedAdvisory) {
    /**
     * Commits, statements and WAL records per row repeat to within 0.1 % between runs of the same code; 5 % leaves
     * room and still catches one more index (+33 % WAL records per row for BATCH) or a commit per row (x500).
     */
    static final double DEFAULT_COUNTED = 0.05;
    /**
     * Smaller timed changes are not judged at all. On shared runners no threshold is enough (docs/ci.md): use
     * {@link #timedAdvisory()} there.
     */
    static final double DEFAULT_TIMED = 0.20;
    static final double DEFAULT_ALPHA = 0.01;
    /**
     * WAL fsyncs per row include the walwriter's background flushes (one per wal_writer_delay while WAL is
     * unflushed) and segment-end fsyncs, which depend on timing: they move more than the other counted figures.
     */
    static final List<Rule> DEFAULT_RULES = List.of(new Rule("wal.fsyncs/*", 0.15, 0, false),
            // A window's fixed WAL (the checkpoint record, the first pages of new relation files) is spread over
            // however many rows the iteration loaded, so WAL bytes per row drift with throughput (docs/ci.md)
            new Rule("wal.bytes/*", 0.10, 0, false),
            // Full-page images are 0 per call on the suite's freshly truncated tables once warmed up, a little more
            // before: less than one image per call is no change of the loader's (docs/ci.md)
            new Rule("wal.fpi/*", Double.NaN, 1, false),
            // A server-prepared statement is planned a few times per trial, not per call: spread over an iteration's
            // calls that is a fraction of a plan per call, which follows the number of calls. A loader that plans
            // once more per call is a change of 1.
            new Rule("plans/*", Double.NaN, 1, false),
            // pgjdbc server-prepares from the fifth execution, so planning is near 0 ms per op and doubles on
            // nothing; planning-heavy workloads spend milliseconds.
            new Rule("plan.time/*", Double.NaN, 0.01, false));

    public GateRules {
        rules = List.copyOf(rules);
        if (!(alpha > 0 && alpha < 1)) {
            throw new GateInputException("alpha " + alpha + " must be between 0 and 1 (e.g. 0.01)");
        }
    }

    public static GateRules defaults() {
        return new GateRules(DEFAULT_COUNTED, DEFAULT_TIMED, DEFAULT_ALPHA, DEFAULT_RULES, false);
    }

    public GateRules withRules(List<Rule> more) {
        List<Rule> all = new ArrayList<>(rules);
        all.addAll(more);
        return new GateRules(counted, timed, alpha, all, timedAdvisory);
    }

    public GateRules withCounted(double threshold) {
        return new GateRules(threshold, timed, alpha, rules, timedAdvisory);
    }

    public GateRules withTimed(double threshold) {
        return new GateRules(counted, threshold, alpha, rules, timedAdvisory);
    }

    public GateRules withAlpha(double a) {
        return new GateRules(counted, timed, a, rules, timedAdvisory);
    }

    public GateRules withTimedAdvisory() {
        return new GateRules(counted, timed, alpha, rules, true);
    }

    /** The last rule matching {@code metricName}, or null. */
    Rule ruleFor(String metricName) {
        Rule found = null;
        for (Rule r : rules) {
            if (r.matches(metricName)) {
                found = r;
            }
        }
        return found;
    }

    /** The threshold for a metric of this kind and name. */
    public double threshold(MetricKind kind, String metricName) {
        Rule r = ruleFor(metricName);
        if (r != null && !r.ignore() && !Double.isNaN(r.threshold())) {
            return r.threshold();
        }
        return kind == MetricKind.COUNTED ? counted : timed;
    }

    /** Absolute change (in the metric's unit) that is always "same"; 0 without a rule. */
    public double floor(String metricName) {
        Rule r = ruleFor(metricName);
        return r == null || r.ignore() ? 0 : r.floor();
    }

    boolean ignored(String metricName) {
        Rule r = ruleFor(metricName);
        return r != null && r.ignore();
    }
}
