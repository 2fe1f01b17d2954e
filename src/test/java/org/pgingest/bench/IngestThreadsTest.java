package org.pgingest.bench;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Collection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code IngestBenchmark} with three threads on a real embedded server: the server's costs are measured once per
 * iteration for all threads ({@link IterationWindow}), not reported missing, and the counted figures are exact for
 * the calls of every thread together. JMH runs in this JVM (no fork) to keep the test short.
 */
class IngestThreadsTest {
    private static final int THREADS = 3;
    private static final int ROWS = 20;

    @Test
    void threeThreadsShareOneCostWindowAndItsCountsAreExact() throws Exception {
        System.setProperty("jmh.ignoreLock", "true");
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                .include("org\\.pgingest\\.bench\\.IngestBenchmark\\.")
                .param("method", "AUTOCOMMIT_ROW")
                .param("rows", String.valueOf(ROWS))
                .threads(THREADS)
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(2)
                .measurementTime(TimeValue.milliseconds(300))
                .addProfiler(ServerCostProfiler.class)
                .build()).run();

        var metrics = results.iterator().next().getSecondaryResults();
        // One commit and one statement per row, whichever thread wrote it: exact for all threads together.
        assertThat(metrics.get("commits/op").getScore()).isEqualTo(ROWS);
        assertThat(metrics.get("statements/op").getScore()).isEqualTo(ROWS);
        assertThat(metrics.get("contaminated").getScore()).isZero();
        // Measured, not missing: every autocommitted row's WAL is flushed, by its own fsync or one it shares with
        // the other threads' commits (group commit), so at most one fsync per row beyond the background flushes.
        assertThat(metrics.get("wal.fsyncs/row").getScore()).isPositive().isLessThanOrEqualTo(1.05);
        assertThat(metrics.get("wal.bytes/row").getScore()).isPositive();
        assertThat(metrics.get("rows").getScore()).isPositive();
    }
}
