package org.pgingest.stats;

import java.time.OffsetDateTime;
import java.util.Map;

/** Cumulative server counters at one moment. {@link ServerCosts} is the difference of two. */
public final class CounterSnapshot extends Figures {
    /** The server's clock when the counters were read. */
    private final OffsetDateTime at;
    /**
     * {@code pg_stat_wal.wal_bytes}: the WAL that flushed statistics account for, compared with the insert-LSN
     * movement to notice writers whose statistics were not flushed.
     */
    private final Double walStatBytes;
    /** WAL written by the suite's own backends (workers and monitor) so far: 18+ only, else null. */
    private final Double suiteWalBytes;

    /** How many of the monitor's own transactions the statistics held when this snapshot was read. */
    private final long monitorTransactions;
    /** {@code pg_current_wal_insert_lsn()} as the server writes it ("0/1A2B3C"), where a window's WAL records begin or end. */
    private final String walInsertLsn;

    CounterSnapshot(Map<CostFigure, Double> values, Map<CostFigure, String> missing, Double walStatBytes,
                    Double suiteWalBytes, long monitorTransactions, OffsetDateTime at, String walInsertLsn) {
        super(values, missing);
        this.walInsertLsn = walInsertLsn;
        this.walStatBytes = walStatBytes;
        this.suiteWalBytes = suiteWalBytes;
        this.monitorTransactions = monitorTransactions;
        this.at = at;
    }

    long monitorTransactions() {
        return monitorTransactions;
    }

    /** When the counters were read, by the server's clock. */
    OffsetDateTime at() {
        return at;
    }

    String walInsertLsn() {
        return walInsertLsn;
    }

    Double walStatBytes() {
        return walStatBytes;
    }

    Double suiteWalBytes() {
        return suiteWalBytes;
    }
}
