package org.pgingest.compare;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;

/**
 * Runs inside each JMH fork of {@code ./bench compare} (two sides) and {@code ./bench rank} (a side per candidate) and
 * makes the forks take turns: before every iteration it asks the launcher's referee ({@link Referee},
 * {@link RoundReferee}) for its turn and waits; after it, it says it is done. JMH calls
 * {@code beforeIteration} before it hands the iteration to the benchmark threads and {@code afterIteration} after they
 * have all finished (JMH 1.37, {@code BenchmarkHandler.runIteration}), so everything a side does in an iteration
 * (the trial's setup in the first, the table reset and cost window of each, the trial's teardown in the last)
 * happens in its turn, while the other forks wait idle; a ranking lets its new forks play their first warm-up
 * iteration, which holds the trial's setup, at once ({@link RoundReferee#together}).
 *
 * <p>It is written for the sides' jars, which may be builds that predate it: the launcher copies this one class
 * into a jar of its own placed first on each side's class path, so it must depend on nothing but the JDK and JMH's
 * profiler API. The messages are lines of text; {@link Referee} is the other end.
 */
public final class TurnProfiler implements InternalProfiler {
    /** {@code host:port:side}, given to the forks by the launcher as a {@code -D} option. */
    static final String REFEREE_PROPERTY = "pgingest.compare.referee";
    static final String HELLO = "hello";
    static final String READY = "ready";
    static final String GO = "go";
    static final String DONE = "done";
    static final String DONE_LAST = "done last";
    static final String OK = "ok";
    static final String STOP = "stop";
    /** The label of the primary score among an iteration's figures. */
    static final String SCORE = "score";
    /** The label of the iteration's measured operations (calls) among its figures. */
    static final String CALLS = "calls";
    /** Longer than any iteration of a healthy trial (JMH's own per-iteration timeout is 10 minutes). */
    static final int READ_TIMEOUT_MILLIS = 15 * 60 * 1000;

    private final String address;
    private Socket socket;
    private BufferedReader in;
    private PrintWriter out;
    private int measured;

    /** As JMH creates it in a side's fork: the referee's address from {@link #REFEREE_PROPERTY}. */
    public TurnProfiler() {
        this(System.getProperty(REFEREE_PROPERTY));
    }

    /** @param address {@code host:port:side}; null outside a comparison or ranking */
    TurnProfiler(String address) {
        this.address = address;
    }

    @Override
    public String getDescription() {
        return "pg-ingest-bench compare: takes turns with the other side, one iteration at a time";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
        if (socket == null) {
            connect(benchmark);
        }
        exchange(READY + " " + iteration.getType(), GO);
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmark, IterationParams iteration,
                                                       IterationResult result) {
        if (result != null && result.getRawPrimaryResults().isEmpty()) {
            // The benchmark failed in this iteration: JMH reports its exception and ends the fork, and the referee
            // sees the player leave. Asking the result for a score would put NoSuchElementException in its place.
            return List.of();
        }
        boolean last = iteration.getType() == IterationType.MEASUREMENT && ++measured == iteration.getCount();
        exchange((last ? DONE_LAST : DONE) + figures(result), OK);
        if (last) {
            close();
        }
        return List.of();
    }

    /**
     * The iteration's figures after a tab, {@code label=value} each, tab-separated: the primary score as {@value #SCORE},
     * the measured operations as {@value #CALLS} (with a throughput score, they give the iteration's time) and every
     * secondary result by its label (rows/s, and the server costs of {@code ServerCostProfiler} where that
     * profiler is named after this one: JMH 1.37 calls profilers' {@code afterIteration} in reverse order); none
     * without a result.
     */
    static String figures(IterationResult result) {
        if (result == null) {
            return "";
        }
        StringBuilder line = new StringBuilder();
        line.append('\t').append(SCORE).append('=').append(result.getPrimaryResult().getScore());
        if (result.getMetadata() != null) {
            line.append('\t').append(CALLS).append('=').append(result.getMetadata().getMeasuredOps());
        }
        result.getSecondaryResults().forEach((label, r) -> {
            if (label.indexOf('\t') < 0 && label.indexOf('=') < 0) {
                line.append('\t').append(label).append('=').append(r.getScore());
            }
        });
        return line.toString();
    }

    /** The status word of a "done" line: {@link #DONE} or {@link #DONE_LAST}, without the figures. */
    static String status(String doneLine) {
        int tab = doneLine.indexOf('\t');
        return tab < 0 ? doneLine : doneLine.substring(0, tab);
    }

    private void connect(BenchmarkParams benchmark) {
        if (address == null) {
            throw new IllegalStateException(getClass().getName() + " runs under ./bench compare only (-D"
                    + REFEREE_PROPERTY + " is not set)");
        }
        String[] parts = address.split(":");
        try {
            socket = new Socket(parts[0], Integer.parseInt(parts[1]));
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            socket.setTcpNoDelay(true);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = new PrintWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the run's referee at " + address, e);
        }
        TreeMap<String, String> params = new TreeMap<>();
        benchmark.getParamsKeys().forEach(k -> params.put(k, benchmark.getParam(k)));
        out.println(HELLO + " " + parts[2] + " " + benchmark.getBenchmark() + " " + params);
    }

    /** Sends one line and waits for the expected answer; a stop (the other side failed) fails this trial. */
    private void exchange(String message, String expected) {
        out.println(message);
        String answer;
        try {
            answer = in.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException("lost the run's referee", e);
        }
        if (answer == null) {
            throw new IllegalStateException("the run's referee went away (the launcher stopped)");
        }
        if (!answer.equals(expected)) {
            throw new IllegalStateException("the referee stopped this trial: "
                    + (answer.startsWith(STOP) ? answer.substring(STOP.length()).trim() : answer));
        }
    }

    private void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the connection to the run's referee", e);
        }
    }
}
