package org.pgingest.compare;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.ThroughputResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rank's referee and the forks' real {@link TurnProfiler}, each "fork" a thread: a fork that ran its last slice
 * waits until the referee lets the whole generation go, and the candidate's next fork is accepted under its name.
 */
class RoundRefereeTest {
    private static final IterationParams MEASUREMENT = new IterationParams(IterationType.MEASUREMENT, 2,
            TimeValue.milliseconds(1), 1);
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    /** One fork: a warm-up and two measured slices through the profiler's hooks; counts down when it has ended. */
    private Future<?> fork(RoundReferee referee, String player, CountDownLatch ended) {
        BenchmarkParams trial = RefereeTest.trial("COPY_BINARY");
        return threads.submit(() -> {
            TurnProfiler profiler = new TurnProfiler(referee.address(player));
            profiler.beforeIteration(trial, RefereeTest.WARMUP);
            profiler.afterIteration(trial, RefereeTest.WARMUP, null);
            for (int i = 0; i < MEASUREMENT.getCount(); i++) {
                profiler.beforeIteration(trial, MEASUREMENT);
                profiler.afterIteration(trial, MEASUREMENT, null);
            }
            ended.countDown();
            return null;
        });
    }

    @Test
    void aForkThatRanItsLastSliceWaitsForTheGeneration_andItsSuccessorIsAccepted() throws Exception {
        try (RoundReferee referee = new RoundReferee()) {
            for (int generation = 0; generation < 2; generation++) {
                CountDownLatch ended = new CountDownLatch(2);
                fork(referee, "c0", ended);
                fork(referee, "c1", ended);
                assertThat(referee.accept(Set.of("c0", "c1"), p -> false, deadline())).containsExactlyInAnyOrder("c0", "c1");
                assertThat(referee.turn("c0").warmup()).isTrue();
                assertThat(referee.turn("c1").warmup()).isTrue();
                assertThat(referee.turn("c1").last()).isFalse();
                assertThat(referee.turn("c0").last()).isFalse();
                RoundReferee.Slice last = referee.turn("c0");
                assertThat(last.last()).isTrue();
                assertThat(ended.await(300, TimeUnit.MILLISECONDS)).as("c0 held while c1 still has a slice").isFalse();
                assertThat(referee.turn("c1").last()).isTrue();
                assertThat(ended.await(300, TimeUnit.MILLISECONDS)).as("both held until let go").isFalse();
                referee.letLastGo();
                assertThat(ended.await(30, TimeUnit.SECONDS)).as("both ended once let go").isTrue();
            }
        }
    }

    /**
     * Forks whose warm-up slice lasts until every one of them has been let go: played in turns, the first would wait
     * for the others for ever (here 30 s, then it says so in its figures).
     */
    @Test
    void aSlicePlayedTogetherLetsEveryForkGoBeforeAnyIsDone_andOneThatEndsLeavesAlone() throws Exception {
        BenchmarkParams trial = RefereeTest.trial("COPY_BINARY");
        CountDownLatch allGoing = new CountDownLatch(3);
        try (RoundReferee referee = new RoundReferee()) {
            for (String player : List.of("c0", "c1", "c2")) {
                threads.submit(() -> {
                    TurnProfiler profiler = new TurnProfiler(referee.address(player));
                    profiler.beforeIteration(trial, RefereeTest.WARMUP);
                    allGoing.countDown();
                    boolean together = allGoing.await(30, TimeUnit.SECONDS);
                    profiler.afterIteration(trial, RefereeTest.WARMUP, together ? null : failedToMeet());
                    return null;
                });
            }
            // c3 says hello, then its fork ends before its first slice.
            String[] address = referee.address("c3").split(":");
            try (Socket ending = new Socket(InetAddress.getByName(address[0]), Integer.parseInt(address[1]));
                 PrintWriter out = new PrintWriter(ending.getOutputStream(), true, StandardCharsets.UTF_8)) {
                out.println(TurnProfiler.HELLO + " c3 org.pgingest.bench.IngestBenchmark.load {method=BATCH}");
                assertThat(referee.accept(Set.of("c0", "c1", "c2", "c3"), p -> false, deadline()))
                        .containsExactlyInAnyOrder("c0", "c1", "c2", "c3");
            }
            RoundReferee.Together played = referee.together(List.of("c0", "c3", "c1", "c2"));
            assertThat(played.gone()).containsOnlyKeys("c3");
            assertThat(played.slices()).containsOnlyKeys("c0", "c1", "c2");
            assertThat(played.slices().values()).allSatisfy(slice -> {
                assertThat(slice.warmup()).isTrue();
                assertThat(slice.figures()).as("no fork waited out its 30 s").isEmpty();
            });
        }
    }

    /** A result whose figures say the forks did not all run at once. */
    private static IterationResult failedToMeet() {
        IterationResult result = new IterationResult(RefereeTest.trial("COPY_BINARY"), RefereeTest.WARMUP, null);
        result.addResult(new ThroughputResult(ResultRole.PRIMARY, "waited", 1, 1, TimeUnit.SECONDS));
        return result;
    }

    @Test
    void aHelloFromACandidateNoLongerRunningIsToldToStop() throws Exception {
        try (RoundReferee referee = new RoundReferee()) {
            // The stale fork connects first: the referee reads its hello before c0's.
            String[] address = referee.address("c9").split(":");
            try (Socket stale = new Socket(InetAddress.getByName(address[0]), Integer.parseInt(address[1]));
                 PrintWriter out = new PrintWriter(stale.getOutputStream(), true, StandardCharsets.UTF_8);
                 BufferedReader in = new BufferedReader(new InputStreamReader(stale.getInputStream(), StandardCharsets.UTF_8))) {
                stale.setSoTimeout(30_000);
                out.println(TurnProfiler.HELLO + " c9 org.pgingest.bench.IngestBenchmark.load {method=BATCH}");
                CountDownLatch ended = new CountDownLatch(1);
                fork(referee, "c0", ended);
                assertThat(referee.accept(Set.of("c0"), p -> false, deadline())).containsExactly("c0");
                assertThat(in.readLine()).startsWith(TurnProfiler.STOP);
            }
        }
    }

    private static long deadline() {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    }
}
