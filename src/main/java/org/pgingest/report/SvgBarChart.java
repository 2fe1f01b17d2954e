package org.pgingest.report;

import org.pgingest.gate.Format;

import java.util.Locale;

/**
 * Draws a {@link Chart} as an inline SVG horizontal bar chart: one group of bars per category, one bar per run,
 * whiskers for JMH's error, the value at the end of each bar. Horizontal because category labels (method and
 * params) are long. No script and no external font: the page works offline and prints.
 */
final class SvgBarChart {
    /** Paul Tol's "bright" scheme: distinguishable with the common colour-vision deficiencies. */
    static final String[] PALETTE = {"#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377", "#BBBBBB"};
    private static final int WIDTH = 860;
    private static final int BAR = 14;
    private static final int BAR_GAP = 2;
    private static final int GROUP_GAP = 10;
    private static final int TOP = 28;
    private static final int AXIS = 26;
    private static final int RIGHT = 90;

    private SvgBarChart() {
    }

    static String color(int series) {
        return PALETTE[series % PALETTE.length];
    }

    static String render(Chart chart) {
        int series = chart.series().size();
        int maxLabel = chart.categories().stream().mapToInt(String::length).max().orElse(10);
        int left = Math.min(340, 16 + maxLabel * 7);
        int plot = WIDTH - left - RIGHT;
        int group = series * BAR + (series - 1) * BAR_GAP;
        int height = TOP + chart.categories().size() * (group + GROUP_GAP) + AXIS;
        double[] ticks = ticks(chart.max() * 1.1);
        double max = ticks[ticks.length - 1];

        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg class=\"chart\" id=\"svg-%s\" "
                + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\" "
                + "font-family=\"sans-serif\" font-size=\"11\">%n", chart.id(), WIDTH, height, WIDTH, height,
                Html.escape(chart.title() + " (" + chart.unit() + ")")));
        for (int s = 0; s < series; s++) {
            int x = left + s * 170;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"6\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"16\">%s</text>%n", x, color(s), x + 16, Html.escape(shorten(chart.series().get(s), 24))));
        }
        int plotBottom = height - AXIS;
        for (double t : ticks) {
            double x = left + plot * t / max;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>%n",
                    x, TOP - 4, x, plotBottom, x, plotBottom + 14, tickLabel(t)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">%s</text>%n",
                left + plot, height - 2, Html.escape(chart.unit())));
        for (int c = 0; c < chart.categories().size(); c++) {
            int y0 = TOP + c * (group + GROUP_GAP);
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
                    left - 6, y0 + group / 2 + 4, Html.escape(chart.categories().get(c))));
            for (int s = 0; s < series; s++) {
                int y = y0 + s * (BAR + BAR_GAP);
                double v = chart.values()[c][s];
                double e = chart.errors()[c][s];
                if (!Double.isFinite(v)) {
                    String missing = chart.missing()[c][s];
                    // The reason can be long (a role and a setting named): shortened to the plot, whole in the tooltip.
                    String text = missing == null ? "not measured" : "missing: " + missing;
                    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#999\"><title>%s</title>%s</text>%n",
                            left + 4, y + BAR - 3, Html.escape(text), Html.escape(shorten(text, (plot - 8) / 6))));
                    continue;
                }
                double w = Math.max(0.5, plot * v / max);
                String tip = chart.categories().get(c) + ", " + chart.series().get(s) + ": " + Format.number(v)
                        + (Double.isFinite(e) ? " ± " + Format.number(e) : "") + " " + chart.unit();
                svg.append(String.format(Locale.ROOT, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
                        + "fill=\"%s\"><title>%s</title></rect>", left, y, w, BAR, color(s), Html.escape(tip)));
                double end = left + w;
                if (Double.isFinite(e) && e > 0) {
                    // a whisker past the axis ends at its edge, open (no cap): the interval goes on
                    double lo = left + plot * Math.max(0, v - e) / max;
                    double hi = left + plot * Math.min(max, v + e) / max;
                    boolean open = v + e > max;
                    svg.append(String.format(Locale.ROOT, "<path d=\"M%.1f %d H%.1f M%.1f %d V%d%s\" "
                            + "stroke=\"#333\" fill=\"none\"/>", lo, y + BAR / 2, hi, lo, y + 3, y + BAR - 3,
                            open ? "" : String.format(Locale.ROOT, " M%.1f %d V%d", hi, y + 3, y + BAR - 3)));
                    end = Math.max(end, hi);
                }
                svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>%n", end + 4, y + BAR - 3,
                        Format.number(v)));
            }
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** Five or so round ticks from 0 to at least {@code max}. */
    static double[] ticks(double max) {
        if (!(max > 0)) {
            return new double[] {0, 1};
        }
        double raw = max / 5;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = magnitude;
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * magnitude >= raw) {
                step = m * magnitude;
                break;
            }
        }
        int n = (int) Math.ceil(max / step - 1e-9);
        double[] ticks = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            ticks[i] = i * step;
        }
        return ticks;
    }

    /** Round ticks of large figures with thousands separators (rows/s), others as the tables show numbers. */
    static String tickLabel(double t) {
        return t >= 10_000 && t == Math.rint(t) ? String.format(Locale.ROOT, "%,d", (long) t) : Format.number(t);
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
