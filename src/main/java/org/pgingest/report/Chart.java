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
 */
public record Chart(String id, String title, String unit, String note, List<String> categories, List<String> series,
                   double[][] values, double[][] errors) {

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

    /** The largest value plus its error, for the axis. */
    double max() {
        double max = 0;
        for (int c = 0; c < values.length; c++) {
            for (int s = 0; s < values[c].length; s++) {
                double v = values[c][s];
                if (Double.isFinite(v)) {
                    double e = Double.isFinite(errors[c][s]) ? errors[c][s] : 0;
                    max = Math.max(max, v + e);
                }
            }
        }
        return max;
    }
}
