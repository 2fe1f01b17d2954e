package org.pgingest.report;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.MissingTrial;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which columns tell entries apart: the run (several files), the benchmark (several benchmarks), the method,
 * and every other param with more than one value among the entries that have it; the rest is said once.
 */
final class EntryLabels {
    private final boolean runs;
    private final boolean benchmarks;
    private final boolean method;
    private final List<String> varying = new ArrayList<>();
    private final boolean threads;
    private final SortedMap<String, String> shared = new TreeMap<>();

    EntryLabels(boolean severalRuns, List<BenchmarkResult> entries, List<MissingTrial> missing) {
        runs = severalRuns;
        Set<String> names = new TreeSet<>();
        entries.forEach(e -> names.add(e.shortName()));
        missing.forEach(m -> names.add(m.shortName()));
        benchmarks = names.size() > 1;
        Map<String, Set<String>> values = new TreeMap<>();
        entries.forEach(e -> e.params().forEach((k, v) -> values.computeIfAbsent(k, x -> new TreeSet<>()).add(v)));
        method = values.containsKey("method");
        values.remove("method");
        values.forEach((name, v) -> {
            if (v.size() > 1) {
                varying.add(name);
            } else {
                shared.put(name, v.iterator().next());
            }
        });
        threads = entries.stream().map(BenchmarkResult::threads).distinct().count() > 1;
    }

    List<String> columns() {
        List<String> c = new ArrayList<>();
        if (runs) {
            c.add("run");
        }
        if (benchmarks) {
            c.add("benchmark");
        }
        if (method) {
            c.add("method");
        }
        c.addAll(varying);
        if (threads) {
            c.add("threads");
        }
        return c;
    }

    SortedMap<String, String> shared() {
        return shared;
    }

    /** One entry's label as one phrase: "Ceiling COPY_BINARY rows=500" (no run). */
    String phrase(BenchmarkResult e) {
        return phrase("", e.shortName(), e.params(), e.threads());
    }

    /** "k=v, k=v" of the shared params; empty when none. */
    String sharedText() {
        return String.join(", ", shared.entrySet().stream().map(x -> x.getKey() + "=" + x.getValue()).toList());
    }

    /** One cell per {@link #columns()}: the run, the benchmark, the method and each varying param's value ("" where none). */
    List<String> cells(String run, BenchmarkResult e) {
        return labelled(run, e.shortName(), e.params(), e.threads()).stream().map(c -> c[1]).toList();
    }

    /** The entry as one phrase, with its run where several are ranked: "main.json Ingest COPY_BINARY rows=500". */
    String phrase(String run, BenchmarkResult e) {
        return phrase(run, e.shortName(), e.params(), e.threads());
    }

    /** A missing trial named as its entry would have been (no run: a missing trial has none of its own). */
    String phrase(MissingTrial m) {
        return phrase("", m.shortName(), m.params(), 1);
    }

    private String phrase(String run, String shortName, Map<String, String> params, int threadCount) {
        return String.join(" ", labelled(run, shortName, params, threadCount).stream()
                .filter(c -> !c[1].isEmpty()).map(c -> c[0].isEmpty() ? c[1] : c[0] + "=" + c[1]).toList());
    }

    /** Pairs of (param name, or "" for run, benchmark, method and threads; value). */
    private List<String[]> labelled(String run, String shortName, Map<String, String> params, int threadCount) {
        List<String[]> label = new ArrayList<>();
        if (runs) {
            label.add(new String[] {"", run});
        }
        if (benchmarks) {
            label.add(new String[] {"", benchmarkName(shortName)});
        }
        if (method) {
            label.add(new String[] {"", params.getOrDefault("method", "")});
        }
        varying.forEach(name -> label.add(new String[] {name, params.getOrDefault(name, "")}));
        if (threads) {
            label.add(new String[] {"", threadCount + (threadCount == 1 ? " thread" : " threads")});
        }
        return label;
    }

    /** "IngestBenchmark.load" → "Ingest"; another method than load keeps its name: "RoundTrip.selectOne". */
    private static String benchmarkName(String shortName) {
        int dot = shortName.indexOf('.');
        String type = dot < 0 ? shortName : shortName.substring(0, dot);
        String methodName = dot < 0 ? "" : shortName.substring(dot + 1);
        String kind = type.endsWith("Benchmark") ? type.substring(0, type.length() - "Benchmark".length()) : type;
        return methodName.equals("load") || methodName.isEmpty() ? kind : kind + "." + methodName;
    }
}
