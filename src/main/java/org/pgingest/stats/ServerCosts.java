package org.pgingest.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one measured window cost the server: the difference of two {@link CounterSnapshot}s, a figure
 * missing when either side could not read it (or a counter went backwards), and a contamination flag when
 * the window holds work that was not the suite's ({@link ForeignWork}).
 */
public final class ServerCosts extends Figures {
    private final boolean contaminated;
    private final List<String> notes;
    private final int serverConnections;
    /** The insert LSNs at the window's first and last snapshot: its WAL records lie between them. */
    private final String walStart;
    private final String walEnd;

    private ServerCosts(Map<CostFigure, Double> values, Map<CostFigure, String> missing, boolean contaminated,
                        List<String> notes, int serverConnections, String walStart, String walEnd) {
        super(values, missing);
        this.walStart = walStart;
        this.walEnd = walEnd;
        this.contaminated = contaminated;
        this.notes = Collections.unmodifiableList(notes);
        this.serverConnections = serverConnections;
    }

    /**
     * @param harnessCommits transactions the harness itself committed in the benchmark database inside the
     *                       window (the statistics flush on each worker at its end, and the monitor's own
     *                       reads where it shares that database), taken off COMMITS
     * @param commitsMissing why COMMITS and ROLLBACKS cannot be told apart from the monitor's own, or null
     * @param notes          what the caller wants recorded with the figures (e.g. a checkpoint that could not run)
     * @param work           what the suite's loaders did in the window
     * @param otherSessions  other client backends active in the window
     * @param serverConnections the server's client backends of the benchmark role in its database at the window's
     *                       end, the monitor's left out
     */
    static ServerCosts between(CounterSnapshot start, CounterSnapshot end, int harnessCommits, String commitsMissing,
                               List<String> notes, SuiteWork work, List<String> otherSessions, int serverConnections) {
        Map<CostFigure, Double> values = new EnumMap<>(CostFigure.class);
        Map<CostFigure, String> missing = new EnumMap<>(CostFigure.class);
        for (CostFigure f : CostFigure.values()) {
            String reason = end.missingReason(f) != null ? end.missingReason(f) : start.missingReason(f);
            if (reason == null && commitsMissing != null && (f == CostFigure.COMMITS || f == CostFigure.ROLLBACKS)) {
                reason = commitsMissing;
            }
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
        List<String> foreign = ForeignWork.find(start, end, values, work, otherSessions);
        List<String> allNotes = new ArrayList<>(notes);
        allNotes.addAll(foreign);
        return new ServerCosts(values, missing, !foreign.isEmpty(), allNotes, serverConnections, start.walInsertLsn(),
                end.walInsertLsn());
    }

    /** True when the window holds work that was not the suite's; {@link #notes()} says which check found it. */
    public boolean contaminated() {
        return contaminated;
    }

    /**
     * Connections the server held for the benchmark at the window's end: the workers' own backends, or the server
     * connections a pooler keeps for its clients (fewer than its clients in transaction pooling).
     */
    public int serverConnections() {
        return serverConnections;
    }

    String walStart() {
        return walStart;
    }

    String walEnd() {
        return walEnd;
    }

    /** Remarks recorded with the figures: each contamination check that fired, a checkpoint that could not be forced. */
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
