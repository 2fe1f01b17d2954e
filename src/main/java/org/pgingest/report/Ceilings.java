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
    private Ceilings() {
    }

    static boolean isCeiling(BenchmarkResult e) {
        return isCeiling(e.shortName());
    }

    private static boolean isCeiling(String shortName) {
        return shortName.toLowerCase(Locale.ROOT).contains("ceiling");
    }

    static BenchmarkResult ceilingOf(BenchmarkResult entry, List<BenchmarkResult> run) {
        return closestCeiling(entry, run, BenchmarkResult::shortName, BenchmarkResult::params);
    }

    /** The missing ceiling trial that would have been the entry's ceiling, by the same rule as {@link #ceilingOf}. */
    static Optional<MissingTrial> missingCeilingOf(BenchmarkResult entry, List<MissingTrial> missing) {
        return Optional.ofNullable(closestCeiling(entry, missing, MissingTrial::shortName, MissingTrial::params));
    }

    /** The ceiling among {@code candidates} that covers the entry with the most params; null for none or a ceiling. */
    private static <T> T closestCeiling(BenchmarkResult entry, List<T> candidates, Function<T, String> shortName,
                                        Function<T, Map<String, String>> params) {
        if (isCeiling(entry)) {
            return null;
        }
        T best = null;
        for (T c : candidates) {
            if (isCeiling(shortName.apply(c)) && covers(params.apply(c), entry)
                    && (best == null || params.apply(c).size() > params.apply(best).size())) {
                best = c;
            }
        }
        return best;
    }

    private static boolean covers(Map<String, String> ceilingParams, BenchmarkResult entry) {
        for (Map.Entry<String, String> p : ceilingParams.entrySet()) {
            if (!p.getValue().equals(entry.params().get(p.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * rows/s of the entry over rows/s of its ceiling; NONE without a ceiling; missing with the reason where the run
     * recorded its ceiling as missing (the target could not measure it).
     */
    static Figure share(BenchmarkResult entry, ResultFile file) {
        List<BenchmarkResult> run = file.results();
        BenchmarkResult ceiling = ceilingOf(entry, run);
        if (ceiling == null) {
            return missingCeilingOf(entry, file.missing())
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
