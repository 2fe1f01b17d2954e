package org.pgingest.bench;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The inputs of an iteration's calls (checked rows, or a file of them), made before the iteration starts. Made by a
 * {@code Level.Invocation} setup instead, they would come between calls, which JMH's {@code Level} javadoc (1.37)
 * warns against for calls under a millisecond, as a 5-row call is: JMH then timestamps every call, and the setup's
 * allocation and cache traffic land in the call that follows.
 *
 * <p>An iteration gets twice as many inputs as the fastest earlier iteration used at its pace, plus two (on a shared
 * machine one iteration's pace can be 1.6 times the one before); the first, whose pace is not known, those of {@link
 * #FIRST_ROWS} rows; in single-shot mode, the iteration's batch. Inputs left over serve the next iteration (their keys
 * are still unused), so the headroom costs memory, not work. The inputs held are capped at a quarter of the heap shared
 * by the benchmark's threads, their size judged by what making the first one allocated. A call beyond them makes its
 * input inside the measured time, and is counted ({@link UnpreparedCalls}).
 *
 * @param <T> one call's input
 * @param <E> what making one may throw
 */
final class CallsAhead<T, E extends Exception> {
    /** Rows the first iteration's inputs hold (at least one call's). */
    static final long FIRST_ROWS = 65_536;

    /** Makes one call's input, with keys no other input holds. */
    @FunctionalInterface
    interface Maker<T, E extends Exception> {
        T make() throws E;
    }

    private final Maker<T, E> maker;
    private final int rowsPerCall;
    private final long byteBudget;
    private final ArrayDeque<T> ready = new ArrayDeque<>();
    /** What making one input allocated; 0 until the first is made, or where the JVM cannot tell. */
    private long bytesPerInput;
    private double lastSeconds;
    /** Calls per second of the fastest iteration so far. */
    private double fastestPace;
    private long taken;
    private long madeInside;

    CallsAhead(Maker<T, E> maker, int rowsPerCall, int threads) {
        this.maker = maker;
        this.rowsPerCall = Math.max(1, rowsPerCall);
        this.byteBudget = Runtime.getRuntime().maxMemory() / 4 / Math.max(1, threads);
    }

    /** Before the iteration, outside its cost window: tops the inputs up to what it will use. */
    void prepare(BenchmarkParams benchmark, IterationParams iteration) throws E {
        double seconds = iteration.getTime().convertTo(TimeUnit.NANOSECONDS) / 1e9;
        long wanted;
        if (benchmark.getMode() == Mode.SingleShotTime) {
            wanted = iteration.getBatchSize();
        } else if (lastSeconds > 0 && taken > 0) {
            fastestPace = Math.max(fastestPace, taken / lastSeconds);
            wanted = (long) Math.ceil(fastestPace * seconds * 2) + 2;
        } else {
            wanted = Math.max(1, FIRST_ROWS / rowsPerCall);
        }
        lastSeconds = seconds;
        taken = 0;
        madeInside = 0;
        while (ready.size() < wanted && (ready.isEmpty() || (ready.size() + 1) * bytesPerInput <= byteBudget)) {
            long before = ThreadAllocation.current();
            ready.add(maker.make());
            if (bytesPerInput == 0 && before >= 0) {
                bytesPerInput = Math.max(1, ThreadAllocation.current() - before);
            }
        }
    }

    /** The next call's input: a prepared one, or made now, inside the measured time, when none is left. */
    T next() throws E {
        taken++;
        T input = ready.poll();
        if (input != null) {
            return input;
        }
        madeInside++;
        return maker.make();
    }

    /** Calls of this iteration so far whose input was made inside the measured time. */
    long madeInside() {
        return madeInside;
    }
}
