package org.pgingest.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One entry of a JMH result: a benchmark method run with one set of params.
 *
 * @param benchmark full name, e.g. "org.pgingest.bench.IngestBenchmark.load"
 * @param mode      JMH's mode label: thrpt, avgt, sample, ss
 * @param threads   threads per fork
 * @param params    every param, by name (JMH writes values as strings)
 * @param metrics   the primary metric first (named {@value Metric#PRIMARY}), then the secondary ones in file order
 */
public record BenchmarkResult(String benchmark, String mode, int threads, SortedMap<String, String> params,
                              Map<String, Metric> metrics) {

    public BenchmarkResult {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    public Metric primary() {
        return metrics.get(Metric.PRIMARY);
    }

    /** Class and method without the package, e.g. "IngestBenchmark.load". */
    public String shortName() {
        return shortName(benchmark);
    }

    /** Class and method of a full benchmark name, without the package: "IngestBenchmark.load". */
    public static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int type = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(type + 1);
    }

    /** "k=v,k=v" in name order; empty without params. */
    public String paramsLabel() {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    }

    /** Short name with params, e.g. "IngestBenchmark.load(method=BATCH,rows=500)": unique within a run. */
    public String label() {
        return shortName() + (params.isEmpty() ? "" : "(" + paramsLabel() + ")")
                + (threads == 1 ? "" : " t=" + threads);
    }
}
