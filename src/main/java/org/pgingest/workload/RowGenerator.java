package org.pgingest.workload;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Deterministic rows of a {@link RowPlan}. Row number k is a pure function of (plan, seed, k), so the same seed gives
 * the same rows however they are chunked; each call continues numbering where the last stopped, so keys are fresh
 * on every call and repeated loads into the same table never collide. A share of the values (0 to 1) is taken from
 * the codecs' hostile values.
 *
 * <p>Threads number rows apart: thread t of n takes rows t, t + n, t + 2n, ... ({@code firstRow} t, {@code stride}
 * n), so every thread's keys differ from every other's, and a thread's k-th row is the same whatever the run.
 *
 * <p>Not thread-safe: give each thread its own generator.
 */
public final class RowGenerator {
    /**
     * The seed of the suite's rows: the benchmarks', the fixed-rate runs', the table check's sample rows and the
     * sample of a user's table, so that every run and every method loads the same rows.
     */
    public static final long SEED = 20261122L;

    private final RowPlan plan;
    private final long seed;
    private final double hostileShare;
    private final long stride;
    private long nextRow;

    public RowGenerator(RowPlan plan, long seed, double hostileShare) {
        this(plan, seed, hostileShare, 0, 1);
    }

    /**
     * @param firstRow number of the first row
     * @param stride   numbers between one row and the next (the number of threads that share the key space)
     */
    public RowGenerator(RowPlan plan, long seed, double hostileShare, long firstRow, long stride) {
        if (hostileShare < 0 || hostileShare > 1) {
            throw new IllegalArgumentException("hostileShare must be within [0, 1], was " + hostileShare);
        }
        if (stride < 1 || firstRow < 0) {
            throw new IllegalArgumentException("stride must be 1 or more and firstRow 0 or more, were " + stride
                    + " and " + firstRow);
        }
        this.plan = plan;
        this.seed = seed;
        this.hostileShare = hostileShare;
        this.stride = stride;
        this.nextRow = firstRow;
    }

    RowPlan plan() {
        return plan;
    }

    /** The next {@code count} rows, in memory. */
    public List<Object[]> next(int count) {
        List<Object[]> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rows.add(plan.row(nextRow, seed, hostileShare));
            nextRow += stride;
        }
        return rows;
    }

    /**
     * The next {@code count} rows, made one at a time as they are iterated (constant memory). The numbers
     * are reserved now: the next call starts after them. Iterable once.
     */
    public Iterable<Object[]> stream(long count) {
        long first = nextRow;
        nextRow += count * stride;
        return () -> new Iterator<>() {
            private long made;

            @Override
            public boolean hasNext() {
                return made < count;
            }

            @Override
            public Object[] next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return plan.row(first + stride * made++, seed, hostileShare);
            }
        };
    }
}
