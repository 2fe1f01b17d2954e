package org.pgingest.compare;

import org.pgingest.bench.IngestBenchmark;
import org.pgingest.cli.BenchMain;
import org.pgingest.exit.Descendants;
import org.pgingest.exit.ShutdownHook;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One ranking of {@code ./bench rank} (one number of rows per call): one launcher per candidate ({@link BenchMain} of
 * this very jar, its single trial), all started together against the one shared server, each in a schema of its own
 * with its own session settings. Their forks take turns one slice (a JMH iteration) at a time under the
 * {@link RoundReferee}, every candidate once per round in an order drawn anew each round. A fork plays two warm-up
 * slices that count for nothing ({@link #WARMUPS}: the first with every other new fork at once), then
 * {@code --rounds-per-fork} measured rounds (more once the field has shrunk:
 * {@link #roundsOf}), and ends; JMH then starts the
 * candidate's next fork (a new JVM, connection and table copy), all candidates' at the same round. The race
 * ({@link Race}) looks when a generation of forks has ended and decides who keeps running and whether the top is
 * settled; the budget decides when to stop starting forks.
 *
 * <p>Why warm forks per candidate rather than all candidates in one JVM: each candidate's JIT profile, heap and
 * garbage are its own (in one JVM, a shared codec's profile would be shaped by whichever ran first), and each slice is
 * its own cost window on the server, so the counted figures stay exact per candidate. Why many short forks rather
 * than one long one: a fork keeps a speed of its own for its life, so forks, not rounds, are what the intervals count.
 */
final class RankRun implements AutoCloseable {
    /**
     * Warm-up iterations per fork: {@code --warmup} split in two. The first is played by every candidate's new fork at
     * once: it holds the trial's setup (the JVM's first classes, the table's copy, the first calls' rows), which in
     * turns every other fork would wait for. The second is played in turns, calls of the fork's own on a quiet
     * machine (docs/rank.md, Measured, for why one is enough).
     */
    static final int WARMUPS = 2;
    private static final int FORKS = 100_000;
    private static final int MAX_FORK_GROWTH = 4;
    private static final int LONGEST_GROWN_FORK = 16;
    /** {@link #roundsOf} in words, for the verdict and its JSON. */
    static final String FORK_GROWTH = "twice as many once half the candidates had stopped, " + MAX_FORK_GROWTH
            + " times as many once only 1/" + MAX_FORK_GROWTH + " were left, at most " + LONGEST_GROWN_FORK;
    /** How long a fork may take to start and reach its first turn. */
    private static final long START_TIMEOUT_SECONDS = 300;
    private static final long STOP_TIMEOUT_SECONDS = 20;
    private static final String INGEST = "^" + BenchMain.methodsOf(IngestBenchmark.class) + "load$";

    /**
     * One slice in the record of a round: who, in which place of the round, in which fork, its figures, and whether
     * it is left out of the rows/s as still compiling ({@link #leaveOutCompiling}).
     */
    record SliceRecord(int candidate, int position, int fork, Map<String, Double> figures, boolean compiling) {
        double rowsPerSecond() {
            return figures.getOrDefault("rows", Double.NaN);
        }

        /**
         * The slice's time as JMH measured it, its calls over its calls per second (JMH ends an iteration at the end of
         * the call under way, so a slice lasts longer than asked); the time asked for where a figure is missing.
         */
        double millis(long sliceMillis) {
            double score = figures.getOrDefault(TurnProfiler.SCORE, Double.NaN);
            double calls = figures.getOrDefault(TurnProfiler.CALLS, Double.NaN);
            return score > 0 && calls > 0 ? 1000 * calls / score : sliceMillis;
        }
    }

    /**
     * A slice in which its fork's JVM compiled for more than this share of the slice is left out of the rows/s and the
     * intervals, as warm-up that had not ended: under -Xbatch the calls stand still while it compiles. The share sits
     * between what the per-statement methods compiled in their slowest slices and the COPY methods in their usual
     * ones (docs/rank.md, Measured).
     */
    static final double COMPILING_SHARE = 0.25;

    /**
     * A fork's rounds with each slice marked {@code compiling} where its fork compiled for more than
     * {@link #COMPILING_SHARE} of it ({@code jit.time}); a candidate whose every slice in the fork did keeps them all,
     * so that each fork still has a speed for every candidate (marked, they would leave it none).
     */
    static List<List<SliceRecord>> leaveOutCompiling(List<List<SliceRecord>> fork, long sliceMillis) {
        Set<Integer> steadyOnce = new HashSet<>();
        fork.forEach(round -> round.stream().filter(s -> !compiled(s, sliceMillis))
                .forEach(s -> steadyOnce.add(s.candidate())));
        // Rounds stay mutable: a candidate failing later leaves every round it ran (rank's end).
        return fork.stream().<List<SliceRecord>>map(round -> new ArrayList<>(round.stream().map(s -> new SliceRecord(
                s.candidate(), s.position(), s.fork(), s.figures(),
                steadyOnce.contains(s.candidate()) && compiled(s, sliceMillis))).toList())).toList();
    }

    private static boolean compiled(SliceRecord s, long sliceMillis) {
        return s.figures().getOrDefault("jit.time", 0.0) > COMPILING_SHARE * s.millis(sliceMillis);
    }

    /**
     * The measured rounds of a generation's forks: {@code --rounds-per-fork}, doubled once half the candidates the
     * ranking started with have stopped and again once three quarters have, to at most {@value #LONGEST_GROWN_FORK}
     * (never fewer than asked). Why: a fork's start and warm-up cost the same however long it plays, and most of a
     * short fork's time (its setup and 2 s of warm-up alone against 2 s of measured slices in a fork of 4); with few
     * candidates left a round is short and quiet, and the top's interval wants many. With many, short forks bring the
     * first looks soon enough to stop the clearly slower. The intervals still weigh every fork alike: weighted by
     * their rounds, forks of unequal length gave intervals that held less often than they said when forks have
     * speeds of their own (docs/rank.md).
     */
    static int roundsOf(int first, int field, int running) {
        int growth = 1;
        while (growth < MAX_FORK_GROWTH && 2 * growth * running <= field) {
            growth *= 2;
        }
        return Math.max(first, Math.min(LONGEST_GROWN_FORK, first * growth));
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
     * @param forkStarts  per generation of forks, seconds from the previous one's last slice until every new fork had
     *                    said hello (the first: from the launchers' start)
     */
    record Ranking(int rows, List<Candidate> candidates, Race race, List<List<SliceRecord>> rounds,
                   Map<Integer, String> missing, double seconds, List<Double> forkStarts) {
    }

    /** How the reason of a candidate the target cannot measure begins (it is missing, never failed). */
    static final String MISSING = "missing: ";

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
    private final ShutdownHook stopOnExit;

    /**
     * @param shape        the table's parameters ({@code shape}, and {@code hostileShare} for a user's table)
     * @param schemaPrefix the run's own prefix of the candidates' schemas
     * @param leaveServer  what the run leaves the server as when it ends (on an external server, its schemas dropped),
     *                     run also when the JVM is stopped mid-run
     */
    RankRun(SharedServer server, RankOptions options, Path work, String schemaPrefix, Optional<Path> tablesFile,
            Map<String, String> shape, PrintStream out, Consumer<Set<String>> leaveServer) {
        this.server = server;
        this.options = options;
        this.work = work;
        this.schemaPrefix = schemaPrefix;
        this.tablesFile = tablesFile;
        this.shape = Map.copyOf(shape);
        this.out = out;
        this.stopOnExit = ShutdownHook.add("pg-ingest-bench-rank-shutdown", () -> {
            stopped = true;
            stopAll();
            // Ctrl-C or SIGTERM: the main thread's own clean-up never runs, and its forks are stopped by now
            leaveServer.accept(schemas());
        });
    }

    /** The schemas the run's candidates wrote to so far (to drop on a server the run does not own). */
    Set<String> schemas() {
        synchronized (schemas) {
            return Set.copyOf(schemas);
        }
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
        Map<Integer, Launch> launches = new LinkedHashMap<>();
        List<List<SliceRecord>> rounds = new ArrayList<>();
        List<Double> forkStarts = new ArrayList<>();
        int field = race.running().size();
        int perFork = options.roundsPerFork();
        try (RoundReferee referee = new RoundReferee()) {
            for (int c : race.running()) {
                launch(c, candidates.get(c), rows, perFork, referee, dir, launches);
            }
            long forkStart = 0;
            long lastRound = 0;
            // The budget is checked before every round, not only between forks: at 50,000 rows a round of ten
            // candidates takes a minute or more.
            // no fork for a candidate left alone (the others failed): it has nothing to be compared with
            for (int fork = 0; !race.running().isEmpty() && race.ranked().size() > 1 && !race.settled() && !stopped;
                 fork++) {
                long t0 = System.nanoTime();
                int next = roundsOf(options.roundsPerFork(), field, race.running().size());
                if (next != perFork) {
                    // JMH fixes a launcher's iterations per fork: the candidates still running get new launchers.
                    perFork = next;
                    stop(race.running().stream().map(c -> launches.get(c).process()).toList());
                    for (int c : race.running()) {
                        launch(c, candidates.get(c), rows, perFork, referee, dir, launches);
                    }
                }
                connect(referee, race, candidates, launches, gone);
                forkStarts.add((System.nanoTime() - (fork == 0 ? started : t0)) / 1e9);
                boolean outOfTime = false;
                for (int w = 0; w < WARMUPS && !race.running().isEmpty() && !outOfTime; w++) {
                    long w0 = System.nanoTime();
                    if (w == 0) {
                        warmUpTogether(referee, race, candidates, launches, gone);
                    } else {
                        for (int c : shuffled(race.running(), random)) {
                            turn(referee, race, c, candidates, launches, gone, true, false);
                        }
                    }
                    lastRound = Math.max(lastRound, System.nanoTime() - w0);
                    outOfTime = System.nanoTime() + lastRound > endNanos;
                }
                forkStart = System.nanoTime() - t0;
                List<List<SliceRecord>> played = new ArrayList<>();
                for (int r = 0; r < perFork && !outOfTime && !race.running().isEmpty() && !stopped; r++) {
                    if (r > 0 && System.nanoTime() + lastRound > endNanos) {
                        outOfTime = true;
                        break;
                    }
                    t0 = System.nanoTime();
                    List<Integer> order = shuffled(race.running(), random);
                    List<SliceRecord> record = new ArrayList<>();
                    for (int i = 0; i < order.size(); i++) {
                        int c = order.get(i);
                        Optional<RoundReferee.Slice> slice = turn(referee, race, c, candidates, launches, gone, false,
                                r == perFork - 1);
                        if (slice.isPresent()) {
                            record.add(new SliceRecord(c, i, fork, slice.get().figures(), false));
                        }
                    }
                    played.add(record);
                    lastRound = System.nanoTime() - t0;
                }
                // A candidate that failed in this fork is out of its rounds too (its slices leave every round).
                played.forEach(record -> record.removeIf(s -> !race.running().contains(s.candidate())));
                // A fork cut short still counts: its mean is over fewer rounds (none when its warm-up was cut).
                for (List<SliceRecord> record : leaveOutCompiling(played, options.slice().toMillis())) {
                    Map<Integer, Double> round = new LinkedHashMap<>();
                    record.stream().filter(s -> !s.compiling()).forEach(s -> round.put(s.candidate(), s.rowsPerSecond()));
                    race.add(fork, round);
                    rounds.add(record);
                }
                if (outOfTime) {
                    break;
                }
                referee.letLastGo();
                boolean roundsDone = options.maxRounds() > 0 && race.rounds() >= options.maxRounds();
                int forkCandidates = race.running().size();
                // The look comes first: who still runs sets what the next fork costs.
                if (!roundsDone && race.lookDue()) {
                    race.look();
                    out.println(RankMain.PREFIX + progress(rows, race, candidates, endNanos));
                    // Candidates that stopped running: their launchers would only start forks nobody plays.
                    launches.forEach((c, launch) -> {
                        if (race.status(c) == Race.Status.BEHIND) {
                            destroy(launch.process());
                        }
                    });
                } else if (!roundsDone) {
                    // no look at this fork: a line all the same, or the first minutes of a ranking pass in silence
                    out.println(RankMain.PREFIX + progress(rows, race, candidates, endNanos));
                }
                // No fork follows when its start and one round, for the candidates still running, would pass the end:
                // the final look comes after the loop.
                double share = (double) race.running().size() / Math.max(1, forkCandidates);
                if (roundsDone || System.nanoTime() + (long) ((forkStart + lastRound) * share) > endNanos) {
                    break;
                }
            }
            if (!race.settled() && !race.running().isEmpty() && race.ranked().size() > 1 && race.rounds() > 0
                    && !stopped) {
                race.finalLook();
            }
            for (Launch launch : launches.values()) {
                referee.release(launch.player());
            }
        } finally {
            stop(launches.values().stream().map(Launch::process).toList());
        }
        if (stopped) {
            throw new InterruptedException("the ranking was stopped (its JVM is shutting down)");
        }
        rounds.forEach(r -> r.removeIf(s -> race.status(s.candidate()) == Race.Status.FAILED));
        return new Ranking(rows, candidates, race, rounds, gone, (System.nanoTime() - started) / 1e9, forkStarts);
    }

    private static String id(int candidate) {
        return "c" + candidate;
    }

    /** A candidate's current launcher: its process, its log, and the name its forks have with the referee. */
    private record Launch(String player, Process process, Path log) {
    }

    /**
     * Starts a candidate's launcher, its forks playing {@code perFork} measured rounds: the referee knows them under a
     * name of this launch's own, so that a fork of a launcher stopped before is never taken for the new one's.
     */
    private void launch(int c, Candidate candidate, int rows, int perFork, RoundReferee referee, Path dir,
                        Map<Integer, Launch> launches) throws IOException {
        String player = launches.containsKey(c) ? id(c) + "-" + perFork : id(c);
        Path log = dir.resolve(player + ".log");
        launches.put(c, new Launch(player, start(candidate, rows, id(c), player, referee.address(player), perFork, dir, log),
                log));
    }

    /** Asks a launcher and its fork to end, without waiting ({@link #stop} waits). */
    private static void destroy(Process p) {
        Descendants.of(p).forEach(ProcessHandle::destroy);
        p.destroy();
    }

    /**
     * Waits until every running candidate's next fork has started and said hello; a candidate whose fork does not
     * (its launcher ended: a missing method, a failed setup) fails.
     */
    private void connect(RoundReferee referee, Race race, List<Candidate> candidates, Map<Integer, Launch> launches,
                         Map<Integer, String> gone) throws IOException, InterruptedException {
        Map<String, Integer> expected = new LinkedHashMap<>();
        race.running().forEach(c -> expected.put(launches.get(c).player(), c));
        Set<String> connected = referee.accept(expected.keySet(),
                id -> !launches.get(expected.get(id)).process().isAlive(),
                System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS));
        for (Map.Entry<String, Integer> e : expected.entrySet()) {
            if (!connected.contains(e.getKey())) {
                Process launcher = launches.get(e.getValue()).process();
                leave(race, e.getValue(), candidates, launches, gone, launcher.isAlive()
                        ? "its fork did not reach its first turn within " + START_TIMEOUT_SECONDS + " s"
                        : "its launcher ended (exit code " + launcher.exitValue() + ") before its fork's first turn");
            }
        }
    }

    /**
     * The first warm-up slice of every running candidate's new fork, played by all at once ({@link #WARMUPS}); a
     * candidate whose fork leaves during it fails.
     */
    private void warmUpTogether(RoundReferee referee, Race race, List<Candidate> candidates,
                                Map<Integer, Launch> launches, Map<Integer, String> gone)
            throws IOException, InterruptedException {
        Map<String, Integer> byPlayer = new LinkedHashMap<>();
        race.running().forEach(c -> byPlayer.put(launches.get(c).player(), c));
        RoundReferee.Together played = referee.together(byPlayer.keySet());
        for (Map.Entry<String, String> left : played.gone().entrySet()) {
            leave(race, byPlayer.get(left.getKey()), candidates, launches, gone, left.getValue());
        }
        for (Map.Entry<String, RoundReferee.Slice> slice : played.slices().entrySet()) {
            expect(slice.getValue(), candidates.get(byPlayer.get(slice.getKey())), true, false);
        }
    }

    private Optional<RoundReferee.Slice> turn(RoundReferee referee, Race race, int c, List<Candidate> candidates,
                                              Map<Integer, Launch> launches, Map<Integer, String> gone,
                                              boolean warmup, boolean last)
            throws IOException, InterruptedException {
        try {
            return Optional.of(expect(referee.turn(launches.get(c).player()), candidates.get(c), warmup, last));
        } catch (RoundReferee.PlayerGone e) {
            leave(race, c, candidates, launches, gone, e.getMessage());
            return Optional.empty();
        }
    }

    /** The slice, when it is the kind the ranking expected of the candidate's fork. */
    private static RoundReferee.Slice expect(RoundReferee.Slice slice, Candidate candidate, boolean warmup, boolean last)
            throws IOException {
        if (slice.warmup() != warmup || slice.last() != last) {
            throw new IOException(candidate.name() + "'s fork ran a " + (slice.warmup() ? "warm-up" : "measured")
                    + (slice.last() ? " last" : "") + " slice where the ranking expected a " + (warmup ? "warm-up"
                    : "measured") + (last ? " last" : "") + " one");
        }
        if (!warmup && !(slice.rowsPerSecond() > 0)) {
            throw new IOException(candidate.name() + "'s fork reported no rows/s for its slice");
        }
        return slice;
    }

    /** The candidate leaves the ranking: why, in its launcher's words where it has any, said and recorded. */
    private void leave(Race race, int c, List<Candidate> candidates, Map<Integer, Launch> launches,
                       Map<Integer, String> gone, String seen) throws IOException, InterruptedException {
        if (stopped) {
            // Ctrl-C or SIGTERM ended its launcher, as every other's: the run's end, said once, not a failure of each.
            throw new InterruptedException("the ranking was stopped (its JVM is shutting down)");
        }
        String why = failure(launches.get(c).process(), launches.get(c).log(), seen);
        gone.put(c, why);
        race.fail(c, why);
        out.println(RankMain.PREFIX + candidates.get(c).name() + " left the ranking: " + why);
    }

    private static List<Integer> shuffled(List<Integer> running, Random random) {
        List<Integer> order = new ArrayList<>(running);
        Collections.shuffle(order, random);
        return order;
    }

    private String progress(int rows, Race race, List<Candidate> candidates, long endNanos) {
        long left = Math.max(0, TimeUnit.NANOSECONDS.toSeconds(endNanos - System.nanoTime()));
        return rows + " rows per call, " + race.forks() + (race.forks() == 1 ? " fork (" : " forks (") + race.rounds()
                + " rounds): " + (race.looks() == 0 ? "no look yet, " : "leader "
                + (race.leader() < 0 ? "none" : candidates.get(race.leader()).name()) + ", ")
                + (race.settled() ? "settled" : race.running().size() + " still running, about " + left + " s of its budget left");
    }

    private Process start(Candidate c, int rows, String id, String player, String refereeAddress, int perFork, Path dir,
                          Path log) throws IOException {
        String schema = schemaPrefix + "_" + id;
        synchronized (schemas) {
            schemas.add(schema);
        }
        List<String> command = Launchers.java("-cp", absoluteClassPath(),
                // The rank holds JMH's machine-wide lock for all its candidates (RankMain).
                "-Djmh.ignoreLock=true");
        tablesFile.ifPresent(f -> command.add("-D" + org.pgingest.workload.definition.ResolvedTables.PROPERTY + "=" + f));
        command.addAll(List.of(BenchMain.class.getName(), "-D" + TurnProfiler.REFEREE_PROPERTY + "=" + refereeAddress,
                "--no-report", INGEST, "-bm", "thrpt"));
        Map<String, String> params = new LinkedHashMap<>(shape);
        params.putAll(options.trialParams(c, rows));
        params.forEach((name, value) -> command.addAll(List.of("-p", name + "=" + value)));
        String slice = options.slice().toMillis() + "ms";
        String warmup = Math.max(1, options.warmup().toMillis() / WARMUPS) + "ms";
        // Compilation in the foreground (HotSpot's -Xbatch): with background compilation the twins of an A/A, each
        // in forks of its own, differed by a few per cent from fork to fork (JIT decisions raced the calls); with it,
        // by no more than the rounds' own noise (docs/rank.md, Measured). Warm-up absorbs the pauses it adds.
        command.addAll(List.of("-jvmArgsAppend", "-Xbatch"));
        // More forks than any budget reaches: the ranking, not JMH, decides when a candidate stops; each fork runs
        // its warm-up and a few measured slices, then JMH starts the candidate's next one.
        // A failed fork ends the candidate's part in the ranking: JMH's -foe stops its launcher there, where it would
        // go on starting forks (each refused by the referee) until stopped, 20 s later (STOP_TIMEOUT_SECONDS).
        command.addAll(List.of("-foe", "true"));
        command.addAll(List.of("-f", Integer.toString(FORKS), "-wi", Integer.toString(WARMUPS), "-w", warmup,
                "-i", Integer.toString(perFork), "-r", slice,
                // JMH calls profilers' afterIteration in reverse order of their -prof options (1.37): the cost profiler
                // named last adds its figures before the turn profiler reports the iteration to the referee.
                "-prof", TurnProfiler.class.getName(), "-prof", BenchMain.COST_PROFILER, "-rff", dir.resolve(player + ".json").toAbsolutePath().toString()));
        Process p = Launchers.start(command, dir, log, server.environment(c.settings(), schema));
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
        Optional<String> missing = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("pg-ingest-bench: missing ")).findFirst();
        if (missing.isPresent()) {
            String m = missing.get();
            return MISSING + m.substring(m.indexOf(": ", "pg-ingest-bench: missing ".length()) + 2);
        }
        return Launchers.lastWord(log).orElse(seen) + " (log: " + log + ")";
    }

    /** Stops launchers and their forks as a comparison stops a side's ({@link PairedRun#stop}), and forgets them. */
    private void stop(Collection<Process> processes) throws InterruptedException {
        PairedRun.stop(processes);
        synchronized (running) {
            running.removeAll(processes);
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
    public void close() {
        stopAll();
        stopOnExit.remove();
    }
}
