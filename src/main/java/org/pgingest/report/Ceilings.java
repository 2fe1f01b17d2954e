package org.pgingest.report;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.MissingTrial;
import org.pgingest.results.ResultFile;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the ceiling of a result within its run. A ceiling is an entry of a benchmark whose name contains
 * "Ceiling" (the server loading the identical rows from a file it reads itself); it is the ceiling of every other
 * entry of the same run that has all of the ceiling's params with the same values (e.g. a ceiling with
 * {@code method=COPY_BINARY, shape=USERS, rows=1000000} serves the COPY_BINARY entries of that shape and size).
 * Where several match, the one sharing the most params wins. A ceiling trial the run recorded as missing (the target
 * could not measure it, {@link MissingTrial}) matches the same way and makes the share missing with its reason.
 */
final class Ceilings {
    private final Index<BenchmarkResult> ceilings;
    private final Index<MissingTrial> missingCeilings;

    /**
     * A run's ceilings, indexed once by their params: a report of 100,000 entries took minutes when every entry
     * searched every other for its ceiling.
     */
    private Ceilings(ResultFile run) {
        this.ceilings = new Index<>(run.results().stream().filter(Ceilings::isCeiling).toList(), BenchmarkResult::params);
        this.missingCeilings = new Index<>(run.missing().stream().filter(m -> isCeiling(m.shortName())).toList(),
                MissingTrial::params);
    }

    /**
     * Ceilings by the names of their params, then by those params' values: an entry's ceiling is looked up once per
     * set of names (a handful), not searched for among all ceilings.
     */
    private static final class Index<T> {
        private final Map<List<String>, Map<List<String>, T>> byNames = new java.util.LinkedHashMap<>();

        Index(List<T> ceilings, Function<T, Map<String, String>> params) {
            for (T c : ceilings) {
                Map<String, String> p = new java.util.TreeMap<>(params.apply(c));
                byNames.computeIfAbsent(List.copyOf(p.keySet()), k -> new java.util.HashMap<>())
                        .putIfAbsent(List.copyOf(p.values()), c);
            }
        }

        /** The ceiling whose params the entry has, all with the same values, the most of them winning; or null. */
        T closest(BenchmarkResult entry) {
            T best = null;
            int bestSize = -1;
            for (Map.Entry<List<String>, Map<List<String>, T>> names : byNames.entrySet()) {
                List<String> values = new java.util.ArrayList<>(names.getKey().size());
                for (String name : names.getKey()) {
                    values.add(entry.params().get(name));
                }
                T c = values.contains(null) ? null : names.getValue().get(values);
                if (c != null && names.getKey().size() > bestSize) {
                    best = c;
                    bestSize = names.getKey().size();
                }
            }
            return best;
        }
    }

    /** Each run's ceilings, by identity (two runs may hold equal results). */
    static Map<ResultFile, Ceilings> of(List<ResultFile> runs) {
        Map<ResultFile, Ceilings> all = new java.util.IdentityHashMap<>();
        runs.forEach(r -> all.put(r, new Ceilings(r)));
        return all;
    }

    static boolean isCeiling(BenchmarkResult e) {
        return isCeiling(e.shortName());
    }

    private static boolean isCeiling(String shortName) {
        return shortName.toLowerCase(Locale.ROOT).contains("ceiling");
    }

    /** The entry's ceiling in this run; null for none, or where the entry is a ceiling itself. */
    BenchmarkResult ceilingOf(BenchmarkResult entry) {
        return isCeiling(entry) ? null : ceilings.closest(entry);
    }

    /** The missing ceiling trial that would have been the entry's ceiling, by the same rule as {@link #ceilingOf}. */
    Optional<MissingTrial> missingCeilingOf(BenchmarkResult entry) {
        return Optional.ofNullable(isCeiling(entry) ? null : missingCeilings.closest(entry));
    }

    /**
     * rows/s of the entry over rows/s of its ceiling; NONE without a ceiling; missing with the reason where the run
     * recorded its ceiling as missing (the target could not measure it).
     */
    Figure share(BenchmarkResult entry) {
        BenchmarkResult ceiling = ceilingOf(entry);
        if (ceiling == null) {
            return missingCeilingOf(entry)
                    .map(m -> Figure.missing("no ceiling on this target: " + m.reason()))
                    .orElse(Figure.NONE);
        }
        Figure mine = Figure.rowsPerSecond(entry);
        Figure top = Figure.rowsPerSecond(ceiling);
        if (!mine.present() || !top.present() || top.value() <= 0) {
            return Figure.NONE;
        }
        double share = mine.value() / top.value();
        // Relative errors add in quadrature for a ratio of independent measurements.
        double rel = Math.hypot(relative(mine), relative(top));
        return new Figure(share, Double.isFinite(rel) ? share * rel : Double.NaN);
    }

    private static double relative(Figure f) {
        return f.error() / f.value();
    }
}
