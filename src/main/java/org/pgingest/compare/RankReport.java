package org.pgingest.compare;

import org.pgingest.compare.RankStatistics.Pair;
import org.pgingest.results.ResultPath;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rank's report, offline: {@code report.html} with, per ranking, the verdict, a heat map of every pair's ratio
 * (read at a glance: the row's candidate against the column's, green where the row is claimed faster, red slower, grey unsettled) and a
 * strip chart of each candidate's rows/s per round (drift shows as every line moving together); {@code report.md}
 * is the verdict's Markdown. Sizes follow the longest name, so that no label overlaps another or leaves the picture.
 */
final class RankReport {
    /**
     * A chart's size, and its drawing scaled down to the page's width when wider (width, height, then the viewBox's):
     * with 18 candidates the heat map is 1,400 px wide, and a page of 1,200 cut its last columns off.
     */
    private static final String SCALES = "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            + "style=\"max-width:100%%;height:auto\"";

    private static final int CELL = 64;
    /**
     * Pixels a character of a candidate's name takes at 12 px: names are capitals and underscores, about 8.5 px each in
     * a sans-serif font (7 clipped MULTI_ROW_VALUES in headless Chromium).
     */
    private static final int CHAR = 9;
    private static final String[] PALETTE = {"#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02",
        "#a6761d", "#666666", "#1f78b4", "#b2df8a", "#fb9a99", "#cab2d6"};

    private RankReport() {
    }

    static void write(RankVerdict verdict, List<RankRun.Ranking> rankings, Path htmlFile, Path markdownFile)
            throws IOException {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>pg-ingest-bench rank</title>")
                .append("<style>body{font-family:sans-serif;margin:24px;max-width:1200px}table{border-collapse:collapse;")
                .append("margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px}td.n{text-align:right;white-space:nowrap}")
                .append("svg{display:block;margin:12px 0}p.advice{font-size:15px}p.unit{font-size:13px;color:#555}")
                .append("li{font-size:13px}div.wide{overflow-x:auto}small{color:#555}</style></head><body>");
        html.append("<h1>Ranking: ").append(esc(verdict.run().table())).append("</h1>");
        html.append("<p>").append(esc(verdict.header())).append("</p>");
        verdict.run().warnings().forEach(w -> html.append("<p><strong>Warning:</strong> ").append(esc(w)).append("</p>"));
        html.append(list("The table:", verdict.run().tableNotes().stream().map(RankVerdict::escape).toList()));
        html.append("<p class=\"unit\">")
                .append(esc(RankVerdict.unit(verdict.run().options()))).append("</p>");
        for (RankRun.Ranking r : rankings) {
            html.append("<h2>").append(esc(r.rows() + " rows per call")).append("</h2>");
            html.append("<p class=\"advice\">").append(inline(verdict.advice(r))).append("</p>");
            html.append(table(r));
            html.append("<p class=\"unit\">").append(esc(RankVerdict.ORDER)).append("</p>");
            html.append(list("Against the leader:", RankVerdict.claims(r)));
            html.append(list("Among the others:", RankVerdict.otherClaims(r)));
            html.append(list("Not ranked:", RankVerdict.notRanked(r)));
            RankVerdict.drift(r).ifPresent(note -> html.append("<p>").append(inline(note)).append("</p>"));
            RankVerdict.catchUps(r).ifPresent(note -> html.append("<p>").append(inline(note)).append("</p>"));
            html.append("<h3>Every pair: the row's rows/s over the column's</h3>").append(heatMap(r))
                    .append(HEAT_MAP_KEY);
            html.append("<h3>Rows/s per round</h3>").append(stripChart(r));
        }
        html.append("</body></html>\n");
        // Written aside and renamed, like every result: two rankings ending at once leave one whole report each time.
        ResultPath.write(htmlFile, o -> o.write(html.toString().getBytes(StandardCharsets.UTF_8)));
        ResultPath.write(markdownFile,
                o -> o.write(verdict.markdown().getBytes(StandardCharsets.UTF_8)));
    }

    private static String table(RankRun.Ranking r) {
        Race race = r.race();
        // Twelve columns are wider than a narrow window: the table scrolls in its own box, not the page.
        StringBuilder t = new StringBuilder("<div class=\"wide\"><table><tr><th>rank</th><th>candidate</th><th>does</th><th>rows/s</th>"
                + "<th>slices</th>");
        RankVerdict.COUNTED.values().forEach(h -> t.append("<th>").append(esc(h).replace("/", "/<wbr>")).append("</th>"));
        t.append("</tr>");
        for (int c : ordered(r)) {
            int[] rank = race.rank(c);
            boolean measured = race.slices(c) > 0;
            t.append("<tr><td class=\"n\">").append(!measured ? "–" : rank[0] == rank[1] ? rank[0] : rank[0] + "–" + rank[1])
                    .append("</td><td>").append(esc(r.candidates().get(c).describe()))
                    .append(race.stoppedEarly(c) ? "<br><small>stopped: " + esc(race.why(c).orElse(""))
                            + "</small>" : "")
                    .append("</td><td>").append(esc(r.candidates().get(c).semantics())).append("</td><td class=\"n\">")
                    .append(measured ? String.format(Locale.ROOT, "%,d", Math.round(race.rowsPerSecond(c))) : "–")
                    .append("</td><td class=\"n\">").append(esc(RankVerdict.slices(r, c))).append("</td>");
            if (!measured) {
                t.append("<td></td>".repeat(RankVerdict.COUNTED.size())).append("</tr>");
                continue;
            }
            for (String label : RankVerdict.COUNTED.keySet()) {
                double v = RankVerdict.counted(r, c, label);
                t.append("<td class=\"n\">").append(RankVerdict.figure(v))
                        .append("</td>");
            }
            t.append("</tr>");
        }
        return t.append("</table></div>").toString();
    }

    private static List<Integer> ordered(RankRun.Ranking r) {
        return RankVerdict.ordered(r);
    }

    /** Rows and columns in ranked order; a cell's colour is the log ratio, its text the ratio and the claim. */
    static String heatMap(RankRun.Ranking r) {
        List<Integer> order = ordered(r);
        int longest = order.stream().mapToInt(c -> r.candidates().get(c).name().length()).max().orElse(4);
        int left = 12 + longest * CHAR;
        int top = 20 + (int) (longest * CHAR * 0.72);
        // A column's name runs up and right at 45 degrees from its centre: as far right as its length times cos 45,
        // which for a long name in the last column is past the grid.
        int width = left + order.size() * CELL + 20;
        for (int i = 0; i < order.size(); i++) {
            int reach = (int) (r.candidates().get(order.get(i)).name().length() * CHAR * 0.72) + 16;
            width = Math.max(width, left + i * CELL + CELL / 2 + reach);
        }
        int height = top + order.size() * CELL + 20;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" " + SCALES + " font-size=\"12\" "
                        + "font-family=\"sans-serif\" role=\"img\" aria-label=\"pairwise ratios\">", width, height,
                width, height));
        for (int i = 0; i < order.size(); i++) {
            String name = esc(r.candidates().get(order.get(i)).name());
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" "
                    + "dominant-baseline=\"middle\">%s</text>", left - 6, top + i * CELL + CELL / 2, name));
            int x = left + i * CELL + CELL / 2;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"start\" "
                    + "transform=\"rotate(-45 %d %d)\">%s</text>", x, top - 6, x, top - 6, name));
        }
        for (int i = 0; i < order.size(); i++) {
            for (int j = 0; j < order.size(); j++) {
                int x = left + j * CELL;
                int y = top + i * CELL;
                if (i == j) {
                    // white, struck through: the grey of "not settled" it was too close to
                    svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                            + "fill=\"#fff\" stroke=\"#ddd\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                            + "stroke=\"#ddd\"/>", x, y, CELL, CELL, x, y + CELL, x + CELL, y));
                    continue;
                }
                Pair p = r.race().pair(order.get(i), order.get(j)).orElse(null);
                String fill = p == null || Double.isNaN(p.ratio()) ? "#f4f4f4" : fill(p);
                svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                        + "stroke=\"#fff\"><title>%s</title></rect>", x, y, CELL, CELL, fill, esc(p == null ? "not looked at"
                        : String.format(Locale.ROOT, "%s / %s = %s [%s, %s]: %s", r.candidates().get(order.get(i)).name(),
                        r.candidates().get(order.get(j)).name(), RankVerdict.ratio(p.ratio()),
                        RankVerdict.ratio(p.low()), RankVerdict.ratio(p.high()), p.claim().id()))));
                if (p != null) {
                    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>"
                                    + "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">%s</text>",
                            x + CELL / 2, y + CELL / 2 - 2, RankVerdict.ratio(p.ratio()), x + CELL / 2, y + CELL / 2 + 13,
                            p.claim().id()));
                }
            }
        }
        return svg.append("</svg>").toString();
    }

    /** What the heat map's colours say, under it (a new user found no key to them). */
    static final String HEAT_MAP_KEY = "<p class=\"unit\">" + swatch(colour(Math.log(1.5))) + " the row's candidate "
            + "claimed faster (deeper: the larger the ratio) " + swatch(colour(-Math.log(1.5))) + " claimed slower "
            + swatch("#a9c9ee") + " tied within the margin " + swatch("#f4f4f4") + " not settled, whatever the ratio "
            + "(few forks, or close); each cell: the ratio, and its claim. Hover a cell for its interval.</p>";

    private static String swatch(String fill) {
        return "<span style=\"display:inline-block;width:14px;height:14px;vertical-align:middle;border:1px solid #ccc;"
                + "background:" + fill + "\"></span>";
    }

    /**
     * A claimed order green (the row faster) or red, deeper the larger the ratio; a tie pale blue; an unsettled pair
     * grey whatever its ratio, so that no colour says more than the claim.
     */
    private static String fill(Pair p) {
        return switch (p.claim()) {
            case FASTER, SLOWER -> colour(Math.log(p.ratio()));
            case TIE -> "#a9c9ee";
            case UNSETTLED -> "#f4f4f4";
        };
    }

    private static String colour(double logRatio) {
        double t = Math.max(-1, Math.min(1, logRatio / Math.log(2)));
        int shade = (int) Math.round(235 - 120 * Math.abs(t));
        return t >= 0 ? String.format(Locale.ROOT, "rgb(%d,235,%d)", shade, shade)
                : String.format(Locale.ROOT, "rgb(235,%d,%d)", shade, shade);
    }

    /**
     * Each candidate's rows/s per measured round, one line each, with its legend to the right of the plot; a dashed
     * line where a new generation of forks began (a step there is a fork's own speed, what the intervals count); a
     * slice left out as compiling is a circle off its line.
     */
    static String stripChart(RankRun.Ranking r) {
        List<Integer> order = ordered(r);
        int rounds = r.rounds().size();
        double max = 0;
        double min = Double.POSITIVE_INFINITY;
        for (List<RankRun.SliceRecord> round : r.rounds()) {
            for (RankRun.SliceRecord s : round) {
                double v = s.figures().getOrDefault("rows", 0.0);
                max = Math.max(max, v);
                min = v > 0 ? Math.min(min, v) : min;
            }
        }
        // Candidates 10x apart or more on a log axis: on a linear one the slowest lay flat on zero (a new user's
        // ranking, AUTOCOMMIT_ROW at 1,800 rows/s under 135,000).
        Axis axis = max > 0 && max / min >= 10 ? Axis.log(min, max) : Axis.linear(max <= 0 ? 1 : niceCeiling(max));
        int longest = order.stream().mapToInt(c -> r.candidates().get(c).name().length()).max().orElse(4);
        int left = 80;
        int plotWidth = Math.max(600, Math.min(900, rounds * 24));
        int plotHeight = 300;
        int legendX = left + plotWidth + 16;
        int width = legendX + 20 + longest * CHAR + 10;
        int top = 20;
        int captionY = Math.max(top + plotHeight + 30, top + 6 + order.size() * 18 + 16);
        int height = captionY + 20;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" " + SCALES + " font-size=\"12\" "
                        + "font-family=\"sans-serif\" role=\"img\" aria-label=\"rows per second per round\">", width,
                height, width, height));
        for (double v : axis.ticks()) {
            int y = (int) Math.round(top + plotHeight - plotHeight * axis.share(v));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                    + "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>",
                    left, y, left + plotWidth, y, left - 6, y, String.format(Locale.ROOT, "%,.0f", v)));
        }
        boolean compiling = r.rounds().stream().flatMap(List::stream).anyMatch(RankRun.SliceRecord::compiling);
        // Below the plot and the legend both, from the plot's left edge: centred under a narrow plot it ran into the legend.
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">round (1 to %d; "
                + "dashed uprights: new forks%s%s)</text>", left, captionY, rounds,
                compiling ? "; circles: left out, compiling" : "", axis.logarithmic() ? "; rows/s on a log scale" : ""));
        // Round numbers under the plot, every 1, 2, 5, 10, ... rounds: at most about ten labels.
        int every = 1;
        for (int k = 1; rounds / every > 10; k++) {
            every = new int[] {1, 2, 5}[k % 3] * (int) Math.pow(10, k / 3);
        }
        for (int i = 0; i < rounds; i += every) {
            double x = left + (rounds == 1 ? plotWidth / 2.0 : plotWidth * i / (double) (rounds - 1));
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>", x,
                    top + plotHeight + 14, i + 1));
        }
        for (int i = 1; i < rounds; i++) {
            if (fork(r.rounds().get(i)) != fork(r.rounds().get(i - 1))) {
                double x = left + plotWidth * (i - 0.5) / (rounds - 1);
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
                        + "stroke=\"#bbb\" stroke-dasharray=\"3,3\"/>", x, top, x, top + plotHeight));
            }
        }
        for (int idx = 0; idx < order.size(); idx++) {
            int c = order.get(idx);
            String colour = PALETTE[idx % PALETTE.length];
            // Past the palette's twelve colours, a line is dashed, so that no two candidates look alike.
            String dash = idx / PALETTE.length % 2 == 1 ? " stroke-dasharray=\"6,3\"" : "";
            StringBuilder points = new StringBuilder();
            StringBuilder circles = new StringBuilder();
            for (int i = 0; i < rounds; i++) {
                for (RankRun.SliceRecord s : r.rounds().get(i)) {
                    if (s.candidate() == c) {
                        double x = left + (rounds == 1 ? plotWidth / 2.0 : plotWidth * i / (double) (rounds - 1));
                        double y = top + plotHeight - plotHeight * axis.share(s.figures().getOrDefault("rows", 0.0));
                        if (!s.compiling()) {
                            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                        } else {
                            circles.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
                                    + "fill=\"white\" stroke=\"%s\" stroke-width=\"1.5\"/>", x, y, colour));
                        }
                    }
                }
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s "
                    + "points=\"%s\"/>", colour, dash, points.toString().trim())).append(circles);
            int ly = top + 6 + idx * 18;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"3\"%s/><text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">%s</text>", legendX,
                    ly + 1, legendX + 14, ly + 1, colour, dash, legendX + 18, ly + 2, esc(r.candidates().get(c).name())));
        }
        return svg.append("</svg>").toString();
    }

    /**
     * The strip chart's rows/s axis: linear from 0 to a round ceiling with four gridlines, or logarithmic from a power
     * of ten to a round ceiling with a gridline at each 1, 2 and 5.
     */
    private record Axis(boolean logarithmic, double low, double high) {
        static Axis linear(double ceiling) {
            return new Axis(false, 0, ceiling);
        }

        static Axis log(double min, double max) {
            return new Axis(true, Math.pow(10, Math.floor(Math.log10(min))), niceCeiling(max));
        }

        /** Where {@code v} lies, from 0 at the bottom to 1 at the top (a value of 0 on a log axis at the bottom). */
        double share(double v) {
            if (!logarithmic) {
                return v / high;
            }
            return v <= low ? 0 : Math.log(v / low) / Math.log(high / low);
        }

        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            if (!logarithmic) {
                for (int k = 0; k <= 4; k++) {
                    ticks.add(high * k / 4);
                }
                return ticks;
            }
            for (double decade = low; decade <= high * 1.0001; decade *= 10) {
                for (double step : new double[] {1, 2, 5}) {
                    if (decade * step <= high * 1.0001) {
                        ticks.add(decade * step);
                    }
                }
            }
            if (ticks.get(ticks.size() - 1) < high * 0.9999) {
                // the top labelled too, unless the last tick sits just under it
                if (high / ticks.get(ticks.size() - 1) < 1.3) {
                    ticks.remove(ticks.size() - 1);
                }
                ticks.add(high);
            }
            return ticks;
        }
    }

    private static int fork(List<RankRun.SliceRecord> round) {
        return round.isEmpty() ? -1 : round.get(0).fork();
    }

    private static double niceCeiling(double v) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        // quarters of these are round numbers too (the axis has four gridlines): 278,254 rows/s on a 300,000 axis,
        // not half the plot empty under 500,000
        for (double step : new double[] {1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8, 10}) {
            if (step * magnitude >= v) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    /** A titled list of the verdict's lines (in its Markdown), or nothing when there are none. */
    /** A titled list of Markdown lines (the verdict's claims, or plain text escaped for it). */
    private static String list(String title, List<String> lines) {
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder ul = new StringBuilder("<p>").append(esc(title)).append("</p><ul>");
        lines.forEach(l -> ul.append("<li>").append(inline(l)).append("</li>"));
        return ul.append("</ul>").toString();
    }

    /** The advice's Markdown as plain text: bold marks and escapes removed. */
    /**
     * The verdict's Markdown as HTML: **bold**, `code` (kept on one line: an option a reader copies), backslash escapes;
     * the rest escaped. Shown as plain text, the backticks of an advised command stood in the page (a new user's).
     */
    private static String inline(String markdown) {
        StringBuilder html = new StringBuilder();
        boolean strong = false;
        boolean code = false;
        for (int i = 0; i < markdown.length(); i++) {
            char ch = markdown.charAt(i);
            if (ch == '\\' && i + 1 < markdown.length()) {
                html.append(esc(String.valueOf(markdown.charAt(++i))));
            } else if (ch == '`') {
                html.append(code ? "</code>" : "<code style=\"white-space:nowrap\">");
                code = !code;
            } else if (!code && markdown.startsWith("**", i)) {
                html.append(strong ? "</strong>" : "<strong>");
                strong = !strong;
                i++;
            } else {
                html.append(esc(String.valueOf(ch)));
            }
        }
        return html.append(code ? "</code>" : "").append(strong ? "</strong>" : "").toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
