package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.RunDirectories;
import org.pgingest.Part;
import org.pgingest.ProcessTrees;
import org.pgingest.RequiresPart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.pgingest.exit.Descendants;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A worker of the citus target's cluster stopped mid-iteration (issue 29): the trial fails with one line that names
 * the worker, the run exits 1, and no node's postmaster or run directory is left.
 */
class CitusWorkerStoppedTest {
    @TempDir
    Path dir;

    @Test
    @RequiresPart(Part.CITUS)
    void aWorkerStoppedMidIterationFailsTheTrialWithOneLineAndLeavesNothing() throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), BenchMain.class.getName(),
                "-Dpg.target=citus", "-Dpg.conf.shared_buffers=128MB",
                // JMH's log on stdout: "Iteration   2:" says the first iteration's result is in and the second runs
                // (JMH prints "Iteration   1:" before the trial's setup, which starts the cluster).
                "--jmh-log", "--no-report", "\\.IngestBenchmark\\.", "-p", "method=COPY_BINARY", "-p", "indexes=PK",
                "-p", "rows=500", "-f", "1", "-wi", "0", "-i", "2", "-r", "10s", "-rff", dir.resolve("r.json").toString()));
        Process launcher = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        try {
            List<Path> nodes = List.of();
            List<Long> postmasters = List.of();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (postmasters.size() < 3 && System.nanoTime() < deadline) {
                Thread.sleep(200);
                if (Files.readString(out).contains("Iteration   2:")) {
                    Optional<ProcessHandle> fork = Descendants.of(launcher).stream()
                            .filter(p -> p.info().command().map(c -> c.endsWith("java")).orElse(false)).findFirst();
                    nodes = fork.map(f -> RunDirectories.of(f.pid())).orElse(List.of());
                    postmasters = nodes.stream().map(RunDirectories::postmasterOf).flatMap(Optional::stream).toList();
                }
            }
            assertThat(postmasters).as("the postmasters of the coordinator and two workers, in the second iteration: "
                    + nodes + Files.readString(out)).hasSize(3);
            long worker = nodes.stream().filter(d -> isNode(d, "worker1")).findFirst()
                    .flatMap(RunDirectories::postmasterOf).orElseThrow();
            // Past the iteration's setup (its tables emptied, its cost window opened): a COPY is running on the worker
            boolean copying = false;
            while (!copying && System.nanoTime() < deadline) {
                Thread.sleep(20);
                copying = copying(worker);
            }
            assertThat(copying).as("a COPY on worker1 within the second iteration").isTrue();
            // SIGQUIT is PostgreSQL's immediate shutdown (pg_ctl stop -m immediate): the worker is gone at once,
            // its connections from the coordinator cut mid-COPY.
            new ProcessBuilder("kill", "-QUIT", Long.toString(worker)).start().waitFor();

            assertThat(launcher.waitFor(180, TimeUnit.SECONDS)).as("the run ends").isTrue();
            String stdout = Files.readString(out);
            String stderr = Files.readString(err);
            assertThat(launcher.exitValue()).as(stdout + stderr).isEqualTo(1);
            List<String> failed = stderr.lines().filter(l -> l.startsWith("pg-ingest-bench: trial failed: ")).toList();
            assertThat(failed).as(stderr).singleElement().asString()
                    .contains("IngestBenchmark.load").contains("Citus worker1 (localhost:")
                    .doesNotContain("\tat ").doesNotContain("Caused by");
            for (long pid : postmasters) {
                assertThat(ProcessHandle.of(pid).filter(ProcessTrees::running)).as("postmaster " + pid).isEmpty();
            }
            assertThat(nodes).allSatisfy(d -> assertThat(d).doesNotExist());
        } finally {
            ProcessTrees.stop(launcher);
        }
    }

    /** Whether {@code runDirectory} holds the node {@code name}: CitusNode writes it into postgresql.conf. */
    private static boolean isNode(Path runDirectory, String name) {
        try {
            return Files.readString(runDirectory.resolve("data").resolve("postgresql.conf")).contains("citus target's " + name + "\n");
        } catch (IOException e) {
            return false; // being written or removed
        }
    }

    /**
     * Whether one of a PostgreSQL server's backends runs a COPY: its process title (update_process_title, on by default
     * on Linux, written over the process's arguments, so read from /proc rather than ProcessHandle's command line, which
     * is the executable's path) ends with the statement's tag.
     */
    private static boolean copying(long postmaster) {
        return ProcessHandle.of(postmaster).stream().flatMap(ProcessHandle::children).anyMatch(p -> {
            try {
                return Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline")).replace((char) 0, ' ')
                        .strip().endsWith(" COPY");
            } catch (IOException e) {
                return false; // the backend has ended
            }
        });
    }
}
