package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.RunDirectories;
import org.pgingest.ProcessTrees;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pgingest.exit.Descendants;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code kill -9} of a JMH fork (issue 19, item 7): the launcher, still alive, removes the fork's postmaster and run
 * directory as soon as the run ends, instead of leaving them to the next run's sweep.
 */
class ForkKilledTest {

    @Test
    void theLauncherSweepsTheKilledForksServerAtOnce() throws Exception {
        Path out = Files.createTempFile("fork-killed", ".txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), BenchMain.class.getName(),
                // JMH's log on this output too (issue 15 sends it to a file by default): its first iteration line
                // says the fork's server is up and measuring.
                "--jmh-log", "--no-report", "\\.IngestBenchmark\\.", "-p", "method=BATCH", "-p", "rows=50", "-f", "1", "-wi", "0", "-i", "200", "-r", "1s",
                "-rff", out + ".json"));
        Process launcher = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            ProcessHandle fork = null;
            Path runDirectory = null;
            long postmaster = -1;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (postmaster <= 0 && System.nanoTime() < deadline) {
                Thread.sleep(200);
                fork = Descendants.of(launcher).stream()
                        .filter(p -> p.info().command().map(c -> c.endsWith("java")).orElse(false)).findFirst().orElse(null);
                if (fork != null && Files.readString(out).contains("Iteration   1:")) {
                    runDirectory = RunDirectories.of(fork.pid()).stream()
                            .filter(d -> RunDirectories.postmasterOf(d).isPresent()).findFirst().orElse(null);
                    postmaster = runDirectory == null ? -1 : RunDirectories.postmasterOf(runDirectory).orElse(-1L);
                }
            }
            assertThat(postmaster).as("the fork's postmaster, once it measures: " + Files.readString(out)).isPositive();
            assertThat(ProcessHandle.of(postmaster)).isPresent();

            new ProcessBuilder("kill", "-9", Long.toString(fork.pid())).start().waitFor();

            assertThat(launcher.waitFor(60, TimeUnit.SECONDS)).as("the launcher ends after its only fork died").isTrue();
            assertThat(launcher.exitValue()).isEqualTo(1);
            assertThat(runDirectory).as("swept by the launcher before it exited").doesNotExist();
            assertThat(ProcessHandle.of(postmaster).filter(ProcessTrees::running)).isEmpty();
        } finally {
            ProcessTrees.stop(launcher);
            Files.deleteIfExists(out);
            Files.deleteIfExists(Path.of(out + ".json"));
            Files.deleteIfExists(Path.of(out + ".json.server.jsonl"));
            Files.deleteIfExists(Path.of(out + ".jmh.log"));
        }
    }
}
