package org.pgingest.rate;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.pgingest.load.CheckedRows;
import org.pgingest.load.LoadException;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.server.PostgresTarget;
import org.pgingest.stats.CounterSnapshot;
import org.pgingest.stats.ServerCostMeter;
import org.pgingest.stats.ServerCosts;
import org.pgingest.table.TableCopies;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.PublishedShapes;
import org.pgingest.workload.definition.ResolvedTables;
import org.pgingest.writers.Writers;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Drives one loader at a fixed rate, outside JMH's closed loop, the way pgbench {@code -R} does: call k is due
 * at a fixed time whoever runs it, a free writer takes the next call and waits for its due time, and latency
 * is counted from the due time, so a server that falls behind shows as growing lag and latency instead of a
 * quietly lower rate. The whole run is one server-cost window for all writers; afterwards the table must hold
 * exactly the rows reported.
 */
final class RateRun {
    private final PostgresTarget target;
    private final RatePlan plan;
    private volatile boolean stopRequested;

    /** The rows' seed, the benchmarks' own. */

    public RateRun(PostgresTarget target, RatePlan plan) {
        this.target = target;
        this.plan = plan;
    }

    /** Asks the writers to stop after the calls they are in; {@link #run} then reports what was done. */
    void stop() {
        stopRequested = true;
    }

    /**
     * Runs the plan; reports progress every {@code progressEvery}.
     *
     * @throws SQLException a call failed (the run stops at the first failure), or the table does not hold the
     *                      rows the writers reported
     */
    RateResult run(Consumer<String> progress, Duration progressEvery) throws SQLException {
        Loader loader = plan.method().create(new LoadMethod.Knobs(plan.batch(), 0));
        Table table;
        RowPlan rows;
        try (Connection c = target.dataSource().getConnection()) {
            TableCopies copies = new TableCopies(new SuiteSchema(target.schema()),
                    ResolvedTables.resolve(plan.shape(), PublishedShapes.STANDARD, c, target.schema()));
            table = copies.createCopy(c, copies.copyName("_rate"), Map.of());
            rows = RowPlan.build(c, table, Map.of(), Map.of(), null);
        }
        Optional<String> cannot = loader.cannotWrite(table);
        if (cannot.isPresent()) {
            throw new IllegalArgumentException(plan.method() + " cannot write " + plan.shape() + ": " + cannot.get());
        }
        try (Writers writers = Writers.open(target, loader, plan.workers(), plan.connections());
             ServerCostMeter meter = ServerCostMeter.open(target)) {
            Schedule schedule = new Schedule(plan, loader, table, rows, writers);
            CounterSnapshot start = writers.startWindow(meter);
            schedule.start();
            long nextProgress = System.nanoTime() + progressEvery.toNanos();
            while (!schedule.finished()) {
                LockSupport.parkNanos(Math.min(50_000_000L, Math.max(1, nextProgress - System.nanoTime())));
                if (stopRequested) {
                    schedule.stop();
                }
                if (System.nanoTime() >= nextProgress) {
                    progress.accept(schedule.progressLine());
                    nextProgress += progressEvery.toNanos();
                }
            }
            schedule.join();
            ServerCosts costs = writers.endWindow(meter, start);
            Throwable failed = schedule.failure.get();
            if (failed instanceof SQLException e) {
                throw e;
            }
            if (failed != null) {
                // a writer died of something no call raises (out of memory making its rows): the run failed
                throw new IllegalStateException("a writer failed: " + failed, failed);
            }
            long inTable;
            try (Connection c = target.dataSource().getConnection()) {
                inTable = table.count(c);
            }
            if (inTable != schedule.rows.get()) {
                throw new SQLException("the table holds " + inTable + " rows but the writers reported "
                        + schedule.rows.get());
            }
            return schedule.result(costs);
        }
    }

    /** The calls, their due times, and the writers' threads taking them. */
    private static final class Schedule {
        private final RatePlan plan;
        private final Loader loader;
        private final Table table;
        private final RowPlan rowPlan;
        private final Writers writers;
        private final AtomicLong nextCall = new AtomicLong();
        private final AtomicLong started = new AtomicLong();
        private final AtomicLong done = new AtomicLong();
        private final AtomicLong rows = new AtomicLong();
        private final AtomicLong lastCommitNanos = new AtomicLong();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Recorder latency = new Recorder(3);
        private final Recorder lag = new Recorder(3);
        private final Histogram latencyTotal = new Histogram(3);
        private final Histogram lagTotal = new Histogram(3);
        private final List<Thread> threads = new ArrayList<>();
        private volatile long stopNanos = Long.MAX_VALUE;
        private long t0;
        private long lastProgressRows;
        private long lastProgressNanos;

        Schedule(RatePlan plan, Loader loader, Table table, RowPlan rowPlan, Writers writers) {
            this.plan = plan;
            this.loader = loader;
            this.table = table;
            this.rowPlan = rowPlan;
            this.writers = writers;
        }

        void start() {
            t0 = System.nanoTime() + 10_000_000L; // a little ahead, so that call 0 is not late by thread start-up
            lastProgressNanos = t0;
            for (int w = 0; w < plan.workers(); w++) {
                // Disjoint row numbers per writer: keys never collide.
                RowGenerator rowsOfWriter = new RowGenerator(rowPlan, RowGenerator.SEED, 0.1, w, plan.workers());
                Thread t = new Thread(() -> {
                    try {
                        write(rowsOfWriter);
                    } catch (RuntimeException | Error e) {
                        // recorded, not lost with the thread: the run ends as failed, not as a rate not held
                        failure.compareAndSet(null, e);
                    }
                }, "pg-ingest-rate-" + w);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
        }

        private long due(long call) {
            return t0 + Math.round(call * plan.intervalNanos());
        }

        private long end() {
            return Math.min(stopNanos, t0 + plan.duration().toNanos());
        }

        private void write(RowGenerator generator) {
            while (failure.get() == null) {
                long call = nextCall.getAndIncrement();
                long due = due(call);
                if (call >= plan.calls() || due >= end()) {
                    return;
                }
                List<Object[]> batch;
                try {
                    batch = CheckedRows.of(table, generator.next(plan.batch()));
                } catch (LoadException e) {
                    failure.compareAndSet(null, e);
                    return;
                }
                long now;
                while ((now = System.nanoTime()) < due) {
                    LockSupport.parkNanos(due - now);
                }
                if (now >= end()) {
                    return; // due in time but could not start before the end: the rate was not held
                }
                started.incrementAndGet();
                lag.recordValue((now - due) / 1000);
                try (Connection c = writers.connection()) {
                    rows.addAndGet(loader.load(c, table, batch));
                } catch (SQLException e) {
                    failure.compareAndSet(null, e);
                    return;
                }
                long committed = System.nanoTime();
                latency.recordValue((committed - due) / 1000);
                lastCommitNanos.accumulateAndGet(committed, Math::max);
                done.incrementAndGet();
            }
        }

        void stop() {
            stopNanos = Math.min(stopNanos, System.nanoTime());
        }

        boolean finished() {
            return threads.stream().noneMatch(Thread::isAlive);
        }

        void join() {
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for the writers", e);
                }
            }
        }

        /** Rows and rates since the last progress line, and the latency of its calls. */
        synchronized String progressLine() {
            long now = System.nanoTime();
            Histogram interval = latency.getIntervalHistogram();
            Histogram lagInterval = lag.getIntervalHistogram();
            latencyTotal.add(interval);
            lagTotal.add(lagInterval);
            long rowsNow = rows.get();
            double rate = (rowsNow - lastProgressRows) * 1e9 / Math.max(1, now - lastProgressNanos);
            lastProgressRows = rowsNow;
            lastProgressNanos = now;
            return String.format(Locale.ROOT, "[%5.1f s] %,d rows, %,.0f rows/s now; latency p99 %.2f ms, lag p99 %.2f ms",
                    Math.max(0, now - t0) / 1e9, rowsNow, rate, RateResult.ms(interval, 99), RateResult.ms(lagInterval, 99));
        }

        synchronized RateResult result(ServerCosts costs) {
            latencyTotal.add(latency.getIntervalHistogram());
            lagTotal.add(lag.getIntervalHistogram());
            long end = end();
            boolean stoppedEarly = stopNanos < t0 + plan.duration().toNanos();
            long dueCalls = Math.min(plan.calls(), Math.max(0, (long) Math.ceil((end - t0) / plan.intervalNanos())));
            long elapsed = Math.max(end, lastCommitNanos.get()) - t0;
            return new RateResult(plan, elapsed, stoppedEarly, dueCalls, done.get(), rows.get(),
                    latencyTotal.copy(), lagTotal.copy(), costs);
        }
    }
}
