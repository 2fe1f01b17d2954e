package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.RunDirectories;
import org.pgingest.ProcessTrees;
import org.pgingest.exit.Descendants;
import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.ResultFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A trial whose server stops after it measured an iteration (issue 26, item 7; as an external server restarting
 * mid-run): JMH keeps that iteration as the trial's result, and the launcher must not. The trial is named on stderr,
 * is absent from the result file and the ranking, and the run exits 1; the trial after it runs and is ranked.
 */
class FailedTrialTest {
    @TempDir
    Path dir;

    @Test
    void aTrialWhoseServerStoppedMidTrialLeavesNoIterationsInTheResults() throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Path result = dir.resolve("result.json");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), BenchMain.class.getName(),
                // JMH's log on stdout: "Iteration   2:" says the first iteration's result has reached the launcher.
                "--jmh-log", "--no-report", "\\.IngestBenchmark\\.", "-p", "method=BATCH,UNNEST", "-p", "rows=50",
                "-f", "1", "-wi", "0", "-i", "8", "-r", "1s", "-rff", result.toString()));
        Process launcher = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        try {
            long postmaster = -1;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (postmaster <= 0 && System.nanoTime() < deadline) {
                Thread.sleep(100);
                if (Files.readString(out).contains("Iteration   2:")) {
                    postmaster = Descendants.of(launcher).stream()
                            .filter(p -> p.info().command().map(c -> c.endsWith("java")).orElse(false))
                            .flatMap(fork -> RunDirectories.of(fork.pid()).stream()).map(RunDirectories::postmasterOf)
                            .flatMap(Optional::stream).findFirst().orElse(-1L);
                }
            }
            assertThat(postmaster).as("the first fork's postmaster, in its second iteration: " + Files.readString(out))
                    .isPositive();
            // SIGINT is PostgreSQL's fast shutdown: the fork's session is ended mid-iteration, as by a restart.
            new ProcessBuilder("kill", "-INT", Long.toString(postmaster)).start().waitFor();

            assertThat(launcher.waitFor(180, TimeUnit.SECONDS)).as("the run ends").isTrue();
            String stdout = Files.readString(out);
            String stderr = Files.readString(err);
            assertThat(launcher.exitValue()).as(stdout + stderr).isEqualTo(1);
            Matcher failed = Pattern.compile("pg-ingest-bench: trial failed: IngestBenchmark\\.load .*method=(\\w+) ")
                    .matcher(stderr);
            assertThat(failed.find()).as(stderr).isTrue();
            String failedMethod = failed.group(1);
            String otherMethod = failedMethod.equals("BATCH") ? "UNNEST" : "BATCH";
            assertThat(stderr).containsPattern("pg-ingest-bench: left out of the results: IngestBenchmark\\.load .*method="
                    + failedMethod + " .*\\(failed after [1-9]\\d* iterations?; a failed trial's iterations are not its "
                    + "result\\)");
            assertThat(ResultFile.read(result).results()).extracting(BenchmarkResult::params)
                    .extracting(p -> p.get("method")).containsExactly(otherMethod);
            String ranking = stdout.substring(stdout.indexOf("Ranked by rows/s: "));
            assertThat(ranking).contains(otherMethod).doesNotContain(failedMethod);
        } finally {
            ProcessTrees.stop(launcher);
        }
    }
}
