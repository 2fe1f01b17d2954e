package org.pgingest.rate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ProcessTrees;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** SIGTERM to {@code rate} stops it as Ctrl-C does (issue 19, item 7): stopped early, report and JSON written. */
class RateSignalTest {

    @Test
    void sigtermStopsTheRunEarlyAndItStillReports(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("rate.json");
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
            assertThat(Files.readString(out)).contains("stopped early").contains("JSON report in " + json);
            assertThat(Files.readString(err).lines().filter(l -> l.startsWith(RateCommand.PREFIX))).containsExactly(
                    RateCommand.PREFIX + "SIGTERM: stopping after the calls in flight (a second signal quits at once)");
            assertThat(Files.readString(err))
                    .doesNotContain("Exception").doesNotContain("\tat ");
            JsonNode report = new ObjectMapper().readTree(json.toFile());
            assertThat(report.get("stoppedEarly").asBoolean()).isTrue();
            assertThat(report.get("rows").asLong()).isPositive();
        } finally {
            ProcessTrees.stop(rate);
        }
    }
}
