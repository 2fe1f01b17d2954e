package org.pgingest.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.pgingest.results.BenchmarkResult;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gate's verdict for machines: outcome and exit code, server differences, every comparison and the entries
 * in one run only. Missing and infinite numbers are {@code null} (JSON has no NaN).
 */
public final class JsonVerdict {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonVerdict() {
    }

    public static String render(GateResult r) {
        return write(tree(r, MarkdownVerdict.rules(r)));
    }

    /** JSON text of a tree built by {@link #tree} (and extended by its caller). */
    public static String write(Map<String, Object> tree) {
        try {
            return JSON.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The verdict as a tree of maps and lists, for a caller that adds fields of its own ({@code ./bench compare}).
     *
     * @param rulesLine what "regressed" meant
     */
    public static Map<String, Object> tree(GateResult r, String rulesLine) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("outcome", r.refused() ? "servers-differ" : r.regressions().isEmpty() ? "pass" : "regression");
        root.put("exitCode", r.exitCode());
        root.put("summary", r.summary());
        root.put("baseline", r.baselineName());
        root.put("current", r.currentName());
        root.put("serverDifferences", r.facts().differences());
        root.put("notes", r.facts().notes());
        root.put("hints", r.hints());
        root.put("compareAnyway", r.compareAnyway());
        root.put("rules", rulesLine);
        root.put("comparedAcrossParams", r.ignoredParams());
        List<Map<String, Object>> comparisons = new ArrayList<>();
        for (Comparison c : r.comparisons()) {
            Map<String, Object> m = entry(c.entry());
            m.put("metric", c.metric());
            m.put("unit", c.unit());
            m.put("kind", c.kind().label());
            m.put("direction", c.direction().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            m.put("baseline", number(c.baseline()));
            m.put("current", number(c.current()));
            m.put("change", number(c.change()));
            m.put("pValue", number(c.pValue()));
            if (c.paired() != null) {
                m.put("ratio", number(c.paired().ratio()));
                m.put("ratioLow", number(c.paired().low()));
                m.put("ratioHigh", number(c.paired().high()));
                m.put("confidence", c.paired().confidence());
                m.put("pairs", c.paired().pairs());
                // The smallest change this comparison would have found 9 times in 10, at the noise it measured.
                m.put("detectableChange", number(c.paired().detectableChange(PairedRatio.DETECTION_POWER)));
            }
            m.put("verdict", c.verdict().text());
            m.put("why", c.why());
            comparisons.add(m);
        }
        root.put("comparisons", comparisons);
        root.put("new", r.added().stream().map(JsonVerdict::entry).toList());
        root.put("vanished", r.vanished().stream().map(JsonVerdict::entry).toList());
        return root;
    }

    private static Map<String, Object> entry(BenchmarkResult e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", e.benchmark());
        m.put("mode", e.mode());
        m.put("threads", e.threads());
        m.put("params", e.params());
        return m;
    }

    /** JSON has no NaN or infinity: null. */
    static Double number(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
