package org.pgingest.rate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ProcessTrees;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SIGTERM to {@code rate} stops it as Ctrl-C does (issue 19, item 7): stopped early, its figures on the console; the
 * earlier result in its JSON file kept, as a result file holds complete runs only (an adversarial pass, 2026-12-03,
 * saw a stopped run replace one).
 */
class RateSignalTest {

    @Test
    void sigtermStopsTheRunEarlyAndItReportsOnTheConsole(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("rate.json"), "an earlier complete result");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process rate = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), RateCommand.class.getName(), "--method", "batch",
                "--rows-per-second", "200", "--batch", "10", "--duration", "120s", "--progress-every", "1s",
                "--json", json.toString())).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(out).contains("rows/s now") && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(Files.readString(out)).as("a progress line before the signal").contains("rows/s now");
            // Twice, as GNU timeout sends it (to the command and to its process group): one request to stop. (Found
            // by the adversarial pass: the second signal quit at once, without the report.)
            for (int i = 0; i < 2; i++) {
                new ProcessBuilder("kill", "-TERM", Long.toString(rate.pid())).start().waitFor();
            }
            assertThat(rate.waitFor(60, TimeUnit.SECONDS)).isTrue();

            assertThat(rate.exitValue()).as(Files.readString(err)).isEqualTo(143);
            assertThat(Files.readString(out)).contains("achieved", "stopped early").doesNotContain("JSON report in")
                    .contains(RateCommand.PREFIX + "stopped early: " + json + " and the report left as they were (a "
                            + "result file holds complete runs only)");
            assertThat(json).hasContent("an earlier complete result");
            assertThat(Files.readString(err).lines().filter(l -> l.startsWith(RateCommand.PREFIX))).containsExactly(
                    RateCommand.PREFIX + "SIGTERM: stopping after the calls in flight (a second signal quits at once)");
            assertThat(Files.readString(err))
                    .doesNotContain("Exception").doesNotContain("\tat ");
        } finally {
            ProcessTrees.stop(rate);
        }
    }
}
