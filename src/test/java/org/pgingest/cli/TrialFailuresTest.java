package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.pgingest.results.MissingTrial;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the launcher classifies trials from what JMH 1.37 prints for them. The exception texts are copied from real
 * runs: a ceiling on an external server whose role cannot read server files
 * ({@code BenchMainTest.aCeilingTheServerCannotReadIsMissingWithItsReasonAndTheRunSucceeds}), and MERGE on
 * PostgreSQL 14. JMH prints a failed trial as separate prints: "&lt;failure&gt;", "", each thread's exception with
 * its stack trace, "".
 */
class TrialFailuresTest {
    private static final String REASON = "role bench_app is neither superuser nor a member of pg_read_server_files, "
            + "which COPY FROM a file needs";
    private static final String MISSING = "org.pgingest.results.NotMeasurableException: " + REASON + "\n"
            + "\tat org.pgingest.bench.CeilingState.open(CeilingState.java:105)\n"
            + "\tat org.pgingest.bench.jmh_generated.CeilingBenchmark_load_jmhTest._jmh_tryInit_f_ceilingstate1_1(CeilingBenchmark_load_jmhTest.java:557)\n"
            + "\tat org.pgingest.bench.jmh_generated.CeilingBenchmark_load_jmhTest.load_Throughput(CeilingBenchmark_load_jmhTest.java:77)\n"
            + "\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)\n"
            + "\tat org.openjdk.jmh.runner.BenchmarkHandler$BenchmarkTask.call(BenchmarkHandler.java:527)\n"
            + "\tat java.base/java.lang.Thread.run(Thread.java:840)\n";
    private static final String MERGE_ON_14 = "java.lang.IllegalStateException: merge-upsert needs PostgreSQL 15 or "
            + "later (MERGE); this server is 14.20: use copy-upsert\n"
            + "\tat org.pgingest.bench.IngestState.open(IngestState.java:90)\n"
            + "\tat java.base/java.lang.Thread.run(Thread.java:840)\n";

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final TrialFailures trials = new TrialFailures(OutputFormatFactory.createFormatInstance(
            new PrintStream(console, true, StandardCharsets.UTF_8), VerboseMode.NORMAL));

    private static BenchmarkParams params(String benchmark, Map<String, String> values) {
        WorkloadParams workload = new WorkloadParams();
        int order = 0;
        for (Map.Entry<String, String> e : new TreeMap<>(values).entrySet()) {
            workload.put(e.getKey(), e.getValue(), order++);
        }
        IterationParams iteration = new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.milliseconds(100), 1);
        return new BenchmarkParams(benchmark, benchmark + "_Throughput", false, 1, new int[]{1}, List.of(), 1, 0,
                iteration, iteration, Mode.Throughput, workload, TimeUnit.SECONDS, 1, "java", List.of(), "17", "vm",
                "17", "1.37", TimeValue.minutes(10));
    }

    private void trial(String benchmark, Map<String, String> values, String... exceptions) {
        trials.startBenchmark(params(benchmark, values));
        trials.println("# Fork: 1 of 1");
        if (exceptions.length == 0) {
            trials.println("Iteration   1: 12345.678 ops/s");
            return;
        }
        trials.println("<failure>");
        trials.println("");
        for (String e : exceptions) {
            trials.println(e);
        }
        trials.println("");
    }

    private static final String CEILING = "org.pgingest.bench.CeilingBenchmark.load";
    private static final String INGEST = "org.pgingest.bench.IngestBenchmark.load";

    @Test
    void aTrialThatCannotBeMeasuredIsMissingWithItsReasonNotFailed() {
        trial(INGEST, Map.of("method", "COPY_TEXT", "rows", "50"));
        trial(CEILING, Map.of("method", "COPY_TEXT", "rows", "50"), MISSING);
        trial(CEILING, Map.of("method", "COPY_BINARY", "rows", "50"), MISSING);

        assertThat(trials.trials()).isEqualTo(3);
        assertThat(trials.failures()).isZero();
        assertThat(trials.firstFailure()).isEmpty();
        assertThat(trials.missing()).containsExactly(
                new MissingTrial(CEILING, new TreeMap<>(Map.of("method", "COPY_TEXT", "rows", "50")), REASON),
                new MissingTrial(CEILING, new TreeMap<>(Map.of("method", "COPY_BINARY", "rows", "50")), REASON));
        assertThat(trials.missing().get(0).trial()).isEqualTo("CeilingBenchmark.load method=COPY_TEXT rows=50");
        // Passed through unchanged.
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("<failure>", MISSING, "12345.678 ops/s");
    }

    @Test
    void anyOtherExceptionStillFails() {
        trial(CEILING, Map.of("method", "COPY_TEXT"), MISSING);
        trial(INGEST, Map.of("method", "MERGE_UPSERT"), MERGE_ON_14);

        assertThat(trials.failures()).isEqualTo(1);
        assertThat(trials.firstFailure()).contains("IngestBenchmark.load method=MERGE_UPSERT: IllegalStateException: "
                + "merge-upsert needs PostgreSQL 15 or later (MERGE); this server is 14.20: use copy-upsert");
        assertThat(trials.missing()).extracting(MissingTrial::trial).containsExactly("CeilingBenchmark.load method=COPY_TEXT");
    }

    @Test
    void aTrialWithOneThreadMissingAndAnotherFailingFailed() {
        trial(CEILING, Map.of("method", "COPY_TEXT"), MISSING, MERGE_ON_14);

        assertThat(trials.failures()).isEqualTo(1);
        assertThat(trials.firstFailure()).get().asString().startsWith("CeilingBenchmark.load method=COPY_TEXT: IllegalStateException: merge-upsert");
        assertThat(trials.missing()).isEmpty();
    }

    @Test
    void aForkThatDiedFailsItsTrialEvenIfAnEarlierForkWasMissing() {
        trial(CEILING, Map.of("method", "COPY_TEXT"), MISSING);
        trials.println("<forked VM failed with exit code 137>");

        assertThat(trials.failures()).isEqualTo(1);
        assertThat(trials.firstFailure()).contains("CeilingBenchmark.load method=COPY_TEXT: forked VM failed with exit code 137");
        assertThat(trials.missing()).isEmpty();
    }

    @Test
    void aMissingMessageThatIsNotTheExceptionTypeIsNoSignal() {
        // The old text of the ceiling's failure, or any exception that merely says "missing", is a failure.
        trial(CEILING, Map.of("method", "COPY_TEXT"),
                "java.lang.IllegalStateException: ceiling of COPY_TEXT missing: " + REASON + "\n\tat x.y(Z.java:1)\n");

        assertThat(trials.failures()).isEqualTo(1);
        assertThat(trials.missing()).isEmpty();
    }
}
