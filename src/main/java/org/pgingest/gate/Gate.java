package org.pgingest.gate;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.Metric;
import org.pgingest.results.ResultFile;
import org.pgingest.stats.CostFigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares a current JMH result with a baseline. Entries are matched by benchmark, mode, threads and every param
 * (except those the user asks to leave out, for comparing two values of one knob); then every metric of a matched
 * pair is judged by its kind:
 * <ul>
 *   <li>counted: regressed when worse by more than the threshold;</li>
 *   <li>timed: regressed when worse by more than the minimum change AND Welch's t-test on the per-iteration
 *       values rejects "same mean" at alpha;</li>
 *   <li>direction unknown, ignored by a rule, or servers that differ: shown, not judged.</li>
 * </ul>
 */
public final class Gate {
    /** Failed figures named in the refusal's one line; the rest are counted. */
    private static final int SHOWN_FAILURES = 5;
    private final GateRules rules;
    private final List<String> ignoredParams;
    private final boolean compareAnyway;

    /**
     * @param rules          thresholds
     * @param ignoredParams  params left out of the match (their values still show in the tables)
     * @param compareAnyway  judge even when the servers' decisive facts differ
     */
    public Gate(GateRules rules, List<String> ignoredParams, boolean compareAnyway) {
        this.rules = rules;
        this.ignoredParams = List.copyOf(ignoredParams);
        this.compareAnyway = compareAnyway;
    }

    public GateResult compare(ResultFile baseline, ResultFile current) {
        requireParamsExist(baseline, current);
        FactsCheck facts = FactsCheck.of(baseline, current);
        boolean judge = facts.comparable() || compareAnyway;
        Map<String, List<String>> oneSided = paramsOfOneSide(baseline, current);
        Map<String, BenchmarkResult> base = byKey(baseline, ignoredParams, oneSided);
        Map<String, BenchmarkResult> cur = byKey(current, ignoredParams, oneSided);
        Set<String> common = new LinkedHashSet<>(cur.keySet());
        common.retainAll(base.keySet());
        if (common.isEmpty()) {
            throw new GateInputException("nothing in common: no benchmark of " + current.name() + " matches one of "
                    + baseline.name() + " by name, mode, threads and params (" + cur.size() + " and " + base.size()
                    + " entries; a renamed param or a different selection? --ignore-param NAME leaves a param out)");
        }
        List<Comparison> comparisons = new ArrayList<>();
        for (String key : common) {
            BenchmarkResult b = base.get(key);
            BenchmarkResult c = cur.get(key);
            Set<String> names = new LinkedHashSet<>(c.metrics().keySet());
            names.addAll(b.metrics().keySet());
            Contamination baselineOther = Contamination.of(b);
            Contamination currentOther = Contamination.of(c);
            for (String name : names) {
                comparisons.add(judge(b, c, baselineOther, currentOther, name, judge));
            }
        }
        requireMeasured(comparisons, current);
        List<BenchmarkResult> added = cur.entrySet().stream().filter(e -> !base.containsKey(e.getKey()))
                .map(Map.Entry::getValue).toList();
        List<BenchmarkResult> vanished = base.entrySet().stream().filter(e -> !cur.containsKey(e.getKey()))
                .map(Map.Entry::getValue).toList();
        Map<String, String> across = new LinkedHashMap<>();
        Set<String> acrossParams = new LinkedHashSet<>(ignoredParams);
        oneSided.values().forEach(acrossParams::addAll);
        for (String param : acrossParams) {
            across.put(param, "baseline " + values(baseline, param) + ", current " + values(current, param));
        }
        return new GateResult(baseline.name(), current.name(), facts, compareAnyway, comparisons, added, vanished,
                across, renamedParams(vanished, added), rules);
    }

    /** An --ignore-param naming a param neither file has is a typo, and would leave the match as it was. */
    private void requireParamsExist(ResultFile baseline, ResultFile current) {
        Set<String> params = paramNames(baseline.results());
        params.addAll(paramNames(current.results()));
        for (String param : ignoredParams) {
            if (!params.contains(param)) {
                throw new GateInputException("--ignore-param " + param + ": no entry of " + baseline.name() + " or "
                        + current.name() + " has that param" + (params.isEmpty() ? " (they have none)"
                        : "; their params: " + String.join(", ", params)));
            }
        }
    }

    /**
     * A user's rule whose pattern matches no metric of either file is a typo (or a pattern written as a regex), and
     * would leave the thresholds as they were.
     */
    public static void requireEachMatches(List<Rule> rules, ResultFile baseline, ResultFile current) {
        List<String> unmatched = unmatched(rules, baseline, current);
        if (!unmatched.isEmpty()) {
            throw new GateInputException("rule pattern '" + unmatched.get(0) + "' matches no metric of "
                    + baseline.name() + " or " + current.name() + "; their metrics: "
                    + String.join(", ", metricNames(baseline, current)));
        }
    }

    /** The patterns of {@code rules} that match no metric of either file, in order. */
    public static List<String> unmatched(List<Rule> rules, ResultFile baseline, ResultFile current) {
        Set<String> names = metricNames(baseline, current);
        return rules.stream().filter(rule -> names.stream().noneMatch(rule::matches)).map(Rule::pattern).toList();
    }

    /** Every metric name of either file, sorted: what a refusal of a rule lists. */
    public static Set<String> metricNames(ResultFile baseline, ResultFile current) {
        Set<String> names = new TreeSet<>();
        for (ResultFile file : List.of(baseline, current)) {
            file.results().forEach(r -> names.addAll(r.metrics().keySet()));
        }
        return names;
    }

    /**
     * A figure the baseline has that the current run left NaN, infinite or out is a measurement that failed, not a
     * figure that stayed the same: the run is unusable as it is (exit 2), unless a rule ignores the metric. Left out
     * counts too: a build whose cost profiler broke wrote no figure but rows/s, and passed (an adversarial pass,
     * 2026-12-03).
     */
    private void requireMeasured(List<Comparison> comparisons, ResultFile current) {
        List<String> failed = comparisons.stream()
                .filter(c -> c.verdict() == Verdict.MISSING && Double.isFinite(c.baseline())
                        && !Double.isFinite(c.current()) && !rules.ignored(c.metric()))
                .map(c -> c.entry().label() + " " + c.metric() + (!c.entry().metrics().containsKey(c.metric())
                        ? " is absent" : Contamination.of(c.entry()).all() && CostFigure.isServerFigure(c.metric())
                        ? " held other work on the server in every iteration" : " is " + c.current())
                        + " (baseline " + Format.number(c.baseline()) + " " + c.unit() + ")")
                .toList();
        if (!failed.isEmpty()) {
            throw new GateInputException(current.name() + " did not measure what the baseline did: "
                    + String.join("; ", failed.subList(0, Math.min(SHOWN_FAILURES, failed.size())))
                    + (failed.size() > SHOWN_FAILURES ? "; and " + (failed.size() - SHOWN_FAILURES) + " more" : "")
                    + "; a NaN, Infinity or absent figure is a failed measurement (rerun, or leave the metric out "
                    + "with --rule 'NAME=ignore')");
        }
    }

    /**
     * Pairs of a vanished and a new entry of one benchmark whose params differ only in one name with the same
     * value: most likely a renamed {@code @Param}, which no match can bridge until the baseline is run again.
     */
    static List<String> renamedParams(List<BenchmarkResult> vanished, List<BenchmarkResult> added) {
        Set<String> hints = new LinkedHashSet<>();
        for (BenchmarkResult v : vanished) {
            for (BenchmarkResult a : added) {
                if (!v.benchmark().equals(a.benchmark()) || !v.mode().equals(a.mode()) || v.threads() != a.threads()) {
                    continue;
                }
                Map<String, String> onlyOld = new TreeMap<>(v.params());
                Map<String, String> onlyNew = new TreeMap<>(a.params());
                onlyOld.keySet().removeAll(a.params().keySet());
                onlyNew.keySet().removeAll(v.params().keySet());
                boolean restEqual = v.params().entrySet().stream().filter(e -> !onlyOld.containsKey(e.getKey()))
                        .allMatch(e -> e.getValue().equals(a.params().get(e.getKey())));
                if (onlyOld.size() == 1 && onlyNew.size() == 1 && restEqual
                        && onlyOld.values().iterator().next().equals(onlyNew.values().iterator().next())) {
                    hints.add("param `" + onlyOld.keySet().iterator().next() + "` of " + v.shortName()
                            + " looks renamed to `" + onlyNew.keySet().iterator().next()
                            + "`: those entries are not compared until the baseline is run again");
                }
            }
        }
        return List.copyOf(hints);
    }

    private static String values(ResultFile file, String param) {
        Set<String> values = new TreeSet<>();
        // Entries of benchmarks without the param (a round trip beside Ingest) say nothing of its values.
        file.results().stream().filter(r -> r.params().containsKey(param)).forEach(r -> values.add(r.params().get(param)));
        if (values.isEmpty()) {
            values.add("(none)");
        }
        return String.join("/", values);
    }

    /**
     * Per benchmark, params that every entry of that benchmark in one file has, at one value throughout, and no entry
     * of it in the other: what a later build added to a benchmark (at its default), which tells no entry from another
     * and would leave that benchmark's entries unmatched. Only where one file alone has params the other lacks for
     * that benchmark: both having some may be a rename.
     */
    private static Map<String, List<String>> paramsOfOneSide(ResultFile baseline, ResultFile current) {
        Map<String, List<String>> byBenchmark = new TreeMap<>();
        Set<String> benchmarks = new TreeSet<>();
        baseline.results().forEach(r -> benchmarks.add(r.benchmark()));
        for (String benchmark : benchmarks) {
            List<BenchmarkResult> base = of(baseline, benchmark);
            List<BenchmarkResult> cur = of(current, benchmark);
            if (cur.isEmpty()) {
                continue;
            }
            Set<String> onlyBaseline = paramNames(base);
            onlyBaseline.removeAll(paramNames(cur));
            Set<String> onlyCurrent = paramNames(cur);
            onlyCurrent.removeAll(paramNames(base));
            if (!onlyBaseline.isEmpty() && !onlyCurrent.isEmpty()) {
                continue;
            }
            List<BenchmarkResult> extra = onlyBaseline.isEmpty() ? cur : base;
            List<String> names = (onlyBaseline.isEmpty() ? onlyCurrent : onlyBaseline).stream()
                    .filter(name -> extra.stream().allMatch(r -> r.params().containsKey(name))
                            && extra.stream().map(r -> r.params().get(name)).distinct().count() == 1)
                    .sorted().toList();
            if (!names.isEmpty()) {
                byBenchmark.put(benchmark, names);
            }
        }
        return byBenchmark;
    }

    private static List<BenchmarkResult> of(ResultFile file, String benchmark) {
        return file.results().stream().filter(r -> r.benchmark().equals(benchmark)).toList();
    }

    private static Set<String> paramNames(List<BenchmarkResult> entries) {
        Set<String> names = new TreeSet<>();
        entries.forEach(r -> names.addAll(r.params().keySet()));
        return names;
    }

    private static Map<String, BenchmarkResult> byKey(ResultFile file, List<String> ignored,
                                                      Map<String, List<String>> oneSided) {
        Map<String, BenchmarkResult> byKey = new LinkedHashMap<>();
        for (BenchmarkResult r : file.results()) {
            BenchmarkResult before = byKey.put(key(r, ignored, oneSided), r);
            if (before != null) {
                throw new GateInputException(file.name() + " holds two entries that match as one: " + before.label()
                        + " and " + r.label() + (ignored.isEmpty() ? "" : " (after ignoring " + ignored + ")"));
            }
        }
        return byKey;
    }

    private static String key(BenchmarkResult r, List<String> ignored, Map<String, List<String>> oneSided) {
        Map<String, String> params = new TreeMap<>(r.params());
        ignored.forEach(params::remove);
        oneSided.getOrDefault(r.benchmark(), List.of()).forEach(params::remove);
        return r.benchmark() + " " + r.mode() + " t=" + r.threads() + " " + params;
    }

    /**
     * One metric of a matched pair of entries; {@code baselineOther} and {@code currentOther}: their iterations that
     * held other work on the server, whose server figures are left out.
     */
    private Comparison judge(BenchmarkResult baselineEntry, BenchmarkResult entry, Contamination baselineOther,
                             Contamination currentOther, String name, boolean judge) {
        Metric given = baselineEntry.metrics().get(name);
        Metric c = entry.metrics().get(name);
        String unit = c != null ? c.unit() : given.unit();
        UnitMeaning meaning = UnitMeaning.of(unit);
        String leftOut = "";
        if (CostFigure.isServerFigure(name) && given != null && c != null) {
            Metric cleanBaseline = baselineOther.clean(given);
            Metric cleanCurrent = currentOther.clean(c);
            // clean gives the metric itself where it left nothing out (no flag, or iterations not the flag's)
            List<String> sides = new ArrayList<>();
            if (cleanBaseline != given) {
                sides.add(baselineOther.count() + " of " + baselineOther.iterations() + " in the baseline");
            }
            if (cleanCurrent != c) {
                sides.add(currentOther.count() + " of " + currentOther.iterations() + " in the current run");
            }
            if (!sides.isEmpty()) {
                leftOut = "over the iterations without other work on the server (left out: " + String.join(", ", sides)
                        + ")";
            }
            given = cleanBaseline;
            c = cleanCurrent;
        }
        // The same figure in another of JMH's time units (-tu ms: ops/ms where the baseline has ops/s): converted.
        OptionalDouble factor = given == null || c == null || given.unit().equals(c.unit()) ? OptionalDouble.empty()
                : UnitMeaning.factor(given.unit(), c.unit());
        Metric b = factor.isPresent() ? given.in(c.unit(), factor.getAsDouble()) : given;
        double base = b == null ? Double.NaN : b.score();
        double cur = c == null ? Double.NaN : c.score();
        if (b == null || c == null) {
            return new Comparison(entry, name, unit, meaning.kind(), meaning.direction(), base, cur, Double.NaN,
                    Double.NaN, Verdict.MISSING, "absent in the " + (b == null ? "baseline" : "current run"));
        }
        if (b.missing() || c.missing()) {
            String side = b.missing() && c.missing() ? "both runs" : b.missing() ? "the baseline" : "the current run";
            double notMeasured = c.missing() ? cur : base;
            return new Comparison(entry, name, unit, meaning.kind(), meaning.direction(), base, cur, Double.NaN,
                    Double.NaN, Verdict.MISSING, leftOut.isEmpty() ? notMeasured + " (not measured) in " + side
                    : "other work ran on the server in every iteration of " + side);
        }
        double change = relativeChange(base, cur);
        Outcome o = outcome(name, meaning, b, c, change, judge, unit.equals(b.unit()) ? null : b.unit());
        String why = factor.isPresent() ? o.why + (o.why.isEmpty() ? "" : " ") + "(baseline converted from "
                + given.unit() + ")" : o.why;
        why = leftOut.isEmpty() ? why : why + (why.isEmpty() ? "" : ", ") + leftOut;
        return new Comparison(entry, name, unit, meaning.kind(), meaning.direction(), base, cur, change, o.pValue,
                o.verdict, why);
    }

    private record Outcome(Verdict verdict, String why, double pValue) {
    }

    private Outcome outcome(String name, UnitMeaning meaning, Metric b, Metric c, double change, boolean judge,
                            String otherUnit) {
        if (otherUnit != null) {
            return new Outcome(Verdict.NOT_JUDGED, "unit changed: baseline " + otherUnit + ", current " + c.unit(),
                    Double.NaN);
        }
        if (rules.ignored(name)) {
            return new Outcome(Verdict.NOT_JUDGED, "ignored by rule " + rules.ruleFor(name).pattern(), Double.NaN);
        }
        if (meaning.direction() == Direction.UNKNOWN || meaning.kind() == MetricKind.UNKNOWN) {
            return new Outcome(Verdict.NOT_JUDGED, "unit " + (c.unit().isEmpty() ? "(none)" : c.unit())
                    + ": direction unknown", Double.NaN);
        }
        if (!judge) {
            return new Outcome(Verdict.NOT_JUDGED, "servers differ", Double.NaN);
        }
        double threshold = rules.threshold(meaning.kind(), name);
        boolean worse = meaning.direction() == Direction.LOWER_IS_BETTER ? change > 0 : change < 0;
        String limit = Format.percent(threshold);
        if (!(Math.abs(change) > threshold)) {
            return new Outcome(Verdict.SAME, "within ±" + limit + " (" + meaning.kind().label() + ")", Double.NaN);
        }
        double floor = rules.floor(name);
        if (Math.abs(c.score() - b.score()) <= floor) {
            return new Outcome(Verdict.SAME, "moved less than the floor " + Format.number(floor) + " " + c.unit(),
                    Double.NaN);
        }
        String moved = Format.change(change);
        if (meaning.kind() == MetricKind.COUNTED) {
            return new Outcome(worse ? Verdict.REGRESSED : Verdict.IMPROVED,
                    moved + " beyond ±" + limit + " (counted)", Double.NaN);
        }
        double[] bi = b.presentIterations();
        double[] ci = c.presentIterations();
        if (bi.length < WelchTest.MIN_VALUES || ci.length < WelchTest.MIN_VALUES) {
            return new Outcome(Verdict.NOT_JUDGED, moved + " but too few iterations for a test (" + bi.length + " and "
                    + ci.length + "; need " + WelchTest.MIN_VALUES + " each)", Double.NaN);
        }
        if (WelchTest.untestable(bi, ci)) {
            return new Outcome(Verdict.NOISE, moved + " but every iteration of each run gave the same value: below the "
                    + "figure's resolution, no test possible (timed; longer iterations make it vary)", Double.NaN);
        }
        double p = WelchTest.pValue(bi, ci);
        String test = "Welch p=" + Format.pValue(p);
        if (p < rules.alpha()) {
            Verdict verdict = !worse ? Verdict.IMPROVED : rules.timedAdvisory() ? Verdict.WORSE_ADVISORY : Verdict.REGRESSED;
            return new Outcome(verdict, moved + " beyond ±" + limit + ", " + test + " < " + rules.alpha() + " (timed"
                    + (verdict == Verdict.WORSE_ADVISORY ? ", advisory" : "") + ")", p);
        }
        return new Outcome(Verdict.NOISE, moved + " but " + test + " ≥ " + rules.alpha() + ": not significant (timed)", p);
    }

    /** (current - baseline) / |baseline|; from a zero baseline: 0 when still zero, else ±infinity. */
    static double relativeChange(double baseline, double current) {
        if (baseline == 0) {
            return current == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, current);
        }
        return (current - baseline) / Math.abs(baseline);
    }
}
