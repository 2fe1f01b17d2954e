package org.pgingest.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A trial the target could not measure ({@link NotMeasurableException}), one line of {@code <json>.server.jsonl}
 * written by the launcher: {@code {"benchmark": ..., "params": {...}, "missing": "reason"}}. JMH's JSON leaves
 * the trial out, so without this line a reader sees only an absent row, not that it is missing and why.
 *
 * @param benchmark full benchmark name
 * @param params    the trial's params
 * @param reason    why this target cannot give the figure
 */
public record MissingTrial(String benchmark, SortedMap<String, String> params, String reason) {
    /** The key of a missing trial's line in the facts file (server facts lines have "server"). */
    public static final String KEY = "missing";
    private static final ObjectMapper JSON = new ObjectMapper();

    public MissingTrial {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    /** Class and method without the package, e.g. "CeilingBenchmark.load" (as {@link BenchmarkResult#shortName()}). */
    public String shortName() {
        return BenchmarkResult.shortName(benchmark);
    }

    /** "CeilingBenchmark.load hostileShare=0.1 method=COPY_TEXT ...": the class and method, then the params. */
    public String trial() {
        StringBuilder sb = new StringBuilder(shortName());
        params.forEach((name, value) -> sb.append(' ').append(name).append('=').append(value));
        return sb.toString();
    }

    /** The line for the facts file, without its newline. */
    public String jsonLine() {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("benchmark", benchmark);
        line.put("params", params);
        line.put(KEY, reason);
        try {
            return JSON.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strings and a map of strings always serialize", e);
        }
    }

    static MissingTrial fromLine(JsonNode line) {
        Map<String, String> params = new TreeMap<>();
        line.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        return new MissingTrial(line.path("benchmark").asText(), new TreeMap<>(params), line.path(KEY).asText());
    }
}
