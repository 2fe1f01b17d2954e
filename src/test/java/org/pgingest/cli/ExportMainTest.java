package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.results.HandMadeJmh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ./bench export}: the files it writes, each named, and one line with exit code 2 for what it cannot do. */
class ExportMainTest {
    @TempDir
    Path dir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int export(String... args) {
        return ExportMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void writesEachFormatAndNamesTheFiles() throws IOException {
        Path result = new HandMadeJmh().entry("x.Ingest.load", "thrpt").primary("ops/s", 10, 12, 11)
                .write(dir.resolve("result.json"));
        assertThat(export(result.toString(), dir.resolve("out").toString())).as(err.toString(StandardCharsets.UTF_8)).isZero();
        try (var files = Files.list(dir.resolve("out"))) {
            // a throughput alone: nothing for the smaller-is-better file
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("bencher.json",
                    "github-action-benchmark-bigger.json");
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("pg-ingest-bench export: " + dir.resolve("out").resolve("bencher.json"));
    }

    @Test
    void helpPrintsTheUsage() {
        assertThat(export("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith(ExportMain.USAGE);
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        assertThat(export("only-one")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("pg-ingest-bench export: expected a JMH JSON file and a "
                + "directory; usage: export RESULT.json DIR\n");
        err.reset();
        assertThat(export(dir.resolve("missing.json").toString(), dir.resolve("out").toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("pg-ingest-bench export: ").doesNotContain("\tat ")
                .contains("missing.json").hasLineCount(1);
        assertThat(dir.resolve("out")).doesNotExist();
        err.reset();
        Path aFile = Files.writeString(dir.resolve("a-file"), "");
        assertThat(export(dir.resolve("missing.json").toString(), aFile.resolve("sub").toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("pg-ingest-bench export: export to " + aFile.resolve("sub")
                + ": ").hasLineCount(1);
    }
}
