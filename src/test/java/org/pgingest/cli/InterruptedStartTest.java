package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.Bench;
import org.pgingest.ProcessTrees;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./bench --ddl FILE --table NAME} stopped by SIGTERM or SIGINT while its own embedded server starts (issue 26,
 * item 8): nothing of that server is left, neither its data directory nor a postgres or initdb process. The launcher
 * runs in a child JVM with a run root of its own, watched for the moments of the start: the run directory made, initdb
 * writing the data directory, the postmaster started; and stopped while a separate trial measures.
 */
class InterruptedStartTest {
    @TempDir
    Path dir;

    @Test
    void sigtermAsTheRunDirectoryIsMadeLeavesNothing() throws Exception {
        interruptAt("TERM", run -> true);
    }

    @Test
    void sigintWhileInitdbWritesLeavesNothing() throws Exception {
        interruptAt("INT", run -> Files.exists(run.resolve("data").resolve("PG_VERSION")));
    }

    @Test
    void sigtermAsThePostmasterStartsLeavesNothing() throws Exception {
        interruptAt("TERM", run -> Files.exists(run.resolve("data").resolve("postmaster.pid")));
    }

    /**
     * SIGTERM while a separate trial measures: JMH's own hook ends the fork (exit code 143), which JMH may report as a
     * failed trial before the JVM halts, and then start the next; the launcher says at most that it was stopped, and
     * nothing of a failure or of a next trial (a new user's pass, 2026-12-03, saw "trial failed: ... forked VM failed
     * with exit code 143").
     */
    @Test
    void sigtermWhileATrialMeasuresSaysStoppedNotFailed() throws Exception {
        Path root = Files.createDirectories(dir.resolve("runs"));
        Path out = dir.resolve("out.txt");
        Process launcher = launch(root, out, "-i", "3");
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.readString(out).contains("trial 2 of") && launcher.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(Files.readString(out)).as("the second trial started").contains("trial 2 of");
            Thread.sleep(3000);
            new ProcessBuilder("kill", "-TERM", Long.toString(launcher.pid())).start().waitFor();
            assertThat(launcher.waitFor(120, TimeUnit.SECONDS)).as("the launcher exits").isTrue();
            String said = Files.readString(out);
            // The stop line comes when JMH reports the fork's end before the JVM halts, which it does not always.
            assertThat(said).doesNotContain("trial failed", "trial 3 of");
            assertThat(said.split("pg-ingest-bench: stopped \\(Ctrl-C or SIGTERM\\) during ", -1).length - 1)
                    .as(said).isLessThanOrEqualTo(1);
        } finally {
            ProcessTrees.stop(launcher);
        }
    }

    /** The launcher of {@code ./bench --ddl orders.sql --table orders ARGS} in a child JVM, its output to {@code out}. */
    private Process launch(Path root, Path out, String... args) throws IOException {
        Path ddl = dir.resolve("orders.sql");
        Files.writeString(ddl, "CREATE TABLE orders (id bigint PRIMARY KEY, note text);\n");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-Dpg.run.root=" + root, "-cp", System.getProperty("java.class.path")));
        if (System.getProperty("pg.binaries.dir") != null) {
            command.add(2, "-Dpg.binaries.dir=" + System.getProperty("pg.binaries.dir"));
        }
        command.addAll(List.of(Bench.class.getName(), "--ddl", ddl.toString(), "--table", "orders"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
    }

    /** Starts the launcher, sends {@code signal} once its run directory satisfies {@code moment}, checks what is left. */
    private void interruptAt(String signal, Predicate<Path> moment) throws Exception {
        Path root = Files.createDirectories(dir.resolve("runs"));
        Path out = dir.resolve("out.txt");
        Process launcher = launch(root, out);
        try {
            Path run = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (run == null && launcher.isAlive() && System.nanoTime() < deadline) {
                run = runDirectories(root).filter(moment).findFirst().orElse(null);
                Thread.sleep(5);
            }
            assertThat(run).as("the launcher's server reached the moment: " + Files.readString(out)).isNotNull();

            new ProcessBuilder("kill", "-" + signal, Long.toString(launcher.pid())).start().waitFor();

            assertThat(launcher.waitFor(120, TimeUnit.SECONDS)).as("the launcher exits" + (ProcessTrees.ignoresSigint()
                    && signal.equals("INT") ? " (this JVM, and so the launcher, ignores SIGINT: the tests were started in "
                    + "the background of a shell without job control)" : "")).isTrue();
            assertThat(runDirectories(root)).as("run directories left: " + Files.readString(out)).isEmpty();
            assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                    .map(c -> c.contains(root.toString())).orElse(false)).map(ProcessHandle::pid))
                    .as("postgres or initdb processes of the run left").isEmpty();
        } finally {
            ProcessTrees.stop(launcher);
            // What a failed check left (a daemonised postmaster outlives the launcher): stopped, not left running.
            ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(root.toString()))
                    .orElse(false)).forEach(ProcessHandle::destroy);
        }
    }

    private static Stream<Path> runDirectories(Path root) throws IOException {
        try (Stream<Path> entries = Files.list(root)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("run-")).toList().stream();
        }
    }
}
