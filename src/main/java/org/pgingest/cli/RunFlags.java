package org.pgingest.cli;

import org.pgingest.report.ReportFiles;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's own switches for what a run prints and writes, taken out of the command line wherever they stand
 * (JMH has no option of these names):
 * <ul>
 *   <li>{@code --no-report}: no {@code target/report.html} and {@code .md} at the end (the ranked table is still
 *       printed);</li>
 *   <li>{@code --jmh-log}: JMH's own log on the terminal as well as in its file beside the result.</li>
 * </ul>
 *
 * @param report          whether to write the report at the end
 * @param jmhLogOnTerminal whether JMH's log is shown on the terminal
 * @param rest            the other arguments, in order
 */
record RunFlags(boolean report, boolean jmhLogOnTerminal, List<String> rest) {
    static final String NO_REPORT = "--no-report";
    static final String JMH_LOG = "--jmh-log";

    RunFlags {
        rest = List.copyOf(rest);
    }

    /** JMH's options that name a file the run writes: its result and its log. */
    private static final List<String> FILE_OPTIONS = List.of("-rff", "-o");

    /** The flags and the rest; a file option naming the report's file (the report would replace it) is refused. */
    static RunFlags take(String[] args) {
        List<String> rest = new ArrayList<>(List.of(args));
        boolean report = !rest.contains(NO_REPORT);
        boolean jmhLog = rest.contains(JMH_LOG);
        rest.removeIf(a -> a.equals(NO_REPORT) || a.equals(JMH_LOG));
        for (int i = 0; report && i + 1 < rest.size(); i++) {
            if (FILE_OPTIONS.contains(rest.get(i)) && ReportFiles.isReportFile(Path.of(rest.get(i + 1)))) {
                throw new UsageException(rest.get(i) + " " + rest.get(i + 1) + " is where the report goes: give "
                        + "another file, or " + NO_REPORT);
            }
        }
        return new RunFlags(report, jmhLog, rest);
    }

    String[] restArray() {
        return rest.toArray(String[]::new);
    }
}
