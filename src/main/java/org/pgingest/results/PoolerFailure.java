package org.pgingest.results;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A trial whose loader failed through a connection pooler ({@link FailedThroughPoolerException}), one line of
 * {@code <json>.server.jsonl} written by the launcher: {@code {"benchmark": ..., "params": {...},
 * "failedThroughPooler": "SQLSTATE 26000: prepared statement \"S_1\" does not exist"}}. A result of the pooler axis:
 * JMH's JSON has no entry for the trial, and this line says that it failed and with what error.
 *
 * @param benchmark full benchmark name
 * @param params    the trial's params (the pooler among them)
 * @param error     the SQLSTATE and the first line of the message, or "rows lost, no error: " and the row check's
 *                  finding
 */
public record PoolerFailure(String benchmark, SortedMap<String, String> params, String error) {
    public static final String KEY = "failedThroughPooler";

    public PoolerFailure {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    /** "PoolerBenchmark.load method=BATCH prepareThreshold=5 via=pgbouncer-transaction ...". */
    public String trial() {
        return TrialLine.describe(benchmark, params);
    }

    /** The line for the facts file, without its newline. */
    public String jsonLine() {
        return TrialLine.json(benchmark, params, KEY, error);
    }

    static PoolerFailure fromLine(JsonNode line) {
        return new PoolerFailure(line.path("benchmark").asText(), TrialLine.params(line), line.path(KEY).asText());
    }
}
