package org.pgingest.results;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes JMH 1.37-shaped JSON for gate tests: params as strings, "NaN" errors for fewer than three iterations,
 * rawData per fork and iteration, secondary metrics, and optionally a server-facts side file.
 */
public final class HandMadeJmh {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<Map<String, Object>> entries = new ArrayList<>();
    private final List<Map<String, Object>> facts = new ArrayList<>();
    private final List<String> missingLines = new ArrayList<>();
    private Map<String, Object> current;

    /** A new entry; metrics follow with {@link #primary} and {@link #secondary}. */
    public HandMadeJmh entry(String benchmark, String mode, String... params) {
        current = new LinkedHashMap<>();
        current.put("jmhVersion", "1.37");
        current.put("benchmark", benchmark);
        current.put("mode", mode);
        current.put("threads", 1);
        current.put("forks", 1);
        Map<String, String> p = new LinkedHashMap<>();
        for (String kv : params) {
            String[] parts = kv.split("=", 2);
            p.put(parts[0], parts[1]);
        }
        current.put("params", p);
        current.put("secondaryMetrics", new LinkedHashMap<String, Object>());
        entries.add(current);
        return this;
    }

    public HandMadeJmh primary(String unit, double... iterations) {
        current.put("primaryMetric", metric(unit, iterations));
        return this;
    }

    @SuppressWarnings("unchecked")
    public HandMadeJmh secondary(String name, String unit, double... iterations) {
        ((Map<String, Object>) current.get("secondaryMetrics")).put(name, metric(unit, iterations));
        return this;
    }

    /** Sample mode: one histogram per iteration, each [[value, count], ...]. */
    public HandMadeJmh primaryHistogram(String unit, double[][][] iterations) {
        Map<String, Object> m = new LinkedHashMap<>();
        double sum = 0;
        double n = 0;
        for (double[][] it : iterations) {
            for (double[] bin : it) {
                sum += bin[0] * bin[1];
                n += bin[1];
            }
        }
        m.put("score", sum / n);
        m.put("scoreError", "NaN");
        m.put("scoreUnit", unit);
        m.put("rawDataHistogram", List.of(Arrays.asList(iterations)));
        current.put("primaryMetric", m);
        return this;
    }

    /** Server facts for the last entry. */
    public HandMadeJmh facts(int versionNum, String fsync, String synchronousCommit, String fullPageWrites, String checksums) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("fsync", fsync);
        settings.put("synchronous_commit", synchronousCommit);
        settings.put("full_page_writes", fullPageWrites);
        settings.put("data_checksums", checksums);
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("target", "embedded");
        server.put("serverVersion", (versionNum / 10000) + "." + (versionNum % 100));
        server.put("serverVersionNum", versionNum);
        server.put("settings", settings);
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("benchmark", current.get("benchmark"));
        line.put("params", current.get("params"));
        line.put("server", server);
        facts.add(line);
        return this;
    }

    /** The table of the last entry, as its fork records it: label and definition fingerprint. */
    public HandMadeJmh table(String label, String fingerprint) {
        Map<String, Object> table = new LinkedHashMap<>();
        table.put("label", label);
        table.put("fingerprint", fingerprint);
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("benchmark", current.get("benchmark"));
        line.put("params", current.get("params"));
        line.put("table", table);
        facts.add(line);
        return this;
    }

    /** A trial the target could not measure: only a facts line, as the launcher writes it; JMH's JSON has no entry. */
    public HandMadeJmh missing(String benchmark, String reason, String... params) {
        java.util.TreeMap<String, String> p = new java.util.TreeMap<>();
        for (String kv : params) {
            String[] parts = kv.split("=", 2);
            p.put(parts[0], parts[1]);
        }
        missingLines.add(new MissingTrial(benchmark, p, reason).jsonLine());
        return this;
    }

    public Path write(Path file) throws IOException {
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(entries));
        if (!facts.isEmpty() || !missingLines.isEmpty()) {
            StringBuilder lines = new StringBuilder();
            for (Map<String, Object> f : facts) {
                lines.append(JSON.writeValueAsString(f)).append('\n');
            }
            missingLines.forEach(line -> lines.append(line).append('\n'));
            Files.writeString(file.resolveSibling(file.getFileName() + ".server.jsonl"), lines.toString());
        }
        return file;
    }

    /** Mean and JMH's habit of writing "NaN" (a string) as the error when fewer than three values exist. */
    private static Map<String, Object> metric(String unit, double... iterations) {
        Map<String, Object> m = new LinkedHashMap<>();
        double mean = Arrays.stream(iterations).average().orElse(Double.NaN);
        m.put("score", Double.isNaN(mean) ? "NaN" : mean);
        m.put("scoreError", iterations.length < 3 ? "NaN" : 1.0);
        m.put("scoreUnit", unit);
        List<Object> raw = new ArrayList<>();
        for (double v : iterations) {
            raw.add(Double.isNaN(v) ? "NaN" : v);
        }
        m.put("rawData", List.of(raw));
        return m;
    }
}
