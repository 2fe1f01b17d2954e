package org.pgingest.compare;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The referee and the forks' profiler together, each side's "fork" a thread driving a real {@link TurnProfiler}. */
class RefereeTest {
    static final IterationParams WARMUP = new IterationParams(IterationType.WARMUP, 1, TimeValue.milliseconds(1), 1);
    private static final IterationParams MEASUREMENT = new IterationParams(IterationType.MEASUREMENT, 4,
            TimeValue.milliseconds(1), 1);
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    static BenchmarkParams trial(String method) {
        WorkloadParams params = new WorkloadParams();
        params.put("method", method, 0);
        return new BenchmarkParams("org.pgingest.bench.IngestBenchmark.load", "generated", false, 1, new int[] {1},
                List.of(), 1, 0, WARMUP, MEASUREMENT, Mode.Throughput, params, TimeUnit.SECONDS, 1, "java", List.of(),
                "17", "vm", "1", "1.37", TimeValue.minutes(10));
    }

    /** What each side's iterations did, in the order they did it, and how many ran at once. */
    private static final class Log {
        final List<String> turns = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final Map<Side, Long> lastEnded = Collections.synchronizedMap(new EnumMap<>(Side.class));
        final Map<Side, Long> released = Collections.synchronizedMap(new EnumMap<>(Side.class));

        void iteration(Side side, boolean warmup) throws InterruptedException {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            turns.add(warmup ? Character.toString(Character.toLowerCase(side.letter())) : Character.toString(side.letter()));
            Thread.sleep(5);
            running.decrementAndGet();
        }
    }

    /** One side's fork: one warm-up and four measured iterations through the profiler's hooks. */
    private Future<?> fork(Referee referee, Side side, BenchmarkParams trial, Log log) {
        return threads.submit(() -> {
            TurnProfiler profiler = new TurnProfiler(referee.address(side));
            profiler.beforeIteration(trial, WARMUP);
            log.iteration(side, true);
            profiler.afterIteration(trial, WARMUP, null);
            for (int i = 0; i < MEASUREMENT.getCount(); i++) {
                profiler.beforeIteration(trial, MEASUREMENT);
                log.iteration(side, false);
                if (i == MEASUREMENT.getCount() - 1) {
                    log.lastEnded.put(side, System.nanoTime());
                }
                profiler.afterIteration(trial, MEASUREMENT, null);
            }
            log.released.put(side, System.nanoTime());
            return null;
        });
    }

    @Test
    void theSidesTakeTurnsInAbbaBlocksOneAtATime_andNeitherLeavesBeforeBothAreDone() throws Exception {
        Log log = new Log();
        try (Referee referee = new Referee()) {
            Future<String> round = threads.submit(() -> referee.round(Set::of));
            Future<?> a = fork(referee, Side.BASELINE, trial("BATCH"), log);
            Future<?> b = fork(referee, Side.CANDIDATE, trial("BATCH"), log);
            a.get(30, TimeUnit.SECONDS);
            b.get(30, TimeUnit.SECONDS);
            // Pair 0 (warm-up) baseline first, then the order alternates: ab BA AB BA AB.
            assertThat(round.get()).isEqualTo("abBAABBAAB");
        }
        assertThat(String.join("", log.turns)).isEqualTo("abBAABBAAB");
        assertThat(log.mostAtOnce.get()).as("iterations of both sides at once").isEqualTo(1);
        // The baseline ran its last iteration first (pair 4: A then B) and was held until the candidate's ended.
        assertThat(log.released.get(Side.BASELINE)).isGreaterThan(log.lastEnded.get(Side.CANDIDATE));
    }

    @Test
    void aForkThatEndsMidwayIsBlamed_andTheOtherSideIsStopped() throws Exception {
        Log log = new Log();
        try (Referee referee = new Referee()) {
            Future<String> round = threads.submit(() -> referee.round(Set::of));
            Future<?> a = fork(referee, Side.BASELINE, trial("BATCH"), log);
            // The candidate's fork says hello, then dies before its first turn.
            String[] address = referee.address(Side.CANDIDATE).split(":");
            try (Socket dying = new Socket(InetAddress.getByName(address[0]), Integer.parseInt(address[1]));
                 PrintWriter out = new PrintWriter(dying.getOutputStream(), true, StandardCharsets.UTF_8)) {
                out.println(TurnProfiler.HELLO + " candidate org.pgingest.bench.IngestBenchmark.load {method=BATCH}");
                Thread.sleep(200);
            }
            assertThatThrownBy(() -> round.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(Referee.RefereeException.class)
                    .hasMessage("the candidate side's fork ended while the referee waited for 'ready'")
                    .satisfies(e -> assertThat(((Referee.RefereeException) e).atFault()).contains(Side.CANDIDATE));
            assertThatThrownBy(() -> a.get(30, TimeUnit.SECONDS)).cause().isInstanceOf(IllegalStateException.class)
                    .hasMessage("the referee stopped this trial: the candidate side's fork ended while the referee "
                            + "waited for 'ready'");
        }
        assertThat(log.turns).containsExactly("a");
    }

    @Test
    void sidesRunningDifferentTrialsAreBothStopped() throws Exception {
        try (Referee referee = new Referee()) {
            Future<String> round = threads.submit(() -> referee.round(Set::of));
            Future<?> a = fork(referee, Side.BASELINE, trial("BATCH"), new Log());
            Future<?> b = fork(referee, Side.CANDIDATE, trial("COPY_BINARY"), new Log());
            assertThatThrownBy(() -> round.get(30, TimeUnit.SECONDS)).cause()
                    .hasMessage("the sides run different trials: baseline org.pgingest.bench.IngestBenchmark.load "
                            + "{method=BATCH}, candidate org.pgingest.bench.IngestBenchmark.load {method=COPY_BINARY}");
            for (Future<?> side : List.of(a, b)) {
                assertThatThrownBy(() -> side.get(30, TimeUnit.SECONDS)).cause()
                        .hasMessageStartingWith("the referee stopped this trial: the sides run different trials");
            }
        }
    }

    @Test
    void aSideWhoseLauncherEndedBeforeItsForkConnectedIsNotWaitedFor() throws IOException {
        try (Referee referee = new Referee()) {
            assertThatThrownBy(() -> referee.round(() -> Set.of(Side.BASELINE)))
                    .isInstanceOf(Referee.RefereeException.class)
                    .hasMessage("the baseline side ended before its fork reached its first iteration");
        }
    }

    /**
     * Two jars that cannot start: the candidate's launcher ends first, the baseline's half a second later; both are
     * blamed, not the first alone by the milliseconds between their JVMs' failures (CI, 2026-12-04).
     */
    @Test
    void twoSidesEndingOneAfterTheOtherAreBothBlamed() throws IOException {
        long start = System.nanoTime();
        try (Referee referee = new Referee()) {
            assertThatThrownBy(() -> referee.round(() -> System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(500)
                    ? Set.of(Side.CANDIDATE) : Set.of(Side.CANDIDATE, Side.BASELINE)))
                    .isInstanceOf(Referee.RefereeException.class)
                    .hasMessage("both sides ended before their forks reached their first iteration")
                    .satisfies(e -> assertThat(((Referee.RefereeException) e).atFault()).isEmpty());
        }
    }
}
