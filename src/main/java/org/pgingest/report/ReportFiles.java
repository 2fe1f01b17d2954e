package org.pgingest.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a report is written by default, and the writing of its two forms. */
public final class ReportFiles {
    /** The page a run writes at its end, and {@code ./bench report} by default. */
    public static final String HTML = "target/report.html";
    public static final String MARKDOWN = "target/report.md";

    private ReportFiles() {
    }

    /** The HTML page and the Markdown version of {@code report}, each made with {@code command} named in it. */
    public static void write(Report report, String command, Path html, Path markdown) throws IOException {
        write(html, HtmlReport.render(report, command));
        write(markdown, MarkdownReport.render(report, command));
    }

    private static void write(Path file, String text) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.writeString(file, text);
    }
}
