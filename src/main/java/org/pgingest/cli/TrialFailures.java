package org.pgingest.cli;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.pgingest.results.FailedThroughPoolerException;
import org.pgingest.results.MissingTrial;
import org.pgingest.results.NotMeasurableException;
import org.pgingest.results.PoolerFailure;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * JMH's console output, passed through unchanged, while noting which trials failed and why, and which were missing.
 * JMH 1.37 goes on after a trial fails (unless {@code -foe true}) and leaves the trial out of the results; the only
 * record of the failure is what it prints: a {@code <failure>} line, an empty line, each thread's exception (one
 * print per exception, its stack trace included) and an empty line; or {@code <forked VM failed with exit code N>}.
 * Forks report through the host's output format, so the failures of every fork pass here.
 *
 * <p>A trial whose printed exceptions are all {@link NotMeasurableException} is <em>missing</em> (the target cannot
 * give that figure), not failed: it is listed with its reason and does not fail the run. One whose exceptions are all
 * {@link FailedThroughPoolerException} <em>failed through its pooler</em>: the pooler axis's result for that loader,
 * listed with its error, and no failure of the run either. JMH prints each exception with its stack trace; these
 * two carry none, so they are one line on the console too. With {@code -foe true}
 * JMH 1.37 stops the run at the first trial that throws, missing ones included, and the launcher exits 1 (not tried
 * in a run: it follows from JMH rethrowing in {@code BaseRunner.doSingle}).
 */
final class TrialFailures implements OutputFormat {
    private static final String FAILURE = "<failure>";
    private static final String FORK_FAILED = "<forked VM failed";
    /** How JMH prints the exception: {@code Throwable.printStackTrace}, whose first line is "class: message". */
    private static final String MISSING_PREFIX = NotMeasurableException.class.getName() + ": ";
    private static final String POOLER_PREFIX = FailedThroughPoolerException.class.getName() + ": ";

    /** Told of each trial as it starts and of each failure as soon as it is known (progress on the terminal). */
    interface Listener {
        void trialStarted(BenchmarkParams params);

        void trialFailed(String trial, String reason);
    }

    private static final Listener SILENT = new Listener() {
        @Override
        public void trialStarted(BenchmarkParams params) {
        }

        @Override
        public void trialFailed(String trial, String reason) {
        }
    };

    private final OutputFormat out;
    private final Listener listener;
    /** Failed trials, each with the first line of its first exception. */
    private final Map<String, String> failed = new LinkedHashMap<>();
    private final Map<String, MissingTrial> missing = new LinkedHashMap<>();
    private final Map<String, PoolerFailure> throughPooler = new LinkedHashMap<>();
    private final Set<String> started = new LinkedHashSet<>();
    private String current = "(before any benchmark)";
    private BenchmarkParams currentParams;
    /** Inside a failure's block: its exceptions so far (null outside one). */
    private List<String> block;

    TrialFailures(OutputFormat out) {
        this(out, SILENT);
    }

    TrialFailures(OutputFormat out, Listener listener) {
        this.out = out;
        this.listener = listener;
    }

    /** Trials started so far. */
    int trials() {
        return started.size();
    }

    /** Trials that failed, each once however many of its forks or iterations did; missing trials are not counted. */
    int failures() {
        endBlock();
        return failed.size();
    }

    /**
     * The first failure as one line: the trial (benchmark and parameters) and the first line of its exception.
     */
    Optional<String> firstFailure() {
        endBlock();
        return failed.entrySet().stream().findFirst().map(e -> e.getKey() + ": " + e.getValue());
    }

    /**
     * Whether the trial of {@code params} failed. JMH keeps the iterations a failed trial measured before it failed
     * (its fork died, its server went away): those are not the trial's result.
     */
    boolean failed(BenchmarkParams params) {
        endBlock();
        return failed.containsKey(describe(params));
    }

    /** Trials the target could not measure, in the order they ran, each once. */
    List<MissingTrial> missing() {
        endBlock();
        return List.copyOf(missing.values());
    }

    /** Trials whose loader failed through a pooler, in the order they ran, each once. */
    List<PoolerFailure> failedThroughPooler() {
        endBlock();
        return List.copyOf(throughPooler.values());
    }

    private void noteLine(String text) {
        if (text == null) {
            return;
        }
        String line = text.strip();
        if (line.equals(FAILURE)) {
            endBlock();
            block = new ArrayList<>();
            return;
        }
        if (line.startsWith(FORK_FAILED)) {
            endBlock();
            fail(line.substring(1, line.length() - 1));
            return;
        }
        if (block == null) {
            return;
        }
        if (!line.isEmpty()) {
            block.add(line);
        } else if (!block.isEmpty()) {
            // The empty line after the exceptions (the one before them finds the block empty).
            endBlock();
        }
    }

    /** Classifies the failure block just printed: missing when every exception in it says so. */
    private void endBlock() {
        if (block == null) {
            return;
        }
        List<String> exceptions = block;
        block = null;
        if (exceptions.isEmpty()) {
            fail("no reason printed");
        } else if (exceptions.stream().allMatch(e -> e.startsWith(MISSING_PREFIX)) && !failed.containsKey(current)) {
            missing.putIfAbsent(current, new MissingTrial(benchmark(), params(), reason(exceptions.get(0), MISSING_PREFIX)));
        } else if (exceptions.stream().allMatch(e -> e.startsWith(POOLER_PREFIX)) && !failed.containsKey(current)) {
            throughPooler.putIfAbsent(current, new PoolerFailure(benchmark(), params(), reason(exceptions.get(0), POOLER_PREFIX)));
        } else {
            fail(exceptionLine(exceptions.stream().filter(e -> !e.startsWith(MISSING_PREFIX) && !e.startsWith(POOLER_PREFIX))
                    .findFirst().orElse(exceptions.get(0))));
        }
    }

    /**
     * A trial failed: once failed, never missing or failed through its pooler (another fork or thread of it went
     * wrong for another reason).
     */
    private void fail(String reason) {
        missing.remove(current);
        throughPooler.remove(current);
        if (failed.putIfAbsent(current, reason) == null) {
            listener.trialFailed(current, reason);
        }
    }

    /** The first line of a printed exception without its class name. */
    private static String reason(String exception, String prefix) {
        return exception.lines().findFirst().orElseThrow().substring(prefix.length());
    }

    private String benchmark() {
        return currentParams == null ? current : currentParams.getBenchmark();
    }

    private SortedMap<String, String> params() {
        SortedMap<String, String> params = new TreeMap<>();
        if (currentParams != null) {
            for (String key : currentParams.getParamsKeys()) {
                params.put(key, currentParams.getParam(key));
            }
        }
        return params;
    }

    /** "java.lang.IllegalStateException: what" → "IllegalStateException: what" (first line only). */
    private static String exceptionLine(String throwableText) {
        String first = throwableText.lines().findFirst().orElse(throwableText);
        int colon = first.indexOf(": ");
        String type = colon < 0 ? first : first.substring(0, colon);
        if (type.matches("[\\w.$]+")) {
            return type.substring(type.lastIndexOf('.') + 1) + first.substring(type.length());
        }
        return first;
    }

    static String describe(BenchmarkParams params) {
        String benchmark = params.getBenchmark();
        String[] parts = benchmark.split("\\.");
        String shortName = parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
        StringBuilder sb = new StringBuilder(shortName);
        for (String key : params.getParamsKeys()) {
            sb.append(' ').append(key).append('=').append(params.getParam(key));
        }
        return sb.toString();
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        endBlock();
        current = describe(benchParams);
        currentParams = benchParams;
        started.add(current);
        listener.trialStarted(benchParams);
        out.startBenchmark(benchParams);
    }

    @Override
    public void println(String s) {
        noteLine(s);
        out.println(s);
    }

    @Override
    public void print(String s) {
        noteLine(s);
        out.print(s);
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        out.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        out.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        endBlock();
        out.endBenchmark(result);
    }

    @Override
    public void startRun() {
        out.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        endBlock();
        out.endRun(result);
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void close() {
        out.close();
    }

    @Override
    public void verbosePrintln(String s) {
        out.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        out.write(b);
    }
}
