package org.pgingest.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one measured window cost the server: the difference of two {@link CounterSnapshot}s, a figure
 * missing when either side could not read it (or a counter went backwards), and a contamination flag when
 * WAL appeared that the flushed statistics do not account for.
 */
public final class ServerCosts extends Figures {
    /**
     * Allowed excess of insert-LSN movement over {@code pg_stat_wal.wal_bytes}. The LSN also advances over
     * record alignment (up to 7 bytes per record) and page headers (24 bytes per 8 kB page, 40 per segment),
     * which the statistics leave out; beyond those, 5 % more means another session wrote WAL whose statistics
     * had not been flushed.
     */
    static final double CONTAMINATION_TOLERANCE = 0.05;

    private final boolean contaminated;
    private final List<String> notes;

    private ServerCosts(Map<CostFigure, Double> values, Map<CostFigure, String> missing, boolean contaminated,
                        List<String> notes) {
        super(values, missing);
        this.contaminated = contaminated;
        this.notes = Collections.unmodifiableList(notes);
    }

    /**
     * @param harnessCommits transactions the harness itself committed in the benchmark database inside the
     *                       window (the statistics flush on each worker at its end, and the monitor's own
     *                       reads where it shares that database), taken off COMMITS
     * @param notes          what the caller wants recorded with the figures (e.g. a checkpoint that could not run)
     */
    static ServerCosts between(CounterSnapshot start, CounterSnapshot end, int harnessCommits, List<String> notes) {
        Map<CostFigure, Double> values = new EnumMap<>(CostFigure.class);
        Map<CostFigure, String> missing = new EnumMap<>(CostFigure.class);
        for (CostFigure f : CostFigure.values()) {
            String reason = end.missingReason(f) != null ? end.missingReason(f) : start.missingReason(f);
            if (reason != null) {
                missing.put(f, reason);
                continue;
            }
            double delta = end.require(f) - start.require(f);
            if (f == CostFigure.COMMITS) {
                delta -= harnessCommits;
            }
            if (delta < 0) {
                missing.put(f, "the counter went backwards during the window (statistics reset, or "
                        + "pg_stat_statements evicted entries)");
            } else {
                values.put(f, delta);
            }
        }
        List<String> allNotes = new ArrayList<>(notes);
        boolean contaminated = false;
        if (values.containsKey(CostFigure.WAL_BYTES) && values.containsKey(CostFigure.WAL_RECORDS)) {
            double lsnBytes = values.get(CostFigure.WAL_BYTES);
            double statBytes = end.walStatBytes() - start.walStatBytes();
            double overhead = 7 * values.get(CostFigure.WAL_RECORDS) + 40 * (lsnBytes / 8192 + 2);
            if (lsnBytes > (statBytes + overhead) * (1 + CONTAMINATION_TOLERANCE)
                    || statBytes > lsnBytes * (1 + CONTAMINATION_TOLERANCE)) {
                contaminated = true;
                allNotes.add(String.format("contaminated: the insert LSN moved %.0f bytes but the flushed WAL statistics "
                        + "account for %.0f; another session (or an unflushed worker) wrote WAL in the window",
                        lsnBytes, statBytes));
            }
        }
        return new ServerCosts(values, missing, contaminated, allNotes);
    }

    /** The same costs with COMMITS and ROLLBACKS missing for {@code reason}. */
    ServerCosts withoutCommits(String reason) {
        Map<CostFigure, Double> v = new EnumMap<>(CostFigure.class);
        v.putAll(values());
        Map<CostFigure, String> m = new EnumMap<>(CostFigure.class);
        m.putAll(missing());
        for (CostFigure f : List.of(CostFigure.COMMITS, CostFigure.ROLLBACKS)) {
            v.remove(f);
            m.put(f, reason);
        }
        return new ServerCosts(v, m, contaminated, notes);
    }

    /** True when WAL was written in the window that the measured workers' statistics do not explain. */
    public boolean contaminated() {
        return contaminated;
    }

    /** Remarks recorded with the figures: contamination, a checkpoint that could not be forced. */
    public List<String> notes() {
        return notes;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ServerCosts{");
        values().forEach((f, v) -> sb.append(f.key()).append('=').append(String.format("%.3f", v)).append(", "));
        missing().forEach((f, why) -> sb.append(f.key()).append("=missing, "));
        return sb.append("contaminated=").append(contaminated).append('}').toString();
    }
}
