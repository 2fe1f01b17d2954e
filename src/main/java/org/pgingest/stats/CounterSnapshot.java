package org.pgingest.stats;

import java.time.Instant;
import java.util.Map;

/** Cumulative server counters at one moment. {@link ServerCosts} is the difference of two. */
public final class CounterSnapshot extends Figures {
    private final Instant at;
    /**
     * {@code pg_stat_wal.wal_bytes}: the WAL that flushed statistics account for, compared with the insert-LSN
     * movement to notice writers whose statistics were not flushed.
     */
    private final Double walStatBytes;

    /** How many of the monitor's own transactions the statistics held when this snapshot was read. */
    private final long monitorTransactions;

    CounterSnapshot(Map<CostFigure, Double> values, Map<CostFigure, String> missing, Double walStatBytes,
                    long monitorTransactions, Instant at) {
        super(values, missing);
        this.walStatBytes = walStatBytes;
        this.monitorTransactions = monitorTransactions;
        this.at = at;
    }

    long monitorTransactions() {
        return monitorTransactions;
    }

    public Instant at() {
        return at;
    }

    Double walStatBytes() {
        return walStatBytes;
    }
}
