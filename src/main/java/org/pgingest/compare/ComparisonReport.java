package org.pgingest.compare;

import org.pgingest.gate.Comparison;
import org.pgingest.gate.FactsCheck;
import org.pgingest.gate.Gate;
import org.pgingest.gate.GateResult;
import org.pgingest.gate.JsonVerdict;
import org.pgingest.gate.MarkdownVerdict;
import org.pgingest.gate.PairedRatio;
import org.pgingest.results.Markdown;
import org.pgingest.results.Metric;
import org.pgingest.results.ParamColumns;
import org.pgingest.results.ResultFile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The verdict of a finished comparison in the gate's two forms (Markdown, JSON), with what a comparison adds to the
 * gate's: how both sides ran (one server, the lengths, each side's session settings, each trial's turn order), the
 * trials one jar only holds, the trials a side failed, and how small a slowdown each score could have shown.
 *
 * @param markdown the Markdown verdict
 * @param json     the JSON verdict
 * @param exitCode 0 pass, 1 regression (or a trial only the candidate failed), 2 unusable
 * @param summary  one line for the log
 */
record ComparisonReport(String markdown, String json, int exitCode, String summary) {
    /**
     * What the comparison ran.
     *
     * @param effective each side's session settings as its sessions read them back
     * @param only      the trials of the selection only one side's jar holds
     * @param server    the shared server in one line
     */
    record Run(Map<Side, BenchmarkJar> jars, Map<Side, SideOptions> sides, Map<Side, Map<String, String>> effective,
               List<PairedRun.TrialRun> trials, Map<Side, List<Trial>> only, String server, CompareOptions options,
               long seconds) {
    }

    static ComparisonReport of(Run run, Map<Side, ResultFile> results) {
        List<String> notes = new ArrayList<>();
        CompareOptions o = run.options();
        notes.add("Both sides loaded into one server (" + Markdown.text(run.server()) + "), taking turns one iteration "
                + "at a time in "
                + "ABBA order: per trial and side " + o.warmups() + " warm-up and " + o.iterations() + " measured "
                + "iterations of " + o.iterationTime() + ", " + o.forks() + (o.forks() == 1 ? " fork" : " forks") + "; "
                + run.trials().size() + (run.trials().size() == 1 ? " trial" : " trials") + " in "
                + CompareMain.minutes(run.seconds()) + ".");
        for (Side side : Side.values()) {
            if (!run.effective().get(side).isEmpty()) {
                notes.add("The " + side.id() + "'s sessions set " + run.effective().get(side).entrySet().stream()
                        .map(e -> Markdown.code(e.getKey()) + " = " + Markdown.text(e.getValue()))
                        .collect(Collectors.joining(", "))
                        + " (read back).");
            }
        }
        for (Side side : Side.values()) {
            if (!run.only().get(side).isEmpty()) {
                notes.add("Only in the " + side.id() + " jar, not compared: " + run.only().get(side).stream()
                        .map(t -> Markdown.code(t.label())).collect(Collectors.joining(", ")) + ".");
            }
        }
        boolean baselineFailed = false;
        boolean candidateFailed = false;
        for (PairedRun.TrialRun r : run.trials()) {
            for (Map.Entry<Side, String> f : r.failures().entrySet()) {
                notes.add("**Failed** on the " + f.getKey().id() + " side: " + Markdown.code(r.trial().label()) + ": "
                        + Markdown.text(f.getValue()) + ".");
                baselineFailed |= f.getKey() == Side.BASELINE;
                candidateFailed |= f.getKey() == Side.CANDIDATE;
            }
        }
        ResultFile baseline = results.get(Side.BASELINE);
        GateResult result = baseline.results().isEmpty() ? null : PairedVerdict.judge(baseline,
                results.get(Side.CANDIDATE), o.rules(), askedDifferences(baseline, results.get(Side.CANDIDATE),
                        run.sides(), notes));
        List<String> unmatched = result == null ? List.of()
                : Gate.unmatched(o.askedRules(), baseline, results.get(Side.CANDIDATE));
        if (!unmatched.isEmpty()) {
            // a typo'd pattern would judge by the defaults it meant to replace, and pass (leftover of 2026-12-03)
            notes.add("**Not judged as asked**: " + unmatched.stream().map(p -> "--rule pattern " + Markdown.code(p))
                    .collect(Collectors.joining(", ")) + " matches no figure of either side's results ("
                    + Markdown.text(String.join(", ", Gate.metricNames(baseline, results.get(Side.CANDIDATE))))
                    + "); exit 2.");
        }
        List<Comparison> scores = result == null ? List.of() : result.comparisons().stream()
                .filter(c -> c.paired() != null && c.metric().equals(Metric.PRIMARY)).toList();
        if (!scores.isEmpty()) {
            ParamColumns params = new ParamColumns(scores.stream().map(Comparison::entry).toList());
            notes.add("Smallest change each score would have shown 9 times in 10 at the noise measured: "
                    + scores.stream().map(c -> Markdown.text((c.entry().shortName() + " "
                                    + params.distinct(c.entry())).trim()) + " "
                            + percent(c.paired().detectableChange(PairedRatio.DETECTION_POWER)))
                    .collect(Collectors.joining(", ")) + ".");
        }
        // A trial the baseline failed leaves nothing to judge it by; one only the candidate failed is the candidate's.
        int exit = baselineFailed || !unmatched.isEmpty() ? GateResult.UNUSABLE
                : result == null ? (candidateFailed ? GateResult.REGRESSION : GateResult.UNUSABLE)
                : Math.max(result.exitCode(), candidateFailed ? GateResult.REGRESSION : GateResult.PASS);
        String outcome = exit == GateResult.PASS ? "PASS" : exit == GateResult.REGRESSION ? "REGRESSION"
                : result != null && result.refused() ? "SERVERS DIFFER" : "UNUSABLE";
        String summary = result == null ? outcome + ": no trial ran on both sides"
                : !unmatched.isEmpty() ? outcome + ": --rule pattern '" + unmatched.get(0) + "' matches no figure of "
                + "either side's results"
                : outcome + ": " + result.summary().replaceFirst("^(PASS|REGRESSION|UNUSABLE): ", "")
                + (candidateFailed || baselineFailed ? "; failed trials listed above the table" : "");
        String rules = result == null ? "" : PairedVerdict.rules(result, scores.size());
        String markdown = result == null
                ? "## Paired comparison: " + outcome + "\n\n" + String.join("\n\n", notes) + "\n"
                : MarkdownVerdict.render(result, "Paired comparison", notes, rules)
                .replaceFirst("^## Paired comparison: [A-Z ]+\n", "## Paired comparison: " + outcome + "\n");
        Map<String, Object> tree = result == null ? new LinkedHashMap<>() : JsonVerdict.tree(result, rules);
        tree.put("outcome", outcome.toLowerCase(Locale.ROOT).replace(' ', '-'));
        tree.put("exitCode", exit);
        tree.put("summary", summary);
        tree.put("comparison", comparisonTree(run, scores.size()));
        return new ComparisonReport(markdown, JsonVerdict.write(tree), exit, summary);
    }

    /** How the comparison ran, for machines: the JSON verdict's {@code comparison} object. */
    private static Map<String, Object> comparisonTree(Run run, int scores) {
        CompareOptions o = run.options();
        Map<String, Object> comparison = new LinkedHashMap<>();
        comparison.put("method", "paired");
        for (Side side : Side.values()) {
            comparison.put(side.id() + "Jar", run.jars().get(side).path().toString());
        }
        comparison.put("server", run.server());
        Map<String, Object> settings = new LinkedHashMap<>();
        run.effective().forEach((side, values) -> settings.put(side.id(), values));
        comparison.put("sessionSettings", settings);
        Map<String, Object> lengths = new LinkedHashMap<>();
        lengths.put("forks", o.forks());
        lengths.put("warmups", o.warmups());
        lengths.put("warmupTime", o.warmupTime().toString());
        lengths.put("measured", o.iterations());
        lengths.put("measuredTime", o.iterationTime().toString());
        comparison.put("iterations", lengths);
        comparison.put("alpha", o.rules().alpha());
        comparison.put("scoresJudged", scores);
        comparison.put("confidence", PairedVerdict.confidence(o.rules().alpha(), scores));
        comparison.put("seconds", run.seconds());
        List<Map<String, Object>> trials = new ArrayList<>();
        for (PairedRun.TrialRun r : run.trials()) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("benchmark", r.trial().benchmark());
            t.put("mode", r.trial().mode().shortLabel());
            t.put("params", r.trial().params());
            t.put("turns", r.turns());
            Map<String, String> failures = new LinkedHashMap<>();
            r.failures().forEach((side, why) -> failures.put(side.id(), why));
            t.put("failures", failures);
            trials.add(t);
        }
        comparison.put("trials", trials);
        comparison.put("onlyInBaseline", run.only().get(Side.BASELINE).stream().map(Trial::label).toList());
        comparison.put("onlyInCandidate", run.only().get(Side.CANDIDATE).stream().map(Trial::label).toList());
        return comparison;
    }

    /**
     * Whether the sides' decisive server facts differ only where the user asked them to (a per-side
     * {@code synchronous_commit}): then they are judged anyway, with a note; any other difference is the gate's
     * "servers differ".
     */
    private static boolean askedDifferences(ResultFile baseline, ResultFile candidate, Map<Side, SideOptions> sides,
                                            List<String> notes) {
        FactsCheck facts = FactsCheck.of(baseline, candidate);
        if (facts.comparable()) {
            return false;
        }
        Set<String> asked = new LinkedHashSet<>();
        sides.values().forEach(s -> asked.addAll(s.settings().keySet()));
        boolean allAsked = facts.differences().stream().allMatch(d -> asked.contains(d.substring(0, d.indexOf(':'))));
        if (allAsked) {
            notes.add("The sides' servers differ as asked per side: " + Markdown.text(String.join("; ", facts.differences()))
                    + ".");
        }
        return allAsked;
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }
}
