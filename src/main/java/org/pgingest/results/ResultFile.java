package org.pgingest.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One JMH JSON result file and the server facts beside it ({@code <file>.server.jsonl}, absent for results
 * taken without the suite's launcher): per trial its server facts (lines with "server"), the trials the target
 * could not measure (lines with "missing", {@link MissingTrial}) and those whose loader failed through a pooler
 * (lines with "failedThroughPooler", {@link PoolerFailure}). Other lines (a trial's measured round trip) are none
 * of these.
 *
 * <p>JMH 1.37 writes params as strings, {@code scoreError} as the string "NaN" when fewer than three values
 * exist, missing figures as "NaN" scores, per-iteration values in {@code rawData[fork][iteration]} and, in
 * sample mode, {@code rawDataHistogram[fork][iteration][[value, count], ...]} instead.
 *
 * @param path    the JSON file
 * @param results entries in file order
 * @param facts   one per trial; empty without a facts file
 * @param missing trials the target could not measure, each with its reason; JMH's JSON has no entry for them
 * @param poolerFailures trials whose loader failed through a pooler, each with its error; no entry in JMH's JSON
 */
public record ResultFile(Path path, List<BenchmarkResult> results, List<TrialFacts> facts, List<MissingTrial> missing,
                         List<PoolerFailure> poolerFailures) {
    private static final ObjectMapper JSON = new ObjectMapper();
    public static final String FACTS_SUFFIX = ".server.jsonl";
    /** The system property naming the facts file the benchmarks' forks append to (the launcher sets it). */
    public static final String FACTS_FILE_PROPERTY = "pg.facts.file";

    public ResultFile {
        results = List.copyOf(results);
        facts = List.copyOf(facts);
        missing = List.copyOf(missing);
        poolerFailures = List.copyOf(poolerFailures);
    }

    /** A short name for tables: the file name. */
    public String name() {
        return path.getFileName().toString();
    }

    public Path factsPath() {
        return path.resolveSibling(path.getFileName() + FACTS_SUFFIX);
    }

    /**
     * Where and what the parser found, without the file's text it quotes: a password file given as a result had its
     * password on the terminal ("Unrecognized token 'S3cr3t'"; an adversarial pass, 2026-12-03).
     */
    static String fault(JsonProcessingException e) {
        String what = e.getOriginalMessage().lines().findFirst().orElse("").replaceAll("'[^']*'", "'…'")
                .replaceFirst(": was expecting .*", "");
        return e.getLocation() == null ? what
                : "line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": " + what;
    }

    public static ResultFile read(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new ResultFileException(path + (Files.isDirectory(path) ? " is a directory, not a result file"
                    : Files.exists(path) ? " is not a regular file" : ": no such file"));
        }
        JsonNode root;
        try {
            root = JSON.readTree(path.toFile());
        } catch (JsonProcessingException e) {
            throw new ResultFileException(path + " is not JSON (" + fault(e) + "); expected JMH's "
                    + "-rf json output", e);
        } catch (IOException e) {
            throw new ResultFileException(path + " cannot be read: " + e.getMessage(), e);
        }
        if (root == null || !root.isArray()) {
            throw new ResultFileException(path + " is not a JMH JSON result (expected a top-level array of "
                    + "benchmark entries, as written by -rf json)" + otherOutput(root));
        }
        List<BenchmarkResult> results = new ArrayList<>();
        for (JsonNode entry : root) {
            results.add(entry(path, entry, results.size()));
        }
        Path factsPath = path.resolveSibling(path.getFileName() + FACTS_SUFFIX);
        List<TrialFacts> facts = new ArrayList<>();
        List<MissingTrial> missing = new ArrayList<>();
        List<PoolerFailure> poolerFailures = new ArrayList<>();
        if (Files.isRegularFile(factsPath)) {
            readFacts(factsPath, facts, missing, poolerFailures);
        }
        return new ResultFile(path, results, facts, missing, poolerFailures);
    }

    /** "; it is ...": which of the suite's other outputs a JSON object is, where a reader may have mistaken one. */
    private static String otherOutput(JsonNode root) {
        if (root != null && root.has("candidates") && root.has("pairs") && root.has("rounds")) {
            return "; it is a ranking's verdict (./bench rank --json), whose report the ranking writes itself "
                    + "(target/report.html, unless --no-report)";
        }
        if (root != null && root.has("comparison")) {
            return "; it is a paired comparison's verdict (./bench compare), whose JMH results are baseline.json and "
                    + "candidate.json beside it";
        }
        return "";
    }

    private static BenchmarkResult entry(Path path, JsonNode entry, int index) {
        JsonNode primary = entry.get("primaryMetric");
        if (!entry.hasNonNull("benchmark") || !entry.hasNonNull("mode") || primary == null || !primary.isObject()) {
            throw new ResultFileException(path + " is not a JMH JSON result: entry " + index
                    + " has no benchmark, mode or primaryMetric");
        }
        Map<String, String> params = new TreeMap<>();
        JsonNode p = entry.path("params");
        for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            params.put(e.getKey(), e.getValue().asText());
        }
        Map<String, Metric> metrics = new LinkedHashMap<>();
        metrics.put(Metric.PRIMARY, metric(Metric.PRIMARY, primary));
        if (metrics.get(Metric.PRIMARY).score() < 0) {
            // no JMH mode (a rate, a time per operation, a sample, a single shot) measures below 0: an edited file
            throw new ResultFileException(path + ": entry " + index + " (" + entry.get("benchmark").asText()
                    + ") has a score of " + metrics.get(Metric.PRIMARY).score() + ", below 0, which no JMH mode gives");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = entry.path("secondaryMetrics").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals(Metric.PRIMARY)) {
                // it would replace the primary figure in every reader: the gate, the report, the exports
                throw new ResultFileException(path + ": entry " + index + " (" + entry.get("benchmark").asText()
                        + ") has a secondary metric named '" + Metric.PRIMARY + "', the name this suite gives the "
                        + "primary metric; rename it in the benchmark");
            }
            metrics.put(e.getKey(), metric(e.getKey(), e.getValue()));
        }
        return new BenchmarkResult(entry.get("benchmark").asText(), entry.get("mode").asText(),
                entry.path("threads").asInt(1), new TreeMap<>(params), metrics);
    }

    private static Metric metric(String name, JsonNode m) {
        List<Double> iterations = new ArrayList<>();
        if (m.has("rawData")) {
            for (JsonNode fork : m.get("rawData")) {
                for (JsonNode value : fork) {
                    iterations.add(number(value));
                }
            }
        } else if (m.has("rawDataHistogram")) {
            for (JsonNode fork : m.get("rawDataHistogram")) {
                for (JsonNode histogram : fork) {
                    iterations.add(histogramMean(histogram));
                }
            }
        }
        // JMH's error is the half-width of an interval; a negative one (an edited file) is none, or every reader
        // of it (the report's whiskers, the exports' bounds) would draw the interval upside down
        double error = number(m.get("scoreError"));
        return new Metric(name, m.path("scoreUnit").asText(""), number(m.get("score")), error >= 0 ? error : Double.NaN,
                iterations.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The mean of one iteration's samples: [[value, count], ...]. */
    private static double histogramMean(JsonNode histogram) {
        double sum = 0;
        double count = 0;
        for (JsonNode bin : histogram) {
            double n = number(bin.get(1));
            sum += number(bin.get(0)) * n;
            count += n;
        }
        return count > 0 ? sum / count : Double.NaN;
    }

    /** A number, or NaN for JMH's "NaN" strings and anything absent. */
    private static double number(JsonNode node) {
        if (node == null || node.isNull()) {
            return Double.NaN;
        }
        if (node.isNumber()) {
            return node.asDouble();
        }
        try {
            return Double.parseDouble(node.asText());
        } catch (NumberFormatException e) {
            // JMH writes "NaN" (and nothing else non-numeric); anything else is no figure either.
            return Double.NaN;
        }
    }

    private static void readFacts(Path factsPath, List<TrialFacts> facts, List<MissingTrial> missing,
                                  List<PoolerFailure> poolerFailures) {
        Map<String, String> tables = new LinkedHashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(factsPath);
        } catch (IOException e) {
            throw new ResultFileException(factsPath + " cannot be read: " + e.getMessage(), e);
        }
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            JsonNode line;
            try {
                line = JSON.readTree(lines.get(i));
            } catch (JsonProcessingException e) {
                throw new ResultFileException(factsPath + " line " + (i + 1) + " is not JSON: " + fault(e), e);
            }
            if (line.hasNonNull(MissingTrial.KEY)) {
                missing.add(MissingTrial.fromLine(line));
            } else if (line.hasNonNull(PoolerFailure.KEY)) {
                poolerFailures.add(PoolerFailure.fromLine(line));
            } else if (line.path("server").isObject()) {
                facts.add(trialFacts(line));
            } else if (line.path("table").isObject()) {
                tables.put(trialKey(line), line.path("table").path("fingerprint").asText(null));
            }
        }
        // A trial's table (written by its fork after the server line) joins the trial's facts: its fingerprint.
        facts.replaceAll(f -> {
            String fingerprint = tables.get(f.benchmark() + " " + f.params());
            if (fingerprint == null) {
                return f;
            }
            Map<String, String> more = new LinkedHashMap<>(f.facts());
            more.put(TrialFacts.TABLE_FINGERPRINT, fingerprint);
            return new TrialFacts(f.benchmark(), f.params(), more, f.warnings());
        });
    }

    private static String trialKey(JsonNode line) {
        Map<String, String> params = new TreeMap<>();
        line.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        return line.path("benchmark").asText() + " " + params;
    }

    private static TrialFacts trialFacts(JsonNode line) {
        Map<String, String> params = new TreeMap<>();
        line.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        JsonNode server = line.path("server");
        Map<String, String> facts = new LinkedHashMap<>();
        int versionNum = server.path("serverVersionNum").asInt(0);
        facts.put("major", versionNum > 0 ? String.valueOf(versionNum / 10000) : null);
        JsonNode settings = server.path("settings");
        for (String name : TrialFacts.DECISIVE_SETTINGS) {
            facts.put(name, text(settings.get(name)));
        }
        // "pgbouncer transaction": the pooler and its mode; results from before the pooler axis have no key: direct
        JsonNode pooler = server.path("pooler");
        facts.put("pooler", pooler.isObject() ? pooler.path("name").asText() + " " + pooler.path("poolMode").asText() : "direct");
        facts.put("serverVersion", text(server.get("serverVersion")));
        facts.put("target", text(server.get("target")));
        settings.fields().forEachRemaining(e -> facts.putIfAbsent(e.getKey(), text(e.getValue())));
        List<String> warnings = new ArrayList<>();
        server.path("warnings").forEach(w -> warnings.add(w.asText()));
        return new TrialFacts(line.path("benchmark").asText(), new TreeMap<>(params), facts, warnings);
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }
}
