package org.pgingest.report;

import java.util.List;

/**
 * One chart's figures: a figure per category (an entry: the benchmark, method and params that vary among the chart's
 * entries) and series (a run), categories in the order they are drawn (best first).
 *
 * @param id         HTML id, e.g. "rows-per-second"
 * @param title      heading
 * @param unit       axis unit, e.g. "rows/s"
 * @param note       how to read it, where the figure came from, and the params every bar shares
 * @param categories row labels, best first
 * @param series     run names
 * @param figures    figures[category][series]; {@link Figure#NONE} where not measured in that run, a missing figure
 *                   with its reason where the run recorded why
 * @param counted    whether the figure is counted (WAL bytes, fsyncs, allocation: each iteration's value is exact)
 *                   rather than timed (its interval is the figure's uncertainty)
 */
record Chart(String id, String title, String unit, String note, List<String> categories, List<String> series,
                    Figure[][] figures, boolean counted) {

    Chart {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
    }

    boolean empty() {
        for (Figure[] row : figures) {
            for (Figure f : row) {
                if (f.present()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** values[category][series]; NaN = not measured in that run. */
    double[][] values() {
        double[][] v = new double[figures.length][];
        for (int c = 0; c < figures.length; c++) {
            v[c] = java.util.Arrays.stream(figures[c]).mapToDouble(Figure::value).toArray();
        }
        return v;
    }

    /** missing[category][series]: why a value is missing, where the run recorded why; null = no reason. */
    String[][] missing() {
        String[][] m = new String[figures.length][];
        for (int c = 0; c < figures.length; c++) {
            m[c] = java.util.Arrays.stream(figures[c]).map(Figure::missing).toArray(String[]::new);
        }
        return m;
    }
}
