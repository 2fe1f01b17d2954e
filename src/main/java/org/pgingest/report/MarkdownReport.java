package org.pgingest.report;

import org.pgingest.gate.Format;

/** The report as Markdown: the same figures as the HTML page, as tables (for a job summary or a README). */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    public static String render(Report report, String command) {
        StringBuilder md = new StringBuilder("# pg-ingest-bench report\n\n");
        md.append("Runs: ").append(String.join(", ", report.runs().stream().map(r -> "`" + r + "`").toList()))
                .append(". Built with `").append(command).append("`.\n\n## Servers\n\n| fact |");
        report.runs().forEach(r -> md.append(' ').append(cell(r)).append(" |"));
        md.append("\n|---|").append("---|".repeat(report.runs().size())).append('\n');
        for (String fact : HtmlReport.factNames(report.facts())) {
            md.append("| ").append(fact).append(" |");
            report.facts().forEach(f -> md.append(' ').append(cell(f.getOrDefault(fact, ""))).append(" |"));
            md.append('\n');
        }
        for (Chart c : report.charts()) {
            md.append("\n## ").append(c.title()).append(" (").append(c.unit()).append(")\n\n").append(c.note())
                    .append("\n\n| entry |");
            c.series().forEach(s -> md.append(' ').append(cell(s)).append(" |"));
            md.append("\n|---|").append("---:|".repeat(c.series().size())).append('\n');
            for (int i = 0; i < c.categories().size(); i++) {
                md.append("| ").append(cell(c.categories().get(i))).append(" |");
                for (int s = 0; s < c.series().size(); s++) {
                    double v = c.values()[i][s];
                    double e = c.errors()[i][s];
                    String missing = c.missing()[i][s];
                    md.append(' ').append(!Double.isFinite(v) ? (missing == null ? "–" : cell("missing: " + missing))
                            : Format.number(v)
                            + (Double.isFinite(e) ? " ± " + Format.number(e) : "")).append(" |");
                }
                md.append('\n');
            }
        }
        return md.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
