package org.pgingest.results;


import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Splits params into those every entry shares (said once above a table) and those that tell entries apart (one
 * column), so a table of many entries stays readable.
 */
public final class ParamColumns {
    private final Map<String, String> common;

    public ParamColumns(Collection<BenchmarkResult> entries) {
        this(entries, Set.of());
    }

    /** @param notCommon params never said once above the table (the gate's params compared across) */
    public ParamColumns(Collection<BenchmarkResult> entries, Set<String> notCommon) {
        Map<String, Set<String>> values = new TreeMap<>();
        for (BenchmarkResult e : entries) {
            e.params().forEach((k, v) -> values.computeIfAbsent(k, x -> new TreeSet<>()).add(v));
        }
        Map<String, String> shared = new TreeMap<>();
        values.forEach((k, v) -> {
            if (v.size() == 1 && !notCommon.contains(k) && entries.stream().allMatch(e -> e.params().containsKey(k))) {
                shared.put(k, v.iterator().next());
            }
        });
        common = shared;
    }

    /** "k=v, k=v" of the params all entries share; empty when none. */
    public String common() {
        return common.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** "k=v k=v" of this entry's params that are not common. */
    public String distinct(BenchmarkResult entry) {
        return entry.params().entrySet().stream().filter(e -> !common.containsKey(e.getKey()))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
