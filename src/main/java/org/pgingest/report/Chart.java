package org.pgingest.report;

import java.util.List;

/**
 * One chart's figures: a value per category (an entry: method and the params that differ) and series (a run).
 *
 * @param id         HTML id, e.g. "rows-per-second"
 * @param title      heading
 * @param unit       axis unit, e.g. "rows/s"
 * @param note       one sentence on how to read it (or where the figure came from)
 * @param categories row labels
 * @param series     run names
 * @param values     values[category][series]; NaN = not measured in that run
 * @param errors     errors[category][series]: half-width of JMH's 99.9 % interval; NaN = none
 * @param missing    missing[category][series]: why a NaN value is missing, where the run recorded why; null = no reason
 */
public record Chart(String id, String title, String unit, String note, List<String> categories, List<String> series,
                   double[][] values, double[][] errors, String[][] missing) {

    public Chart {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
    }

    public boolean empty() {
        for (double[] row : values) {
            for (double v : row) {
                if (Double.isFinite(v)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The largest value, for the axis. Not value plus error: with 3 iterations JMH's 99.9 % interval is about 31
     * times their spread and can be several times the score, which would squeeze every bar to the left.
     */
    double max() {
        double max = 0;
        for (double[] row : values) {
            for (double v : row) {
                if (Double.isFinite(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        return max;
    }
}
