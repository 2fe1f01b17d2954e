package org.pgingest.report;

import org.pgingest.gate.Format;
import org.pgingest.results.Markdown;
import org.pgingest.results.RateRecord;

import java.util.List;

/** The report as Markdown: the same figures as the HTML page, as tables (for a job summary or a README). */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    public static String render(Report report, String command) {
        StringBuilder md = new StringBuilder("# pg-ingest-bench report\n\n");
        md.append("Runs: ").append(String.join(", ", report.runs().stream().map(r -> "`" + r + "`").toList()))
                .append(". Built with `").append(command).append("`.\n");
        if (!report.rankings().isEmpty()) {
            md.append("\n## The answer: ranked by rows/s\n");
            report.rankings().forEach(r -> md.append('\n').append(r.markdown()));
        }
        md.append("\n## Servers\n\n| fact |");
        report.runs().forEach(r -> md.append(' ').append(cell(r)).append(" |"));
        md.append("\n|---|").append("---|".repeat(report.runs().size())).append('\n');
        for (String fact : HtmlReport.factNames(report.facts())) {
            md.append("| ").append(cell(fact)).append(" |");
            report.facts().forEach(f -> md.append(' ').append(cell(f.getOrDefault(fact, ""))).append(" |"));
            md.append('\n');
        }
        for (Chart c : report.charts()) {
            // The note says what every bar shares, parameter values included: text, as in the tables and report.html.
            md.append("\n## ").append(cell(c.title())).append(" (").append(cell(c.unit())).append(")\n\n")
                    .append(cell(c.note()))
                    .append("\n\n").append(table(c));
        }
        if (!report.rates().isEmpty()) {
            md.append("\n## Fixed-rate runs\n\n| ").append(String.join(" | ", RATE_COLUMNS)).append(" |\n|")
                    .append("---|".repeat(4)).append("---:|".repeat(RATE_COLUMNS.size() - 4)).append('\n');
            for (RateRecord r : report.rates()) {
                md.append("| ").append(String.join(" | ", rateRow(r).stream().map(MarkdownReport::cell).toList()))
                        .append(" |\n");
            }
        }
        return md.toString();
    }

    /** The columns of the fixed-rate table, shared with the HTML page. */
    static final List<String> RATE_COLUMNS = List.of("run", "method", "held", "server", "rows per call", "workers",
            "asked rows/s", "achieved rows/s", "latency p50 / p90 / p99 / max ms", "lag p99 ms",
            "server CPU % of a core", "WAL fsyncs/row", "WAL B/row");

    static List<String> rateRow(RateRecord r) {
        double[] l = r.latencyMs();
        return List.of(r.source(), r.method() + ("POOLED".equals(r.connections()) ? "" : " (" + r.connections() + ")"),
                r.held() ? "yes" : "NO", r.serverVersion(), String.valueOf(r.batch()), String.valueOf(r.workers()),
                Format.number(r.askedRowsPerSecond()), Format.number(r.achievedRowsPerSecond()),
                Format.number(l[0]) + " / " + Format.number(l[1]) + " / " + Format.number(l[2]) + " / "
                        + Format.number(l[3]), Format.number(r.lagP99Ms()), Format.number(r.cpuPercent()),
                Format.number(r.walFsyncsPerRow()), Format.number(r.walBytesPerRow()));
    }

    /** The exact numbers of one chart, as {@link ChartTable} gives them (labels left, numbers right). */
    static String table(Chart chart) {
        List<String> headings = ChartTable.headings(chart);
        StringBuilder md = new StringBuilder("| ").append(String.join(" | ",
                headings.stream().map(MarkdownReport::cell).toList())).append(" |\n|---|")
                .append("---:|".repeat(headings.size() - 1)).append('\n');
        for (List<String> row : ChartTable.rows(chart)) {
            md.append("| ").append(String.join(" | ", row.stream().map(MarkdownReport::cell).toList())).append(" |\n");
        }
        return md.toString();
    }

    private static String cell(String text) {
        return Markdown.text(text);
    }
}
