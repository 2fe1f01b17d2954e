package org.pgingest.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A facts-file line for a trial without results ({@link MissingTrial}, {@link PoolerFailure}):
 * {@code {"benchmark": ..., "params": {...}, "<key>": "reason"}}, and the one-line name of the trial.
 */
final class TrialLine {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TrialLine() {
    }

    /** "CeilingBenchmark.load hostileShare=0.1 method=COPY_TEXT ...": the class and method, then the params. */
    static String describe(String benchmark, SortedMap<String, String> params) {
        StringBuilder sb = new StringBuilder(BenchmarkResult.shortName(benchmark));
        params.forEach((name, value) -> sb.append(' ').append(name).append('=').append(value));
        return sb.toString();
    }

    /** The line, without its newline. */
    static String json(String benchmark, SortedMap<String, String> params, String key, String reason) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("benchmark", benchmark);
        line.put("params", params);
        line.put(key, reason);
        try {
            return JSON.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strings and a map of strings always serialize", e);
        }
    }

    static SortedMap<String, String> params(JsonNode line) {
        SortedMap<String, String> params = new TreeMap<>();
        line.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        return params;
    }
}
