package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Inputs and outputs of ./bench report that the adversarial pass found mishandled. */
class ReportInputsTest {

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ReportMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(status), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void anOutputThatCannotBeWrittenIsNamedBeforeAnythingIsRead(@TempDir Path dir) {
        String[] o = run(dir.resolve("none.json").toString(), "--html", "/proc/x/r.html");
        assertThat(o[0]).isEqualTo("2");
        assertThat(o[1]).isEqualTo("pg-ingest-bench report: --html /proc/x/r.html: cannot create the directory /proc/x "
                + "(no such file or directory)\n");
    }

    @Test
    void aNamedPipeIsRefusedInsteadOfReadForEver(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("results.json");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        // Reading a FIFO with no writer would block for ever: the limit stops a hang, it is no speed target.
        String[] o = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> run(fifo.toString(),
                "--html", dir.resolve("r.html").toString(), "--markdown", dir.resolve("r.md").toString()));
        assertThat(o[0]).isEqualTo("2");
        assertThat(o[1]).isEqualTo("pg-ingest-bench report: " + fifo + " is not a regular file\n");
    }

    /** An output named twice, or a page with report files, is refused: one had been ignored silently. */
    @Test
    void anOutputGivenTwiceOrBesideAPageIsOneLine(@TempDir Path dir) {
        String[] twice = run("r.json", "--html", dir.resolve("a.html").toString(), "--html", dir.resolve("b.html").toString());
        assertThat(twice).containsExactly("2", "pg-ingest-bench report: --html is given twice: give it once\n");
        String[] both = run("r.json", "--page", dir.resolve("p.md").toString(), "--html", dir.resolve("a.html").toString());
        assertThat(both).containsExactly("2", "pg-ingest-bench report: --page fills a page and writes no report: give "
                + "--page, or --html and --markdown\n");
    }

    /** JMH's [] (no trial ran) and a negative score (an edited file) are refused: the report had drawn nothing, or them. */
    @Test
    void aFileWithNoEntriesOrANegativeScoreIsOneLine(@TempDir Path dir) throws Exception {
        Path empty = java.nio.file.Files.writeString(dir.resolve("empty.json"), "[]");
        String[] none = run(empty.toString(), "--html", dir.resolve("r.html").toString(), "--markdown",
                dir.resolve("r.md").toString());
        assertThat(none).containsExactly("2", "pg-ingest-bench report: " + empty + " holds no benchmark entries (no "
                + "trial ran): nothing to report; " + dir.resolve("r.html") + " left as it was\n");
        Path negative = new org.pgingest.results.HandMadeJmh().entry("x.Load.load", "thrpt").primary("ops/s", -5, -5)
                .write(dir.resolve("negative.json"));
        String[] below = run(negative.toString(), "--html", dir.resolve("r.html").toString(), "--markdown",
                dir.resolve("r.md").toString());
        assertThat(below).containsExactly("2", "pg-ingest-bench report: " + negative + ": entry 0 (x.Load.load) has a "
                + "score of -5.0, below 0, which no JMH mode gives\n");
    }

    /** Two entries of one trial in one file (edited or concatenated) are refused, as gate and export refuse them. */
    @Test
    void twoEntriesOfOneTrialAreOneLine(@TempDir Path dir) throws Exception {
        Path twice = new org.pgingest.results.HandMadeJmh().entry("x.Load.load", "thrpt", "rows=5").primary("ops/s", 5, 5)
                .entry("x.Load.load", "thrpt", "rows=5").primary("ops/s", 6, 6).write(dir.resolve("twice.json"));
        String[] o = run(twice.toString(), "--html", dir.resolve("r.html").toString(), "--markdown",
                dir.resolve("r.md").toString());
        assertThat(o).containsExactly("2", "pg-ingest-bench report: twice.json holds two entries of one trial: "
                + "Load.load(rows=5)\n");
    }
}
