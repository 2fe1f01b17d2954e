package org.pgingest.cli;

import org.pgingest.report.Ranking;
import org.pgingest.results.ResultFile;
import org.pgingest.results.ResultFileException;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How every benchmark run ends (a plain run, a preset, and any command that leaves JMH JSON behind): the result read
 * back from its file, ranked by rows/s with its costs and findings ({@link Ranking}), the report written to
 * {@value ReportMain#HTML} and {@value ReportMain#MARKDOWN} (unless {@code --no-report}), and where everything is.
 * Read from the file, not from JMH's objects in memory, so the terminal shows exactly what the JSON holds and what
 * {@code ./bench report} would show.
 */
final class RunEnd {
    private RunEnd() {
    }

    /**
     * @param result the JMH JSON the run wrote (may be absent when every trial failed)
     * @param trials trials started
     * @param took   how long the run took
     * @param log    JMH's log file, where one was written
     */
    static void finish(Path result, boolean report, int trials, Duration took, Optional<Path> log, PrintStream out,
                       PrintStream err) {
        if (!Files.isRegularFile(result)) {
            out.println("pg-ingest-bench: no results to rank (" + result + " was not written)"
                    + log.map(l -> "; JMH log in " + l).orElse(""));
            return;
        }
        ResultFile file;
        try {
            file = ResultFile.read(result);
        } catch (ResultFileException e) {
            // -rf csv and the like: JMH wrote what was asked; there is nothing here to rank.
            out.println("pg-ingest-bench: no ranking: " + e.getMessage()
                    + log.map(l -> "; JMH log in " + l).orElse(""));
            return;
        }
        out.println();
        out.println("Ranked by rows/s: " + result + ", " + trials + (trials == 1 ? " trial" : " trials") + " in "
                + RunConsole.clock(took));
        out.print(Ranking.of(List.of(file)).text());
        List<String> where = new ArrayList<>();
        if (report) {
            int status = ReportMain.run(new String[] {result.toString()},
                    new PrintStream(PrintStream.nullOutputStream()), err);
            if (status == 0) {
                where.add("report in " + ReportMain.HTML + " and " + ReportMain.MARKDOWN);
            }
        }
        log.ifPresent(l -> where.add("JMH log in " + l + " (--jmh-log shows it here)"));
        if (!where.isEmpty()) {
            out.println("pg-ingest-bench: " + String.join("; ", where));
        }
    }
}
