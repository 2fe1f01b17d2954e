package org.pgingest.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
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
    static final String KEY = "missing";

    public MissingTrial {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    /** Class and method without the package, e.g. "CeilingBenchmark.load" (as {@link BenchmarkResult#shortName()}). */
    public String shortName() {
        return BenchmarkResult.shortName(benchmark);
    }

    /** "CeilingBenchmark.load hostileShare=0.1 method=COPY_TEXT ...": the class and method, then the params. */
    public String trial() {
        return TrialLine.describe(benchmark, params);
    }

    /** The line for the facts file, without its newline. */
    public String jsonLine() {
        return TrialLine.json(benchmark, params, KEY, reason);
    }

    static MissingTrial fromLine(JsonNode line) {
        return new MissingTrial(line.path("benchmark").asText(), TrialLine.params(line), line.path(KEY).asText());
    }
}
