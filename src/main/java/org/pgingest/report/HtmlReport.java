package org.pgingest.report;

import org.pgingest.results.RateRecord;

import java.util.List;
import java.util.Map;

/**
 * The report as one self-contained HTML page: styles and charts inline (SVG), nothing fetched, so it opens from
 * a CI artifact with no network.
 */
public final class HtmlReport {
    private HtmlReport() {
    }

    public static String render(Report report, String command) {
        StringBuilder h = new StringBuilder();
        h.append("""
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>pg-ingest-bench report</title>
                <style>
                body { font-family: sans-serif; margin: 24px; color: #222; max-width: 900px; }
                h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
                table { border-collapse: collapse; font-size: 13px; }
                th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
                p.note { font-size: 13px; color: #444; margin: 4px 0 8px; }
                code { font-size: 12px; }
                </style>
                </head>
                <body>
                <h1>pg-ingest-bench report</h1>
                """);
        h.append("<p>Runs: ").append(String.join(", ", report.runs().stream()
                .map(r -> "<code>" + Html.escape(r) + "</code>").toList())).append(". Built with <code>")
                .append(Html.escape(command)).append("</code>.</p>\n");
        h.append("<h2 id=\"servers\">Servers</h2>\n<table>\n<tr><th>fact</th>");
        report.runs().forEach(r -> h.append("<th>").append(Html.escape(r)).append("</th>"));
        h.append("</tr>\n");
        for (String fact : factNames(report.facts())) {
            h.append("<tr><td>").append(Html.escape(fact)).append("</td>");
            report.facts().forEach(f -> h.append("<td>").append(Html.escape(f.getOrDefault(fact, ""))).append("</td>"));
            h.append("</tr>\n");
        }
        h.append("</table>\n");
        if (report.charts().isEmpty()) {
            h.append("<p>No figure to chart: the runs hold no rows/s, WAL, ceiling or allocation figures.</p>\n");
        }
        for (Chart c : report.charts()) {
            h.append("<h2 id=\"").append(c.id()).append("\">").append(Html.escape(c.title())).append(" (")
                    .append(Html.escape(c.unit())).append(")</h2>\n<p class=\"note\">").append(Html.escape(c.note()))
                    .append("</p>\n").append(SvgBarChart.render(c));
        }
        if (!report.rates().isEmpty()) {
            h.append("<h2 id=\"rates\">Fixed-rate runs</h2>\n<table>\n<tr>");
            MarkdownReport.RATE_COLUMNS.forEach(c -> h.append("<th>").append(Html.escape(c)).append("</th>"));
            h.append("</tr>\n");
            for (RateRecord r : report.rates()) {
                h.append("<tr>");
                MarkdownReport.rateRow(r).forEach(v -> h.append("<td>").append(Html.escape(v)).append("</td>"));
                h.append("</tr>\n");
            }
            h.append("</table>\n");
        }
        // Marks the page with how many bars the browser actually laid out, per chart: lets a headless browser (the
        // suite's own test) confirm the charts rendered, and costs nothing when opened by a person.
        h.append("""
                <script>
                window.addEventListener('load', function () {
                  var charts = document.querySelectorAll('svg.chart');
                  var drawn = 0;
                  charts.forEach(function (svg) {
                    var bars = Array.prototype.filter.call(svg.querySelectorAll('rect.bar'), function (r) {
                      return r.getBBox().width > 0 && r.getBBox().height > 0;
                    }).length;
                    svg.setAttribute('data-rendered-bars', String(bars));
                    drawn += bars;
                  });
                  document.body.setAttribute('data-rendered-bars', String(drawn));
                  document.body.setAttribute('data-rendered-charts', String(charts.length));
                });
                </script>
                </body>
                </html>
                """);
        return h.toString();
    }

    static List<String> factNames(List<Map<String, String>> facts) {
        return facts.stream().flatMap(f -> f.keySet().stream()).distinct().toList();
    }
}
