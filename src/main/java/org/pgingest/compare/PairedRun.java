package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.pgingest.exit.Descendants;
import org.pgingest.exit.ShutdownHook;
import org.pgingest.results.ResultFile;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * Runs trials on both sides, interleaved: for each trial one launcher per side ({@code org.pgingest.cli.BenchMain}
 * of that side's jar, so each side is measured by its own build's harness, server costs and checks), both started
 * together, their forks taking turns one iteration at a time under the {@link Referee}. Trials run one after the
 * other; a side's launcher that fails or hangs is stopped with everything it started.
 *
 * <p>Why two warm forks taking turns, and not the two other ways to interleave (docs/compare.md has the figures):
 * ABBA blocks of whole short runs pay a JVM, a fork, the target's checks and the JIT's warm-up (3 to 4 s here) for
 * every run, so either few pairs or pairs far apart in time; both builds in one JVM through two class loaders,
 * alternating calls, would need glue to each build's internal API, would share one heap and JIT between the sides
 * (a candidate's garbage collected on the baseline's time), and would leave no window in which one side's WAL,
 * fsyncs and commits could be counted, since the server's counters cover the whole server.
 */
final class PairedRun implements AutoCloseable {
    /** How long a side's launcher may take to write its results and end after its last turn. */
    private static final long END_TIMEOUT_SECONDS = 120;
    private static final long STOP_TIMEOUT_SECONDS = 20;

    /**
     * What one trial gave.
     *
     * @param trial    the trial
     * @param results  each side's JMH JSON for it (absent when the side failed)
     * @param turns    the order the sides' iterations ran in, one letter each (A baseline, B candidate; lower case
     *                 warm-up), one string per fork pair
     * @param failures each failed side's one-line reason
     */
    record TrialRun(Trial trial, Map<Side, Path> results, List<String> turns, Map<Side, String> failures) {
    }

    private final Map<Side, BenchmarkJar> jars;
    private final Map<Side, SideOptions> options;
    private final SharedServer server;
    private final List<String> iterationArgs;
    private final int forks;
    private final Path work;
    private final Path turnJar;
    private final Referee referee;
    private final ExecutorService refereeThread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "pg-ingest-bench-referee");
        t.setDaemon(true);
        return t;
    });
    private final List<Process> running = new ArrayList<>();
    /** Set when the JVM shuts down (Ctrl-C, SIGTERM): what the trials left is no comparison to write down. */
    private volatile boolean stopped;
    private final ShutdownHook stopOnExit;

    /**
     * @param iterationArgs JMH's forks, warm-up, measurement and thread options, the same for both sides
     * @param forks         forks per side and trial (each a round of turns)
     * @param work          where each side's per-trial results and logs go
     */
    PairedRun(Map<Side, BenchmarkJar> jars, Map<Side, SideOptions> options, SharedServer server, List<String> iterationArgs,
              int forks, Path work) throws IOException {
        this.jars = jars;
        this.options = options;
        this.server = server;
        this.iterationArgs = List.copyOf(iterationArgs);
        this.forks = forks;
        this.work = work;
        Files.createDirectories(work);
        this.turnJar = writeTurnJar(work.resolve("turn-profiler.jar").toAbsolutePath());
        this.referee = new Referee();
        // Ctrl-C or SIGTERM: the sides' launchers and forks go with this JVM (a fork waits on its launcher forever).
        this.stopOnExit = ShutdownHook.add("pg-ingest-bench-compare-shutdown", () -> {
            stopped = true;
            stopAll();
        });
    }

    /**
     * The profiler's one class in a jar of its own, placed first on each side's class path: a side's jar may be a
     * build that predates it, or one with another version of it.
     */
    private static Path writeTurnJar(Path jar) throws IOException {
        String entry = TurnProfiler.class.getName().replace('.', '/') + ".class";
        try (InputStream in = PairedRun.class.getClassLoader().getResourceAsStream(entry);
             OutputStream file = Files.newOutputStream(jar);
             JarOutputStream out = new JarOutputStream(file)) {
            if (in == null) {
                throw new IOException(entry + " is missing from the launcher's class path");
            }
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }

    /** Runs one trial on both sides; {@code index} numbers its files. */
    TrialRun run(Trial trial, int index) throws IOException, InterruptedException {
        Map<Side, Process> processes = new EnumMap<>(Side.class);
        Map<Side, Path> results = new EnumMap<>(Side.class);
        Map<Side, Path> logs = new EnumMap<>(Side.class);
        for (Side side : Side.values()) {
            Path dir = work.resolve(side.id());
            Files.createDirectories(dir);
            String name = String.format("%02d", index);
            results.put(side, dir.resolve(name + ".json"));
            logs.put(side, dir.resolve(name + ".log"));
            Files.deleteIfExists(results.get(side));
            processes.put(side, start(side, trial, results.get(side), logs.get(side)));
        }
        // The referee's socket listens already: a fork that connects before this thread accepts waits in its backlog.
        Future<List<String>> rounds = refereeThread.submit(() -> {
            List<String> turns = new ArrayList<>();
            for (int fork = 0; fork < forks; fork++) {
                turns.add(referee.round(() -> processes.entrySet().stream().filter(e -> !e.getValue().isAlive())
                        .map(Map.Entry::getKey).collect(Collectors.toCollection(() -> EnumSet.noneOf(Side.class)))));
            }
            return turns;
        });
        Map<Side, String> failures = new EnumMap<>(Side.class);
        List<String> turns = List.of();
        Referee.RefereeException broken = null;
        try {
            turns = rounds.get();
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof Referee.RefereeException re)) {
                throw new IOException("the referee failed: " + e.getCause(), e.getCause());
            }
            broken = re;
        }
        for (Side side : Side.values()) {
            Process p = processes.get(side);
            if (!p.waitFor(broken == null ? END_TIMEOUT_SECONDS : STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                stop(p);
            }
            synchronized (running) {
                running.remove(p);
            }
        }
        if (broken != null) {
            // The side at fault failed; the other was stopped because of it and is no failure of its own.
            List<Side> blamed = broken.atFault().map(List::of).orElse(List.of(Side.values()));
            for (Side side : blamed) {
                failures.put(side, reason(logs.get(side), processes.get(side)).orElse(broken.getMessage()));
            }
        } else {
            for (Side side : Side.values()) {
                if (processes.get(side).exitValue() != 0 || !Files.isRegularFile(results.get(side))) {
                    failures.put(side, reason(logs.get(side), processes.get(side))
                            .orElse("its launcher ended with exit code " + processes.get(side).exitValue()));
                }
            }
        }
        Map<Side, Path> present = new EnumMap<>(Side.class);
        if (broken == null) {
            results.forEach((side, path) -> {
                if (!failures.containsKey(side)) {
                    present.put(side, path);
                }
            });
        }
        if (stopped) {
            throw new InterruptedException("the comparison was stopped (its JVM is shutting down)");
        }
        // The working directory becomes the results directory once the comparison is complete: named from there.
        failures.replaceAll((side, why) -> why + " (log: " + work.toAbsolutePath().relativize(logs.get(side)
                .toAbsolutePath()) + " among the results)");
        return new TrialRun(trial, present, turns, failures);
    }

    private Process start(Side side, Trial trial, Path result, Path log) throws IOException {
        List<String> command = Launchers.java("-cp", turnJar + File.pathSeparator + jars.get(side).path().toAbsolutePath(),
                BenchmarkJar.LAUNCHER,
                // The comparison holds JMH's machine-wide lock for both sides (CompareMain); each side must not wait
                // for it.
                "-Djmh.ignoreLock=true",
                "-D" + TurnProfiler.REFEREE_PROPERTY + "=" + referee.address(side));
        command.addAll(options.get(side).asArgs());
        command.addAll(trial.jmhArgs());
        command.addAll(iterationArgs);
        command.addAll(List.of("-prof", TurnProfiler.class.getName(), "-rff", result.toAbsolutePath().toString()));
        // In the side's own directory: what its launcher writes relative to where it runs (a report of its run, a
        // default result file) stays there, not in the user's checkout, and the two sides' never meet.
        Process p = Launchers.start(command, result.toAbsolutePath().getParent(), log, server.environment(options.get(side)));
        synchronized (running) {
            running.add(p);
        }
        return p;
    }

    /**
     * The side launcher's own last word on a failure ("pg-ingest-bench: 1 of 1 trials failed ...; first: ..."), when it
     * ended by itself and said one.
     */
    private static Optional<String> reason(Path log, Process process) throws IOException {
        if (process.isAlive() || process.exitValue() == 0 || !Files.isRegularFile(log)) {
            return Optional.empty();
        }
        return Launchers.lastWord(log);
    }

    /**
     * One JMH JSON array of a side's trials that both sides completed (a trial one side failed is judged on neither),
     * and one facts file beside it.
     */
    static Path merge(List<TrialRun> runs, Side side, Path result) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ArrayNode entries = json.createArrayNode();
        StringBuilder facts = new StringBuilder();
        for (TrialRun r : runs) {
            if (r.results().size() < Side.values().length) {
                continue;
            }
            Path part = r.results().get(side);
            for (JsonNode entry : json.readTree(part.toFile())) {
                entries.add(entry);
            }
            Path partFacts = Path.of(part + ResultFile.FACTS_SUFFIX);
            if (Files.exists(partFacts)) {
                facts.append(Files.readString(partFacts, StandardCharsets.UTF_8));
            }
        }
        json.writerWithDefaultPrettyPrinter().writeValue(result.toFile(), entries);
        Files.writeString(Path.of(result + ResultFile.FACTS_SUFFIX), facts, StandardCharsets.UTF_8);
        return result;
    }

    /** SIGTERM to the launcher and its forks (a fork's shutdown hook stops what it started), then SIGKILL. */
    static void stop(Process process) throws InterruptedException {
        stop(List.of(process));
    }

    /**
     * {@link #stop(Process)} for several launchers at once: all signalled first, then waited for (one after the other,
     * each would wait out the others' shutdown). Their forks are found before any launcher is signalled: a launcher that ends
     * leaves its forks to init, where its descendants no longer show them.
     */
    static void stop(Collection<Process> processes) throws InterruptedException {
        List<ProcessHandle> forks = processes.stream().flatMap(p -> Descendants.of(p).stream()).toList();
        forks.forEach(ProcessHandle::destroy);
        processes.forEach(Process::destroy);
        for (ProcessHandle p : forks) {
            p.onExit().completeOnTimeout(p, STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS).join();
            p.destroyForcibly();
        }
        for (Process p : processes) {
            if (!p.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    private void stopAll() {
        List<Process> left;
        synchronized (running) {
            left = List.copyOf(running);
        }
        try {
            stop(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        stopAll();
        refereeThread.shutdownNow();
        referee.close();
        stopOnExit.remove();
    }
}
