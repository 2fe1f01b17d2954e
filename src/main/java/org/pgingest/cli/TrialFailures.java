package org.pgingest.cli;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * JMH's console output, passed through unchanged, while noting which trials failed and why. JMH 1.37 goes on
 * after a trial fails (unless {@code -foe true}) and leaves the trial out of the results; the only record of
 * the failure is what it prints: a {@code <failure>} line followed by the exception, or
 * {@code <forked VM failed with exit code N>}. Forks report through the host's output format, so the failures
 * of every fork pass here.
 */
final class TrialFailures implements OutputFormat {
    private static final String FAILURE = "<failure>";
    private static final String FORK_FAILED = "<forked VM failed";

    private final OutputFormat out;
    private final Set<String> failed = new LinkedHashSet<>();
    private final Set<String> started = new LinkedHashSet<>();
    private String current = "(before any benchmark)";
    private String firstReason;
    private boolean reasonFollows;

    TrialFailures(OutputFormat out) {
        this.out = out;
    }

    /** Trials started so far. */
    int trials() {
        return started.size();
    }

    /** Trials that failed, each once however many of its forks or iterations did. */
    int failures() {
        return failed.size();
    }

    /**
     * The first failure as one line: the trial (benchmark and parameters) and the first line of its exception.
     */
    Optional<String> firstFailure() {
        if (failed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(failed.iterator().next() + ": " + (firstReason == null ? "no reason printed" : firstReason));
    }

    private void noteLine(String text) {
        if (text == null) {
            return;
        }
        String line = text.strip();
        if (line.equals(FAILURE) || line.startsWith(FORK_FAILED)) {
            failed.add(current);
            if (firstReason == null) {
                if (line.startsWith(FORK_FAILED)) {
                    firstReason = line.substring(1, line.length() - 1);
                } else {
                    reasonFollows = true;
                }
            }
            return;
        }
        if (reasonFollows && !line.isEmpty()) {
            firstReason = exceptionLine(line);
            reasonFollows = false;
        }
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

    private static String describe(BenchmarkParams params) {
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
        current = describe(benchParams);
        started.add(current);
        reasonFollows = false;
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
        out.endBenchmark(result);
    }

    @Override
    public void startRun() {
        out.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
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
