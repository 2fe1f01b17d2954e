package org.pgingest.gate;

import org.pgingest.results.BenchmarkResult;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the gate found: whether the servers were comparable, every compared metric, and the entries found
 * in one run only.
 *
 * @param baselineName   file name of the baseline
 * @param currentName    file name of the current run
 * @param facts          the server comparison
 * @param compareAnyway  whether the user asked to judge despite differing servers
 * @param comparisons    every metric of every matched entry, in the current run's order
 * @param added          entries only in the current run
 * @param vanished       entries only in the baseline
 * @param ignoredParams  params left out of the match, with their values on each side ("baseline STANDARD,
 *                       current PK_UNIQUE_BTREE")
 * @param hints          what probably explains new and vanished entries (a renamed param)
 * @param rules          the thresholds used
 */
public record GateResult(String baselineName, String currentName, FactsCheck facts, boolean compareAnyway,
                         List<Comparison> comparisons, List<BenchmarkResult> added, List<BenchmarkResult> vanished,
                         Map<String, String> ignoredParams, List<String> hints, GateRules rules) {
    public static final int PASS = 0;
    public static final int REGRESSION = 1;
    public static final int UNUSABLE = 2;

    public GateResult {
        comparisons = List.copyOf(comparisons);
        added = List.copyOf(added);
        vanished = List.copyOf(vanished);
        ignoredParams = Collections.unmodifiableMap(new LinkedHashMap<>(ignoredParams));
        hints = List.copyOf(hints);
    }

    /** True when the servers differ and the user did not ask to compare anyway: nothing is judged. */
    public boolean refused() {
        return !facts.comparable() && !compareAnyway;
    }

    public List<Comparison> regressions() {
        return comparisons.stream().filter(c -> c.verdict() == Verdict.REGRESSED).toList();
    }

    long count(Verdict verdict) {
        return comparisons.stream().filter(c -> c.verdict() == verdict).count();
    }

    /**
     * True when no figure was judged (each not judged or missing: ignored by the rules, its unit changed, too few
     * iterations for a test): a gate that judged nothing cannot pass anything.
     */
    public boolean judgedNothing() {
        return comparisons.stream().allMatch(c -> c.verdict() == Verdict.NOT_JUDGED || c.verdict() == Verdict.MISSING);
    }

    public int exitCode() {
        if (refused() || judgedNothing()) {
            return UNUSABLE;
        }
        return regressions().isEmpty() ? PASS : REGRESSION;
    }

    /** The verdict's first word: PASS, REGRESSION, UNUSABLE (nothing judged) or SERVERS DIFFER. */
    public String outcome() {
        return refused() ? "SERVERS DIFFER" : judgedNothing() ? "UNUSABLE" : regressions().isEmpty() ? "PASS"
                : "REGRESSION";
    }

    /** One line for the log: the outcome and its counts. */
    public String summary() {
        if (refused()) {
            return "servers differ (" + String.join("; ", facts.differences()) + "): no regression called; "
                    + "pass --compare-anyway to judge anyway";
        }
        String counts = count(Verdict.REGRESSED) + " regressed, "
                + (count(Verdict.WORSE_ADVISORY) > 0 ? count(Verdict.WORSE_ADVISORY) + " worse (advisory), " : "")
                + count(Verdict.IMPROVED) + " improved, "
                + count(Verdict.SAME) + " same, " + count(Verdict.NOISE) + " noise, " + count(Verdict.MISSING)
                + " missing, " + count(Verdict.NOT_JUDGED) + " not judged; " + added.size() + " new, "
                + vanished.size() + " vanished entries";
        return outcome() + ": " + (judgedNothing() ? "nothing judged, " : "") + counts;
    }
}
