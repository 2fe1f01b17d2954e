package org.pgingest.compare;

import org.pgingest.gate.Comparison;
import org.pgingest.gate.Direction;
import org.pgingest.gate.Format;
import org.pgingest.gate.Gate;
import org.pgingest.gate.GateResult;
import org.pgingest.gate.GateRules;
import org.pgingest.gate.MetricKind;
import org.pgingest.gate.PairedRatio;
import org.pgingest.gate.Verdict;
import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.Metric;
import org.pgingest.results.ResultFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges the two sides' results of a comparison. Counted figures (WAL, fsyncs, commits, statements) go through the
 * gate as they are ({@link Gate}): they are nearly exact run to run, and each side's are its own window's. Timed
 * figures are judged on their paired ratio instead ({@link PairedRatio}), which is what the interleaving is for, and
 * so is the loader's allocation per row: counted in bytes, but what a call allocates follows the JIT's escape
 * analysis and the calls' length (6.4 against 13.7 B/row at two call rates, docs/compare.md), so it moves between
 * JVMs as a timed figure does, and is advisory like one:
 * <ul>
 *   <li>a trial's primary score is <b>regressed</b> when its interval leaves out 1 on the worse side and the ratio is
 *       worse than the minimum change ({@link GateRules#timed()}, 2 % by default here); the comparison's alpha is
 *       shared by the trials' scores (Bonferroni: each interval is at 1 - alpha / trials), so that a comparison of the
 *       quick selection's eight trials calls a false regression no more often than one of a single trial;</li>
 *   <li>the other timed figures (rows/s, planning, execution, server CPU) are shown with their ratios and intervals
 *       at the same level; when worse they are <b>worse (advisory)</b> and do not fail: rows/s repeats the score, and
 *       the server's own timings are parts of it, so judging them too would multiply the false alarms and add no
 *       regression the score misses.</li>
 * </ul>
 */
final class PairedVerdict {
    /** The minimum change of a timed figure worth a verdict, where the user gives none: see docs/compare.md. */
    static final double DEFAULT_TIMED = 0.02;

    private PairedVerdict() {
    }

    /** The per-interval confidence that keeps the whole comparison's false alarms at alpha. */
    static double confidence(double alpha, int judgedScores) {
        return 1 - alpha / Math.max(1, judgedScores);
    }

    /**
     * @param compareAnyway judge although the sides' decisive server facts differ (they were asked to, per side)
     */
    static GateResult judge(ResultFile baseline, ResultFile candidate, GateRules rules, boolean compareAnyway) {
        GateResult gate = new Gate(rules, List.of(), compareAnyway).compare(baseline, candidate);
        if (gate.refused()) {
            return gate;
        }
        long scores = gate.comparisons().stream().filter(c -> isPaired(c) && c.metric().equals(Metric.PRIMARY)).count();
        double confidence = confidence(rules.alpha(), (int) scores);
        List<Comparison> judged = new ArrayList<>();
        for (Comparison c : gate.comparisons()) {
            judged.add(isPaired(c) ? paired(c, baseline, rules, confidence) : c);
        }
        return new GateResult(gate.baselineName(), gate.currentName(), gate.facts(), gate.compareAnyway(), judged,
                gate.added(), gate.vanished(), gate.ignoredParams(), gate.hints(), rules);
    }

    /**
     * Timed figures, and the loader's allocation, with a direction that both sides measured: the gate judged them,
     * the pairs judge them here.
     */
    private static boolean isPaired(Comparison c) {
        return (c.kind() == MetricKind.TIMED || isAllocation(c)) && c.direction() != Direction.UNKNOWN
                && c.verdict() != Verdict.MISSING && c.verdict() != Verdict.NOT_JUDGED;
    }

    /** The loader's allocation per row ({@code alloc.bytes/row}), as the report finds it too. */
    private static boolean isAllocation(Comparison c) {
        return c.metric().toLowerCase(Locale.ROOT).contains("alloc") && c.unit().equals("B/row");
    }

    private static Comparison paired(Comparison c, ResultFile baseline, GateRules rules, double confidence) {
        double floor = rules.floor(c.metric());
        String kind = c.metric().equals(Metric.PRIMARY) ? "(timed, paired)" : isAllocation(c)
                ? "(allocation: follows the JIT, paired, advisory)" : "(timed, paired, advisory)";
        if (Math.abs(c.current() - c.baseline()) <= floor) {
            // Figures near zero (planning of a prepared statement: 0 to 1e-4 ms) double on nothing.
            return new Comparison(c.entry(), c.metric(), c.unit(), c.kind(), c.direction(), c.baseline(), c.current(),
                    c.change(), Double.NaN, Verdict.SAME, "moved less than the floor " + Format.number(floor) + " "
                    + c.unit() + " " + kind);
        }
        BenchmarkResult base = baseline.results().stream().filter(r -> r.label().equals(c.entry().label())
                && r.mode().equals(c.entry().mode())).findFirst().orElseThrow();
        double[] b = base.metrics().get(c.metric()).iterations();
        double[] k = c.entry().metrics().get(c.metric()).iterations();
        PairedRatio.Estimate e;
        try {
            e = PairedRatio.of(b, k, confidence);
        } catch (IllegalArgumentException tooFew) {
            return new Comparison(c.entry(), c.metric(), c.unit(), c.kind(), c.direction(), c.baseline(), c.current(),
                    c.change(), Double.NaN, Verdict.NOISE, tooFew.getMessage() + " " + kind);
        }
        double change = e.ratio() - 1;
        boolean worse = c.direction() == Direction.HIGHER_IS_BETTER ? change < 0 : change > 0;
        String interval = "ratio " + Format.number(e.ratio()) + ", " + Format.percent(confidence) + " interval "
                + Format.number(e.low()) + "–" + Format.number(e.high()) + " over " + e.pairs() + " pairs";
        double threshold = rules.threshold(MetricKind.TIMED, c.metric());
        Verdict verdict;
        String why;
        if (!(Math.abs(change) > threshold)) {
            verdict = Verdict.SAME;
            why = interval + ": within ±" + Format.percent(threshold) + " " + kind;
        } else if (!e.excludesNoChange()) {
            verdict = Verdict.NOISE;
            why = interval + ": " + Format.change(change) + " but the interval holds 1 " + kind;
        } else {
            verdict = !worse ? Verdict.IMPROVED : c.metric().equals(Metric.PRIMARY) ? Verdict.REGRESSED
                    : Verdict.WORSE_ADVISORY;
            why = interval + ": " + Format.change(change) + " beyond ±" + Format.percent(threshold) + " " + kind;
        }
        return new Comparison(c.entry(), c.metric(), c.unit(), c.kind(), c.direction(), c.baseline(), c.current(),
                change, Double.NaN, verdict, why, e);
    }

    /** What "regressed" meant, for the verdict's last line. */
    static String rules(GateResult r, int judgedScores) {
        GateRules g = r.rules();
        return String.format(Locale.ROOT, "Rules: timed figures are judged on the ratio of paired iterations (ABBA "
                        + "order) with a %s interval each (alpha %s shared by %d scores); a score regresses when its "
                        + "interval leaves out 1 and it is worse by more than %s, other timed figures and the loader's "
                        + "allocation are advisory; counted figures regress past ±%s as in the gate.",
                Format.percent(confidence(g.alpha(), judgedScores)),
                g.alpha(), judgedScores, Format.percent(g.timed()), Format.percent(g.counted()));
    }
}
