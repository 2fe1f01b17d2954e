package org.pgingest.report;

import org.pgingest.results.RateRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The report as one self-contained HTML page: styles and charts inline (SVG), nothing fetched, so it opens from
 * a CI artifact with no network. The answer first (the ranked table and rows/s beside WAL per row, fastest first),
 * then the servers, then one chart per figure, each with a table of its exact numbers under it to copy from.
 */
final class HtmlReport {
    private HtmlReport() {
    }

    static String render(Report report, String command) {
        StringBuilder h = new StringBuilder();
        h.append("""
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>pg-ingest-bench report</title>
                <style>
                body { font-family: sans-serif; margin: 24px; color: #222; }
                h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 32px; }
                p, ul { max-width: 75em; }
                table { border-collapse: collapse; font-size: 13px; margin: 8px 0 4px; }
                th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
                td, li { overflow-wrap: anywhere; }
                td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
                p.note { font-size: 13px; color: #444; margin: 4px 0 8px; }
                svg.chart { display: block; margin: 8px 0; }
                code { font-size: 12px; }
                </style>
                </head>
                <body>
                <h1>pg-ingest-bench report</h1>
                """);
        h.append("<p>Runs: ").append(String.join(", ", report.runs().stream()
                .map(r -> "<code>" + Html.escape(r) + "</code>").toList())).append(". Built with <code>")
                .append(Html.escape(command)).append("</code>.</p>\n");
        if (!report.rankings().isEmpty()) {
            h.append("<h2 id=\"answer\">The answer: ranked by rows/s</h2>\n");
            for (Ranking ranking : report.rankings()) {
                ranking(h, ranking);
            }
        }
        if (!report.answer().isEmpty()) {
            Chart rows = report.answer().get(0);
            h.append("<h2 id=\"answer-chart\">Every method: rows/s and WAL per row, fastest first</h2>\n<p class=\"note\">")
                    .append(Html.escape(rows.note())).append("</p>\n")
                    .append(SvgBarChart.render("answer", "Rows per second and WAL bytes per row", report.answer(), true));
            List<String> headings = new ArrayList<>();
            List<List<String>> cells = new ArrayList<>();
            for (Chart c : report.answer()) {
                List<String> ch = ChartTable.headings(c);
                List<List<String>> cr = ChartTable.rows(c);
                headings.addAll(headings.isEmpty() ? ch : ch.subList(1, ch.size()));
                for (int i = 0; i < cr.size(); i++) {
                    if (cells.size() <= i) {
                        cells.add(new ArrayList<>(cr.get(i)));
                    } else {
                        cells.get(i).addAll(cr.get(i).subList(1, cr.get(i).size()));
                    }
                }
            }
            table(h, "table-answer", headings, cells, 1);
        }
        h.append("<h2 id=\"servers\">Servers</h2>\n");
        List<String> factHeadings = new ArrayList<>(List.of("fact"));
        factHeadings.addAll(report.runs());
        List<List<String>> factRows = new ArrayList<>();
        for (String fact : factNames(report.facts())) {
            List<String> row = new ArrayList<>(List.of(fact));
            report.facts().forEach(f -> row.add(f.getOrDefault(fact, "")));
            factRows.add(row);
        }
        table(h, "table-servers", factHeadings, factRows, factHeadings.size());
        if (report.charts().isEmpty()) {
            h.append("<p>No figure to chart: the runs hold no rows/s, WAL, ceiling or allocation figures.</p>\n");
        }
        for (Chart c : report.charts()) {
            h.append("<h2 id=\"").append(c.id()).append("\">").append(Html.escape(c.title())).append(" (")
                    .append(Html.escape(c.unit())).append(Axis.of(c).log() ? ", log scale" : "")
                    .append(")</h2>\n<p class=\"note\">").append(Html.escape(c.note()))
                    .append("</p>\n").append(SvgBarChart.render(c));
            table(h, "table-" + c.id(), ChartTable.headings(c), ChartTable.rows(c), 1);
        }
        if (!report.rates().isEmpty()) {
            h.append("<h2 id=\"rates\">Fixed-rate runs</h2>\n");
            List<List<String>> rows = report.rates().stream().map(MarkdownReport::rateRow).toList();
            table(h, "table-rates", MarkdownReport.RATE_COLUMNS, rows, 4);
        }
        h.append("""
                </body>
                </html>
                """);
        return h.toString();
    }

    private static void ranking(StringBuilder h, Ranking ranking) {
        String context = (ranking.server() + " " + ranking.sharedSentence()).strip();
        if (!context.isEmpty()) {
            h.append("<p class=\"note\">").append(Html.escape(context)).append("</p>\n");
        }
        table(h, "table-ranked", ranking.headings(), ranking.cells(), ranking.labelColumns().size());
        if (!ranking.lines().isEmpty()) {
            h.append("<ul>\n");
            ranking.lines().forEach(l -> h.append("<li>").append(Html.escape(l)).append("</li>\n"));
            h.append("</ul>\n");
        }
    }

    /** A table whose first {@code textColumns} columns are text (left) and the rest numbers (right, aligned). */
    private static void table(StringBuilder h, String cssClass, List<String> headings, List<List<String>> rows,
                              int textColumns) {
        h.append("<table class=\"").append(cssClass).append("\">\n<tr>");
        headings.forEach(c -> h.append("<th>").append(Html.escape(c)).append("</th>"));
        h.append("</tr>\n");
        for (List<String> row : rows) {
            h.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                h.append(i < textColumns ? "<td>" : "<td class=\"n\">").append(Html.escape(row.get(i))).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    static List<String> factNames(List<Map<String, String>> facts) {
        return facts.stream().flatMap(f -> f.keySet().stream()).distinct().toList();
    }
}
