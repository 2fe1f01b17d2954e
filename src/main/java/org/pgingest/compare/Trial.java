package org.pgingest.compare;

import org.openjdk.jmh.annotations.Mode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One JMH trial: a benchmark method in one mode with one value per param. A comparison runs each trial it finds in
 * both jars as a JMH run of its own on each side, so that both sides run exactly this trial whatever the jars'
 * {@code @Param} defaults are.
 *
 * @param benchmark full method name, e.g. "org.pgingest.bench.IngestBenchmark.load"
 * @param mode      the benchmark's mode
 * @param params    every param of the trial, by name
 */
record Trial(String benchmark, Mode mode, SortedMap<String, String> params) {

    Trial {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
    }

    /** "IngestBenchmark.load(method=BATCH,rows=500)" */
    String label() {
        int method = benchmark.lastIndexOf('.');
        int type = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(type + 1) + (params.isEmpty() ? "" : params.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(",", "(", ")")))
                + (mode == Mode.Throughput ? "" : " [" + mode.shortLabel() + "]");
    }

    /** JMH arguments that select exactly this trial: the method by its full name, its mode and every param. */
    List<String> jmhArgs() {
        List<String> args = new ArrayList<>(List.of("^" + Pattern.quote(benchmark) + "$", "-bm", mode.shortLabel()));
        params.forEach((name, value) -> args.addAll(List.of("-p", name + "=" + value)));
        return args;
    }
}
