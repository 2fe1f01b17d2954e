package org.pgingest.compare;

import org.pgingest.cli.BenchMain;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One ranking of {@code ./bench rank} (one number of rows per call): one launcher per candidate ({@link BenchMain} of
 * this very jar, its single trial, one fork), all started together against the one shared server, each in a schema of
 * its own with its own session settings; their forks take turns one slice (a JMH iteration) at a time under the
 * {@link RoundReferee}, every candidate once per round in an order drawn anew each round. Warm-up rounds come first
 * and count for nothing. The race ({@link Race}) decides after each look who keeps running and whether the top is
 * settled; the budget decides when to stop looking for more.
 *
 * <p>Why one warm fork per candidate rather than all candidates in one JVM: each candidate's JIT profile, heap and
 * garbage are its own (in one JVM, a shared codec's profile would be shaped by whichever ran first), and each slice is
 * its own cost window on the server, so the counted figures stay exact per candidate.
 */
final class RankRun implements AutoCloseable {
    /** Warm-up slices per candidate: the fork's first JIT work and the table's first pages, in turns too. */
    static final int WARMUPS = 2;
    /** How long a fork may take to start and reach its first turn. */
    private static final long START_TIMEOUT_SECONDS = 300;
    private static final long STOP_TIMEOUT_SECONDS = 20;
    private static final String INGEST = "^org\\.pgingest\\.bench\\.IngestBenchmark\\.load$";

    /** One slice in the record of a round: who, in which place of the round, and its figures. */
    record SliceRecord(int candidate, int position, Map<String, Double> figures) {
    }

    /**
     * What a ranking gave.
     *
     * @param rows        rows per call
     * @param candidates  its candidates, by index
     * @param race        the race at its end
     * @param rounds      every measured round's slices in the order they ran
     * @param missing     candidates the target cannot measure, with the reason (not ranked)
     * @param seconds     from the first launcher's start to the last fork's stop
     */
    record Ranking(int rows, List<Candidate> candidates, Race race, List<List<SliceRecord>> rounds,
                   Map<Integer, String> missing, double seconds) {
    }

    private final SharedServer server;
    private final RankOptions options;
    private final Path work;
    private final String schemaPrefix;
    private final Optional<Path> tablesFile;
    private final Map<String, String> shape;
    private final PrintStream out;
    private final List<Process> running = new ArrayList<>();
    private final Set<String> schemas = new LinkedHashSet<>();
    private volatile boolean stopped;
    private final Thread stopOnExit = new Thread(() -> {
        stopped = true;
        stopAll();
    }, "pg-ingest-bench-rank-shutdown");

    /**
     * @param shape        the table's parameters ({@code shape}, and {@code hostileShare} for a user's table)
     * @param schemaPrefix the run's own prefix of the candidates' schemas
     */
    RankRun(SharedServer server, RankOptions options, Path work, String schemaPrefix, Optional<Path> tablesFile,
            Map<String, String> shape, PrintStream out) {
        this.server = server;
        this.options = options;
        this.work = work;
        this.schemaPrefix = schemaPrefix;
        this.tablesFile = tablesFile;
        this.shape = Map.copyOf(shape);
        this.out = out;
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    /** The schemas the run's candidates wrote to so far (to drop on a server the run does not own). */
    Set<String> schemas() {
        return Collections.unmodifiableSet(schemas);
    }

    /**
     * Runs one ranking until its top is settled or {@code endNanos} would be passed by another round.
     *
     * @param missing candidates known missing before the start (the table check), not started
     */
    Ranking rank(int rows, List<Candidate> candidates, Map<Integer, String> missing, long endNanos, Random random)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        Path dir = work.resolve("rows-" + rows);
        Files.createDirectories(dir);
        Race race = new Race(candidates.size(), new RankStatistics(options.confidence(), options.delta()));
        Map<Integer, String> gone = new LinkedHashMap<>(missing);
        missing.forEach((c, why) -> race.fail(c, why));
        Map<String, Integer> ids = new LinkedHashMap<>();
        Map<Integer, Process> processes = new LinkedHashMap<>();
        Map<Integer, Path> logs = new LinkedHashMap<>();
        List<List<SliceRecord>> rounds = new ArrayList<>();
        try (RoundReferee referee = new RoundReferee()) {
            for (int c : race.running()) {
                String id = "c" + c;
                ids.put(id, c);
                logs.put(c, dir.resolve(id + ".log"));
                processes.put(c, start(candidates.get(c), rows, id, referee.address(id), dir, logs.get(c)));
            }
            Set<String> connected = referee.accept(ids.keySet(),
                    id -> !processes.get(ids.get(id)).isAlive(),
                    System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS));
            for (Map.Entry<String, Integer> e : ids.entrySet()) {
                if (!connected.contains(e.getKey())) {
                    int c = e.getValue();
                    gone.put(c, failure(processes.get(c), logs.get(c), "its fork did not reach its first turn within "
                            + START_TIMEOUT_SECONDS + " s"));
                    race.fail(c, gone.get(c));
                }
            }
            long lastRound = 0;
            for (int w = 0; w < WARMUPS && !race.running().isEmpty(); w++) {
                long t0 = System.nanoTime();
                for (int c : shuffled(race.running(), random)) {
                    turn(referee, race, c, candidates, processes, logs, gone, true);
                }
                lastRound = System.nanoTime() - t0;
            }
            while (!race.running().isEmpty() && !race.settled() && !stopped) {
                if (System.nanoTime() + lastRound > endNanos
                        || (options.maxRounds() > 0 && race.rounds() >= options.maxRounds())) {
                    break;
                }
                long t0 = System.nanoTime();
                List<Integer> order = shuffled(race.running(), random);
                Map<Integer, Double> round = new LinkedHashMap<>();
                List<SliceRecord> record = new ArrayList<>();
                for (int i = 0; i < order.size(); i++) {
                    int c = order.get(i);
                    Optional<RoundReferee.Slice> slice = turn(referee, race, c, candidates, processes, logs, gone, false);
                    if (slice.isPresent()) {
                        round.put(c, slice.get().rowsPerSecond());
                        record.add(new SliceRecord(c, i, slice.get().figures()));
                    }
                }
                // A candidate that failed in this round is out of it too (its slices leave every round).
                round.keySet().retainAll(race.running());
                record.removeIf(s -> !race.running().contains(s.candidate()));
                race.add(round);
                rounds.add(record);
                lastRound = System.nanoTime() - t0;
                if (race.lookDue()) {
                    race.look();
                    out.println(RankMain.PREFIX + progress(rows, race, candidates, endNanos));
                }
            }
            if (race.unseenRounds()) {
                race.look();
            }
            for (String id : ids.keySet()) {
                referee.release(id);
            }
        } finally {
            // All asked to end at once, then waited for: one after the other, ten forks took most of a minute.
            processes.values().forEach(p -> {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
            });
            for (Process p : processes.values()) {
                stop(p);
            }
        }
        if (stopped) {
            throw new InterruptedException("the ranking was stopped (its JVM is shutting down)");
        }
        rounds.forEach(r -> r.removeIf(s -> race.status(s.candidate()) == Race.Status.FAILED));
        return new Ranking(rows, candidates, race, rounds, gone, (System.nanoTime() - started) / 1e9);
    }

    private Optional<RoundReferee.Slice> turn(RoundReferee referee, Race race, int c, List<Candidate> candidates,
                                              Map<Integer, Process> processes, Map<Integer, Path> logs,
                                              Map<Integer, String> gone, boolean warmup) throws IOException,
            InterruptedException {
        try {
            RoundReferee.Slice slice = referee.turn("c" + c);
            if (slice.warmup() != warmup) {
                throw new IOException(candidates.get(c).name() + "'s fork ran a " + (slice.warmup() ? "warm-up" : "measured")
                        + " slice in a " + (warmup ? "warm-up" : "measured") + " round");
            }
            if (!warmup && !(slice.rowsPerSecond() > 0)) {
                throw new IOException(candidates.get(c).name() + "'s fork reported no rows/s for its slice");
            }
            return Optional.of(slice);
        } catch (RoundReferee.PlayerGone e) {
            String why = failure(processes.get(c), logs.get(c), e.getMessage());
            gone.put(c, why);
            race.fail(c, why);
            out.println(RankMain.PREFIX + candidates.get(c).name() + " left the ranking: " + why);
            return Optional.empty();
        }
    }

    private static List<Integer> shuffled(List<Integer> running, Random random) {
        List<Integer> order = new ArrayList<>(running);
        Collections.shuffle(order, random);
        return order;
    }

    private String progress(int rows, Race race, List<Candidate> candidates, long endNanos) {
        long left = Math.max(0, TimeUnit.NANOSECONDS.toSeconds(endNanos - System.nanoTime()));
        return rows + " rows per call, round " + race.rounds() + ": leader "
                + (race.leader() < 0 ? "none" : candidates.get(race.leader()).name()) + ", "
                + (race.settled() ? "settled" : race.running().size() + " still running, about " + left + " s of its budget left");
    }

    private Process start(Candidate c, int rows, String id, String refereeAddress, Path dir, Path log) throws IOException {
        String schema = schemaPrefix + "_" + id;
        schemas.add(schema);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", absoluteClassPath(),
                // The rank holds JMH's machine-wide lock for all its candidates (RankMain).
                "-Djmh.ignoreLock=true"));
        tablesFile.ifPresent(f -> command.add("-D" + org.pgingest.workload.definition.ResolvedTables.PROPERTY + "=" + f));
        command.addAll(List.of(BenchMain.class.getName(), "-D" + TurnProfiler.REFEREE_PROPERTY + "=" + refereeAddress,
                "--no-report", INGEST, "-bm", "thrpt"));
        Map<String, String> params = new LinkedHashMap<>(shape);
        params.putAll(options.trialParams(c, rows));
        params.forEach((name, value) -> command.addAll(List.of("-p", name + "=" + value)));
        String slice = options.slice().toMillis() + "ms";
        command.addAll(List.of("-f", "1", "-wi", Integer.toString(WARMUPS), "-w", slice,
                // More measured iterations than any budget reaches: the ranking, not JMH, decides when a fork stops.
                "-i", "1000000", "-r", slice,
                // JMH calls profilers' afterIteration in reverse order of their -prof options (1.37): the cost profiler
                // named last adds its figures before the turn profiler reports the iteration to the referee.
                "-prof", TurnProfiler.class.getName(), "-prof", BenchMain.COST_PROFILER, "-rff", dir.resolve(id + ".json").toAbsolutePath().toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
        builder.environment().putAll(server.environment(c.settings(), schema));
        Process p = builder.start();
        p.getOutputStream().close();
        synchronized (running) {
            running.add(p);
        }
        return p;
    }

    /** This JVM's class path with every entry absolute: the launchers run in directories of their own. */
    private static String absoluteClassPath() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(e -> Path.of(e).toAbsolutePath().toString())
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
    }

    /**
     * Why a candidate left: its launcher's own last word once it ended (a missing trial's reason, or its failure),
     * else what the referee saw.
     */
    private static String failure(Process process, Path log, String seen) throws IOException, InterruptedException {
        process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!Files.isRegularFile(log)) {
            return seen;
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        Optional<String> missing = lines.stream().filter(l -> l.startsWith("pg-ingest-bench: missing ")).findFirst();
        if (missing.isPresent()) {
            String m = missing.get();
            return "missing: " + m.substring(m.indexOf(": ", "pg-ingest-bench: missing ".length()) + 2);
        }
        return lines.stream().filter(l -> l.startsWith("pg-ingest-bench: ") && !l.contains("JMH results in"))
                .reduce((first, second) -> second).map(l -> l.substring("pg-ingest-bench: ".length()))
                .orElse(seen) + " (log: " + log + ")";
    }

    /** Stops a launcher and its fork as a comparison stops a side's ({@link PairedRun#stop}), and forgets it. */
    private void stop(Process process) throws InterruptedException {
        PairedRun.stop(process);
        synchronized (running) {
            running.remove(process);
        }
    }

    private void stopAll() {
        List<Process> left;
        synchronized (running) {
            left = List.copyOf(running);
        }
        for (Process p : left) {
            try {
                stop(p);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void close() {
        stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException e) {
            // shutting down: the hook runs or ran
        }
    }
}
