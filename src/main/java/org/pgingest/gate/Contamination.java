package org.pgingest.gate;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.Metric;

import java.util.Arrays;

/**
 * The iterations of an entry whose server figures hold work that was not the suite's: the profiler's
 * {@code contaminated} flag, 1 in such an iteration (another session's commits, rows or WAL in the window). WAL
 * written or commits made by someone else are no change of the loader's, so the gate judges a server figure over
 * the other iterations.
 */
final class Contamination {
    private final boolean[] flagged;
    private final int count;

    private Contamination(boolean[] flagged) {
        this.flagged = flagged;
        int n = 0;
        for (boolean f : flagged) {
            n += f ? 1 : 0;
        }
        this.count = n;
    }

    static Contamination of(BenchmarkResult entry) {
        Metric flag = entry == null ? null : entry.metrics().get(Metric.CONTAMINATED);
        if (flag == null) {
            return new Contamination(new boolean[0]);
        }
        double[] values = flag.iterations();
        boolean[] flagged = new boolean[values.length];
        for (int i = 0; i < values.length; i++) {
            flagged[i] = values[i] > 0;
        }
        return new Contamination(flagged);
    }

    /** Iterations flagged. */
    int count() {
        return count;
    }

    /** Iterations the flag covers. */
    int iterations() {
        return flagged.length;
    }

    boolean all() {
        return count > 0 && count == flagged.length;
    }

    /**
     * The metric over the iterations not flagged, its score their mean (NaN when every one was): the metric itself
     * when none was, or when its iterations are not the flag's one for one.
     */
    Metric clean(Metric m) {
        double[] values = m.iterations();
        if (count == 0 || values.length != flagged.length) {
            return m;
        }
        for (int i = 0; i < values.length; i++) {
            if (flagged[i]) {
                values[i] = Double.NaN;
            }
        }
        double mean = Arrays.stream(values).filter(Double::isFinite).average().orElse(Double.NaN);
        return new Metric(m.name(), m.unit(), mean, Double.NaN, values);
    }
}
