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

    CounterSnapshot(Map<CostFigure, Double> values, Map<CostFigure, String> missing, Double walStatBytes, Instant at) {
        super(values, missing);
        this.walStatBytes = walStatBytes;
        this.at = at;
    }

    public Instant at() {
        return at;
    }

    Double walStatBytes() {
        return walStatBytes;
    }
}
