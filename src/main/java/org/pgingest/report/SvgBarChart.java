package org.pgingest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws one or more {@link Chart}s that share their categories as one inline SVG of horizontal bars: each category's
 * label on a line of its own, under it one bar per run in each panel (one panel per chart, side by side), whiskers for
 * JMH's interval, the value after each bar. No script and no external font: the page works offline and prints.
 *
 * <p>The SVG is as wide as the page ({@code width="100%"}, no viewBox, so text keeps its size at any width): every
 * horizontal position is a percentage of that width, and labels start at its left edge above their bars, so a label
 * never needs room the page does not give it. Lengths below are in CSS pixels; text widths are estimated for the
 * narrowest chart the report is made for ({@value #NARROWEST} px: a page 1,000 px wide less its margins and
 * scroll bar) at {@value #CHAR_WIDTH} px a character.
 */
final class SvgBarChart {
    /** Paul Tol's "bright" scheme: distinguishable with the common colour-vision deficiencies. */
    static final String[] PALETTE = {"#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377", "#BBBBBB"};
    static final int NARROWEST = 900;
    /**
     * An upper bound of a character's width: sans-serif capitals and underscores at 12 px measured 8-8.7 px in
     * Chromium (params are upper-case enum names), lower case about 6.
     */
    static final double CHAR_WIDTH = 8.7;
    static final int FONT = 12;
    private static final int LINE = 16;
    private static final int BAR = 14;
    private static final int BAR_GAP = 2;
    private static final int GROUP_GAP = 10;
    private static final int AXIS = 22;
    /** Most of a panel's width the axis takes; the rest holds the value written after the longest bar. */
    private static final double PLOT = 0.85;
    /** Gap between panels, percent of the width. */
    private static final double PANEL_GAP = 3;
    private static final int LEGEND_PER_ROW = 4;

    private SvgBarChart() {
    }

    static String color(int series) {
        return PALETTE[series % PALETTE.length];
    }

    static String render(Chart chart) {
        return render(chart.id(), chart.title() + " (" + chart.unit() + ")", List.of(chart), false);
    }

    /**
     * @param panels charts with the same categories and series, drawn side by side
     * @param headed whether each panel names its figure above it (needed with more than one)
     */
    static String render(String id, String title, List<Chart> panels, boolean headed) {
        Chart first = panels.get(0);
        int series = first.series().size();
        List<List<String>> labels = first.categories().stream().map(c -> wrap(c, (int) (NARROWEST / CHAR_WIDTH) - 2))
                .toList();
        // a legend row even for one run: it names the run, and the first label goes under it
        int legendRows = (series + LEGEND_PER_ROW - 1) / LEGEND_PER_ROW;
        int top = legendRows * LINE + (headed ? LINE + 4 : 4);
        int group = series * BAR + (series - 1) * BAR_GAP;
        int height = top;
        for (List<String> label : labels) {
            height += label.size() * LINE + group + GROUP_GAP;
        }
        height += AXIS;
        double panelWidth = (100 - PANEL_GAP * (panels.size() - 1)) / panels.size();

        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg class=\"chart\" id=\"svg-%s\" width=\"100%%\" height=\"%d\" "
                + "role=\"img\" aria-label=\"%s\" font-family=\"sans-serif\" font-size=\"%d\">%n", id, height,
                Html.escape(title), FONT));
        for (int s = 0; s < series; s++) {
            double x = 100.0 * (s % LEGEND_PER_ROW) / LEGEND_PER_ROW;
            int y = (s / LEGEND_PER_ROW) * LINE;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.2f%%\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                    + "<text class=\"legend\" x=\"%.2f%%\" dx=\"16\" y=\"%d\">%s</text>%n", x, y + 2, color(s), x, y + 12,
                    Html.escape(shorten(first.series().get(s), (int) (NARROWEST / LEGEND_PER_ROW / CHAR_WIDTH) - 3))));
        }
        int plotBottom = height - AXIS;
        for (int p = 0; p < panels.size(); p++) {
            Chart chart = panels.get(p);
            double start = p * (panelWidth + PANEL_GAP);
            Axis axis = Axis.of(chart);
            double[] ticks = axis.ticks();
            double plot = panelWidth * plotShare(chart, axis, panelWidth);
            if (headed) {
                svg.append(String.format(Locale.ROOT, "<text class=\"panel\" x=\"%.2f%%\" y=\"%d\" font-weight=\"bold\">%s</text>%n",
                        start, legendRows * LINE + 12, Html.escape(chart.title() + " (" + chart.unit() + ")"
                                + (axis.log() ? ", log scale" : ""))));
            }
            for (int t = 0; t < ticks.length; t++) {
                double x = start + plot * axis.at(ticks[t]);
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.2f%%\" y1=\"%d\" x2=\"%.2f%%\" y2=\"%d\" stroke=\"#ddd\"/>"
                        + "<text class=\"tick\" x=\"%.2f%%\" y=\"%d\" text-anchor=\"%s\" fill=\"#555\">%s</text>%n",
                        x, top, x, plotBottom, x, plotBottom + 15, t == 0 ? "start" : "middle", tickLabel(ticks[t])));
            }
            int y0 = top;
            for (int c = 0; c < chart.categories().size(); c++) {
                y0 += labels.get(c).size() * LINE;
                for (int s = 0; s < series; s++) {
                    bar(svg, chart, c, s, start, panelWidth, plot, axis, y0 + s * (BAR + BAR_GAP));
                }
                y0 += group + GROUP_GAP;
            }
        }
        // Labels last, over the gridlines, each on its own line(s) above its bars, from the left edge.
        int y0 = top;
        for (int c = 0; c < labels.size(); c++) {
            List<String> label = labels.get(c);
            svg.append("<text class=\"label\" x=\"0\" y=\"").append(y0 + LINE - 4).append("\">");
            for (int l = 0; l < label.size(); l++) {
                svg.append(l == 0 ? "<tspan>" : "<tspan x=\"0\" dy=\"" + LINE + "\">").append(Html.escape(label.get(l)))
                        .append("</tspan>");
            }
            svg.append("</text>\n");
            y0 += label.size() * LINE + group + GROUP_GAP;
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void bar(StringBuilder svg, Chart chart, int c, int s, double start, double panelWidth, double plot,
                            Axis axis, int y) {
        Figure f = chart.figures()[c][s];
        if (!f.present()) {
            // The reason can be long (a role and a setting named): shortened to the panel, whole in the tooltip and table.
            String text = f.missing() == null ? "not measured" : "missing: " + f.missing();
            int room = (int) (NARROWEST * panelWidth / 100 / CHAR_WIDTH) - 2;
            svg.append(String.format(Locale.ROOT, "<text class=\"missing\" x=\"%.2f%%\" y=\"%d\" fill=\"#999\"><title>%s"
                    + "</title>%s</text>%n", start, y + BAR - 3, Html.escape(text), Html.escape(shorten(text, room))));
            return;
        }
        double v = f.value();
        double e = f.error();
        double w = plot * axis.at(v);
        String tip = chart.categories().get(c) + ", " + chart.series().get(s) + ": " + Numbers.significant(v, 5)
                + (Double.isFinite(e) ? " ± " + Numbers.significant(e, 5) : "") + " " + chart.unit();
        svg.append(String.format(Locale.ROOT, "<rect class=\"bar\" x=\"%.2f%%\" y=\"%d\" width=\"%.3f%%\" height=\"%d\" "
                + "fill=\"%s\"><title>%s</title></rect>", start, y, Math.max(0.05, w), BAR, color(s), Html.escape(tip)));
        double end = start + w;
        if (Double.isFinite(e) && e > 0 && !chart.counted()) {
            // The axis reaches every whisker's end (Axis), so both ends have their cap; on a log axis a low end at or
            // under 0 has none: it starts at the axis, open, the interval goes on.
            double lo = start + plot * axis.at(v - e);
            double hi = start + plot * axis.at(v + e);
            svg.append(String.format(Locale.ROOT, "<line class=\"whisker\" x1=\"%.2f%%\" y1=\"%d\" x2=\"%.2f%%\" y2=\"%d\" "
                    + "stroke=\"#333\"/><line class=\"cap\" x1=\"%.2f%%\" y1=\"%d\" x2=\"%.2f%%\" y2=\"%d\" stroke=\"#333\"/>",
                    lo, y + BAR / 2, hi, y + BAR / 2, hi, y + 3, hi, y + BAR - 3));
            if (!axis.log() || v - e > 0) {
                svg.append(String.format(Locale.ROOT, "<line class=\"cap\" x1=\"%.2f%%\" y1=\"%d\" x2=\"%.2f%%\" y2=\"%d\" "
                        + "stroke=\"#333\"/>", lo, y + 3, lo, y + BAR - 3));
            }
            end = Math.max(end, hi);
        }
        svg.append(String.format(Locale.ROOT, "<text class=\"value\" x=\"%.2f%%\" dx=\"4\" y=\"%d\">%s</text>%n", end,
                y + BAR - 3, Numbers.significant(v, 4)));
    }

    /**
     * The share of a panel's width its axis takes: the rest, at the narrowest chart, holds the longest value written
     * after a bar that reaches the axis end, and half the last tick's label (centred on the end).
     */
    static double plotShare(Chart chart, Axis axis, double panelWidth) {
        int chars = 0;
        for (Figure[] row : chart.figures()) {
            for (Figure f : row) {
                if (f.present()) {
                    chars = Math.max(chars, Numbers.significant(f.value(), 4).length());
                }
            }
        }
        double[] ticks = axis.ticks();
        chars = Math.max(chars, (tickLabel(ticks[ticks.length - 1]).length() + 1) / 2);
        double panelPx = NARROWEST * panelWidth / 100;
        return Math.min(PLOT, 1 - (chars * CHAR_WIDTH + 8) / panelPx);
    }

    /** Round ticks of large figures with thousands separators (rows/s), others to four significant digits. */
    static String tickLabel(double t) {
        return Numbers.significant(t, 4);
    }

    /** Lines of at most {@code width} characters, broken at spaces where it can be (a word longer is cut). */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        String rest = text;
        while (rest.length() > width) {
            int cut = rest.lastIndexOf(' ', width);
            if (cut <= 0) {
                cut = width;
            }
            lines.add(rest.substring(0, cut).strip());
            rest = rest.substring(cut).strip();
        }
        lines.add(rest);
        return lines;
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, Math.max(1, max - 1)) + "…";
    }
}
