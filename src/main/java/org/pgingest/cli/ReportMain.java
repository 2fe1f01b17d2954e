package org.pgingest.cli;

import org.pgingest.report.Report;
import org.pgingest.report.ReportFiles;
import org.pgingest.report.ResultsPage;
import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.OutputFiles;
import org.pgingest.results.RateRecord;
import org.pgingest.results.ResultFile;
import org.pgingest.results.ResultFileException;
import org.pgingest.secret.SecretBearing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code ./bench report RESULT.json [MORE.json ...] [--html FILE] [--markdown FILE]}: one self-contained HTML page
 * and a Markdown version of one or more JMH results, side by side, and of fixed-rate runs ({@code ./bench rate}
 * JSON, one run per file or a list of them), as a table and charts (default {@value #HTML} and {@value #MARKDOWN}).
 * Exit code 2 with one line on a missing or unreadable file.
 */
public final class ReportMain {
    static final String HTML = ReportFiles.HTML;
    static final String MARKDOWN = ReportFiles.MARKDOWN;
    static final String USAGE = "usage: report RESULT.json [MORE.json ...] [--html FILE] [--markdown FILE] "
            + "(JMH JSON or ./bench rate JSON), or report RESULT.json --page PAGE.md (its tables into a results page)";

    private ReportMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The command without exiting: its exit code; what it says goes to {@code out} and {@code err}. */
    public static int run(String[] given, PrintStream out, PrintStream err) {
        String[] args = OptionArgs.spaced(given);
        if (List.of(args).contains("--help")) {
            out.println(USAGE + "\n(docs/ci.md, \"Gate and report\")");
            return 0;
        }
        try {
            OptionArgs.repeated(List.of(args), List.of("--html", "--markdown", "--page")).ifPresent(problem -> {
                throw new IllegalArgumentException(problem);
            });
            if (List.of(args).contains("--page") && (List.of(args).contains("--html") || List.of(args).contains("--markdown"))) {
                throw new IllegalArgumentException("--page fills a page and writes no report: give --page, or --html and "
                        + "--markdown");
            }
            List<Path> inputs = new ArrayList<>();
            Path html = Path.of(HTML);
            Path markdown = Path.of(MARKDOWN);
            Path page = null;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--html" -> html = Path.of(value(args, ++i));
                    case "--markdown" -> markdown = Path.of(value(args, ++i));
                    case "--page" -> page = Path.of(value(args, ++i));
                    default -> {
                        if (args[i].startsWith("-")) {
                            throw new IllegalArgumentException("unknown option " + SecretBearing.masked(args[i]) + "; " + USAGE);
                        }
                        inputs.add(Path.of(args[i]));
                    }
                }
            }
            if (inputs.isEmpty()) {
                throw new IllegalArgumentException("no result file given; " + USAGE);
            }
            OutputFiles.problem(page != null ? List.of(Map.entry("--page", page))
                    : List.of(Map.entry("--html", html), Map.entry("--markdown", markdown)), inputs).ifPresent(problem -> {
                        throw new IllegalArgumentException(problem);
                    });
            if (page != null) {
                return fillPage(inputs, page, out);
            }
            List<ResultFile> files = new ArrayList<>();
            List<RateRecord> rates = new ArrayList<>();
            for (Path input : inputs) {
                if (RateRecord.holdsRateResults(input)) {
                    rates.addAll(RateRecord.read(input));
                } else {
                    files.add(ResultFile.read(input));
                }
            }
            for (ResultFile file : files) {
                // JMH writes one entry per trial: two of one trial (an edited or concatenated file) would be drawn
                // as two bars of one name, as gate and export refuse them
                Set<String> trials = new HashSet<>();
                for (BenchmarkResult r : file.results()) {
                    if (!trials.add(r.benchmark() + " " + r.mode() + " " + r.threads() + " " + r.params())) {
                        throw new IllegalArgumentException(file.name() + " holds two entries of one trial: " + r.label());
                    }
                }
            }
            if (rates.isEmpty() && files.stream().allMatch(f -> f.results().isEmpty())) {
                // JMH writes [] when no trial ran: a report of it would be an empty table over an earlier report
                throw new IllegalArgumentException(String.join(", ", inputs.stream().map(Path::toString).toList())
                        + (inputs.size() == 1 ? " holds" : " hold") + " no benchmark entries (no trial ran): nothing to "
                        + "report; " + html + " left as it was");
            }
            Report report = Report.of(files, rates);
            String command = "report " + String.join(" ", inputs.stream().map(Path::toString).toList());
            ReportFiles.write(report, command, html, markdown);
            out.println("pg-ingest-bench report: " + report.charts().size() + " charts of " + files.size()
                    + " runs" + (rates.isEmpty() ? "" : " and " + rates.size() + " fixed-rate runs") + " in " + html
                    + " and " + markdown);
            return 0;
        } catch (ResultFileException | IllegalArgumentException e) {
            err.println("pg-ingest-bench report: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("pg-ingest-bench report: cannot write the report: " + e.getMessage());
            return 2;
        }
    }

    /**
     * {@code --page}: the tables between the page's markers rendered from the one result beside it (the page is
     * created, with the ranked table, where it does not exist); the prose around them is left as it is.
     */
    private static int fillPage(List<Path> inputs, Path page, PrintStream out) throws IOException {
        if (inputs.size() != 1) {
            throw new IllegalArgumentException("--page takes exactly one result file, the one committed beside the "
                    + "page; " + USAGE);
        }
        Report report = ResultsPage.reportOf(inputs.get(0));
        String text = java.nio.file.Files.exists(page) ? java.nio.file.Files.readString(page) : "";
        if (page.getParent() != null) {
            java.nio.file.Files.createDirectories(page.getParent());
        }
        String filled = ResultsPage.fill(text, report);
        // whole or not at all, as every file the suite writes
        org.pgingest.results.ResultPath.write(page, o -> o.write(filled.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        out.println("pg-ingest-bench report: the tables of " + page + " rendered from " + inputs.get(0));
        return 0;
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value; " + USAGE);
        }
        return args[i];
    }
}
