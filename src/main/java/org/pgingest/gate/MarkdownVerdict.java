package org.pgingest.gate;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.Markdown;
import org.pgingest.results.ParamColumns;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The gate's verdict as Markdown for a pull-request comment or a job summary: servers first when they differ,
 * then the outcome, then a table of what moved (regressions first) and, folded, everything else.
 */
public final class MarkdownVerdict {
    private MarkdownVerdict() {
    }

    public static String render(GateResult r) {
        return render(r, "Benchmark gate", List.of(), rules(r));
    }

    /**
     * The same layout for a verdict reached by other rules ({@code ./bench compare}'s paired ratios).
     *
     * @param title     the heading's name, before the outcome
     * @param notes     lines of the verdict's own, each a paragraph after the outcome line
     * @param rulesLine what "regressed" meant, closing the verdict
     */
    public static String render(GateResult r, String title, List<String> notes, String rulesLine) {
        StringBuilder md = new StringBuilder();
        String outcome = r.outcome();
        md.append("## ").append(title).append(": ").append(outcome).append("\n\n");
        if (!r.facts().comparable()) {
            md.append("**The servers differ**: ").append(String.join("; ", r.facts().differences())).append(". ")
                    .append(r.refused() ? "No regression is called; rerun on comparable servers or pass "
                            + "`--compare-anyway`." : "Compared anyway, as asked.").append("\n\n");
        }
        r.facts().notes().forEach(n -> md.append("Note: ").append(n).append(".\n\n"));
        md.append("Baseline ").append(Markdown.code(r.baselineName())).append(", current ")
                .append(Markdown.code(r.currentName())).append(": ")
                .append(r.summary().replaceFirst("^(PASS|REGRESSION|UNUSABLE): ", "")).append(".\n\n");
        notes.forEach(n -> md.append(n).append("\n\n"));

        List<BenchmarkResult> entries = new ArrayList<>();
        r.comparisons().forEach(c -> entries.add(c.entry()));
        entries.addAll(r.added());
        entries.addAll(r.vanished());
        ParamColumns params = new ParamColumns(entries, r.ignoredParams().keySet());
        if (!params.common().isEmpty()) {
            md.append("Params of every entry: ").append(Markdown.text(params.common())).append(".\n\n");
        }
        r.ignoredParams().forEach((param, values) -> md.append("Compared across param ").append(Markdown.code(param))
                .append(": ").append(Markdown.text(values)).append(".\n\n"));
        List<Comparison> notable = r.comparisons().stream()
                .filter(c -> c.verdict() != Verdict.SAME && c.verdict() != Verdict.NOT_JUDGED)
                .sorted(Comparator.comparing(Comparison::verdict)).toList();
        List<Comparison> rest = r.comparisons().stream()
                .filter(c -> c.verdict() == Verdict.SAME || c.verdict() == Verdict.NOT_JUDGED).toList();
        boolean anyJudged = r.comparisons().stream().anyMatch(c -> c.verdict() != Verdict.NOT_JUDGED);
        if (notable.isEmpty()) {
            // said only of figures that were judged (an adversarial pass: it stood above servers that differ)
            md.append(r.refused() ? "Nothing was judged: the servers differ.\n\n"
                    : anyJudged ? "Nothing moved beyond its threshold.\n\n"
                    : "Nothing was judged: no figure is in both runs.\n\n");
        } else {
            table(md, notable, params);
        }
        if (!rest.isEmpty()) {
            md.append("<details><summary>").append(rest.size()).append(" more metrics: same or not judged</summary>\n\n");
            table(md, rest, params);
            md.append("</details>\n\n");
        }
        entryList(md, "New in the current run", r.added(), params);
        entryList(md, "Vanished since the baseline", r.vanished(), params);
        r.hints().forEach(h -> md.append("Note: ").append(h).append(".\n\n"));
        md.append("↑ higher is better, ↓ lower is better, ? direction unknown (shown, not judged). ")
                .append(rulesLine).append('\n');
        return md.toString();
    }

    /** The rules in one line, so a reader of the comment knows what "regressed" meant. */
    static String rules(GateResult r) {
        GateRules g = r.rules();
        String patterns = g.rules().stream().map(x -> "`" + x.pattern() + "` " + (x.ignore() ? "ignored"
                        : (Double.isNaN(x.threshold()) ? "" : "±" + Format.percent(x.threshold()))
                        + (x.floor() > 0 ? " floor " + Format.number(x.floor()) : "")).trim())
                .collect(Collectors.joining(", "));
        return "Rules: counted metrics regress past ±" + Format.percent(g.counted()) + "; timed metrics past ±"
                + Format.percent(g.timed()) + " and only when Welch's t-test on the iterations gives p < " + g.alpha()
                + (g.timedAdvisory() ? " (advisory: reported, never failing)" : "")
                + (patterns.isEmpty() ? "" : "; per metric: " + patterns)
                + (r.ignoredParams().isEmpty() ? "" : "; params left out of the match: "
                + String.join(", ", r.ignoredParams().keySet()))
                + ".";
    }

    private static void table(StringBuilder md, List<Comparison> rows, ParamColumns params) {
        md.append("| benchmark | params | metric | baseline | current | change | verdict | why |\n");
        md.append("|---|---|---|---:|---:|---:|---|---|\n");
        for (Comparison c : rows) {
            String verdict = c.verdict() == Verdict.REGRESSED ? "**regressed**" : Markdown.text(c.verdict().text());
            md.append(Stream.of(Stream.of(c.entry().shortName() + (c.entry().mode().equals("thrpt") ? "" : " (" + c.entry().mode() + ")"),
                                    params.distinct(c.entry()), metric(c), Format.number(c.baseline()),
                                    Format.number(c.current()), Format.change(c.change())).map(Markdown::text),
                            Stream.of(verdict), Stream.of(Markdown.text(c.why())))
                    .flatMap(cells -> cells).collect(Collectors.joining(" | ", "| ", " |\n")));
        }
        md.append('\n');
    }

    /** "rows (ops/s) ↑": name, unit unless the name says it, and which way is better. */
    static String metric(Comparison c) {
        String arrow = switch (c.direction()) {
            case HIGHER_IS_BETTER -> " ↑";
            case LOWER_IS_BETTER -> " ↓";
            case UNKNOWN -> " ?";
        };
        return c.metric() + (c.metric().equals(c.unit()) || c.unit().isEmpty() ? "" : " (" + c.unit() + ")") + arrow;
    }

    private static void entryList(StringBuilder md, String title, List<BenchmarkResult> entries, ParamColumns params) {
        if (entries.isEmpty()) {
            return;
        }
        md.append(title).append(" (not compared):\n\n");
        entries.forEach(e -> md.append("- ").append(Markdown.text(e.shortName() + " " + e.mode() + " " + params.distinct(e))
                .trim()).append('\n'));
        md.append('\n');
    }
}
