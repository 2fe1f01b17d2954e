package org.pgingest.report;

import org.pgingest.results.ResultPath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Where a report is written by default, and the writing of its two forms. */
public final class ReportFiles {
    /** The page a run writes at its end, and {@code ./bench report} by default. */
    public static final String HTML = "target/report.html";
    public static final String MARKDOWN = "target/report.md";

    private ReportFiles() {
    }

    /** Whether {@code file} is one of the report's two files, which a run's end writes over. */
    public static boolean isReportFile(Path file) {
        Path given = file.toAbsolutePath().normalize();
        return given.equals(Path.of(HTML).toAbsolutePath().normalize())
                || given.equals(Path.of(MARKDOWN).toAbsolutePath().normalize());
    }

    /** The HTML page and the Markdown version of {@code report}, each made with {@code command} named in it. */
    public static void write(Report report, String command, Path html, Path markdown) throws IOException {
        write(html, HtmlReport.render(report, command));
        write(markdown, MarkdownReport.render(report, command));
    }

    /** Whole or not at all: written aside and renamed over the earlier report ({@link ResultPath}). */
    private static void write(Path file, String text) throws IOException {
        ResultPath.write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }
}
