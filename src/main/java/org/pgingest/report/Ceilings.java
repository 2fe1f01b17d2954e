package org.pgingest.report;

import org.pgingest.results.BenchmarkResult;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Finds the ceiling of a result within its run. A ceiling is an entry of a benchmark whose name contains
 * "Ceiling" (the server loading the identical rows from a file it reads itself); it is the ceiling of every other
 * entry of the same run that has all of the ceiling's params with the same values (e.g. a ceiling with
 * {@code method=COPY_BINARY, shape=USERS, rows=1000000} serves the COPY_BINARY entries of that shape and size).
 * Where several match, the one sharing the most params wins.
 */
final class Ceilings {
    private Ceilings() {
    }

    static boolean isCeiling(BenchmarkResult e) {
        return e.shortName().toLowerCase(Locale.ROOT).contains("ceiling");
    }

    static BenchmarkResult ceilingOf(BenchmarkResult entry, List<BenchmarkResult> run) {
        BenchmarkResult best = null;
        for (BenchmarkResult c : run) {
            if (isCeiling(c) && !isCeiling(entry) && covers(c, entry)
                    && (best == null || c.params().size() > best.params().size())) {
                best = c;
            }
        }
        return best;
    }

    private static boolean covers(BenchmarkResult ceiling, BenchmarkResult entry) {
        for (Map.Entry<String, String> p : ceiling.params().entrySet()) {
            if (!p.getValue().equals(entry.params().get(p.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** rows/s of the entry over rows/s of its ceiling; NONE without a ceiling. */
    static Figure share(BenchmarkResult entry, List<BenchmarkResult> run) {
        BenchmarkResult ceiling = ceilingOf(entry, run);
        if (ceiling == null) {
            return Figure.NONE;
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
