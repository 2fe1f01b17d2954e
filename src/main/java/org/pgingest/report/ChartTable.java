package org.pgingest.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The exact numbers under a chart, as a table anyone can copy: per category and run the figure, and beside it JMH's
 * 99.9 % interval for a timed figure or the lowest and highest iteration for a counted one. Shared by the HTML page
 * and the Markdown, so both hold the same cells.
 */
final class ChartTable {
    /** Significant digits of the exact tables: more than the bars can show, as many as a run can defend. */
    static final int DIGITS = 5;

    private ChartTable() {
    }

    static List<String> headings(Chart chart) {
        List<String> h = new ArrayList<>(List.of("entry"));
        for (String series : chart.series()) {
            String prefix = chart.series().size() > 1 ? series + ": " : "";
            h.add(prefix + chart.unit());
            h.add(prefix + (chart.counted() ? "iterations, lowest – highest" : "± 99.9 % interval"));
        }
        return h;
    }

    static List<List<String>> rows(Chart chart) {
        List<List<String>> rows = new ArrayList<>();
        for (int c = 0; c < chart.categories().size(); c++) {
            List<String> row = new ArrayList<>(List.of(chart.categories().get(c)));
            for (Figure f : chart.figures()[c]) {
                if (!f.present()) {
                    row.add(f.missing() == null ? "–" : "missing: " + f.missing());
                    row.add("");
                } else {
                    row.add(Numbers.significant(f.value(), DIGITS));
                    row.add(chart.counted() ? range(f) : Double.isFinite(f.error())
                            ? "± " + Numbers.significant(f.error(), DIGITS) : "–");
                }
            }
            rows.add(row);
        }
        return rows;
    }

    private static String range(Figure f) {
        if (!Double.isFinite(f.low())) {
            return "–";
        }
        String low = Numbers.significant(f.low(), DIGITS);
        String high = Numbers.significant(f.high(), DIGITS);
        return low.equals(high) ? low : low + " – " + high;
    }
}
