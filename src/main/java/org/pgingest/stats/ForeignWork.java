package org.pgingest.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds work in a window that was not the suite's, from what the suite knows it did. Each check that fires is
 * one line for the window's notes, naming the check and both sides:
 * <ul>
 *   <li><b>unflushed WAL</b>: the insert LSN moved more than the flushed WAL statistics explain (a session wrote
 *       WAL and has not reported it yet, e.g. inside an open transaction);</li>
 *   <li><b>commits</b>: the benchmark database committed more transactions than the suite's loaders did;</li>
 *   <li><b>rows inserted</b>: the database's {@code tup_inserted} moved more than the rows the loaders sent;</li>
 *   <li><b>other sessions</b>: client backends other than the workers and the monitor were active in the window
 *       ({@code pg_stat_activity}: not idle at its end, or changed state since its start);</li>
 *   <li><b>WAL of other backends</b> (18+): {@code pg_stat_wal} moved more than the suite's own backends' WAL
 *       ({@code pg_stat_get_backend_wal}).</li>
 * </ul>
 * The LSN check alone missed a writer committing 50 one-row transactions a second: its statistics are flushed
 * too, so its WAL counted as explained.
 */
final class ForeignWork {
    /**
     * Allowed excess of insert-LSN movement over {@code pg_stat_wal.wal_bytes}. The LSN also advances over
     * record alignment (up to 7 bytes per record) and page headers (24 bytes per 8 kB page, 40 per segment),
     * which the statistics leave out; beyond those, 5 % more means another session wrote WAL whose statistics
     * had not been flushed.
     */
    static final double LSN_TOLERANCE = 0.05;
    /**
     * WAL that processes outside client backends write with nobody else at work: the bgwriter's running-
     * transactions record (about 50 bytes, every 15 s while WAL is written, wal_level replica or above).
     */
    static final double BACKGROUND_WAL_BYTES = 1024;

    private ForeignWork() {
    }

    /**
     * @param deltas        the window's figures (COMMITS already without the harness's own)
     * @param work          what the suite's loaders did
     * @param otherSessions the other client backends active in the window, one description each
     * @return one line per check that fired; empty for a clean window
     */
    static List<String> find(CounterSnapshot start, CounterSnapshot end, Map<CostFigure, Double> deltas, SuiteWork work,
                             List<String> otherSessions) {
        List<String> fired = new ArrayList<>();
        Double lsnBytes = deltas.get(CostFigure.WAL_BYTES);
        Double records = deltas.get(CostFigure.WAL_RECORDS);
        double statBytes = end.walStatBytes() - start.walStatBytes();
        if (lsnBytes != null && records != null) {
            double overhead = 7 * records + 40 * (lsnBytes / 8192 + 2);
            if (lsnBytes > (statBytes + overhead) * (1 + LSN_TOLERANCE) || statBytes > lsnBytes * (1 + LSN_TOLERANCE)) {
                fired.add(String.format("contaminated (unflushed WAL): the insert LSN moved %.0f bytes but the flushed "
                        + "WAL statistics account for %.0f; another session wrote WAL it has not reported yet", lsnBytes, statBytes));
            }
        }
        Double commits = deltas.get(CostFigure.COMMITS);
        if (commits != null && work.commits().isPresent() && commits > work.commits().getAsLong()) {
            fired.add(String.format("contaminated (commits): the database committed %.0f transactions in the window, "
                    + "the suite's loaders %d", commits, work.commits().getAsLong()));
        }
        Double inserted = deltas.get(CostFigure.TUPLES_INSERTED);
        if (inserted != null && work.insertedAtMost().isPresent() && inserted > work.insertedAtMost().getAsLong()) {
            fired.add(String.format("contaminated (rows inserted): the database inserted %.0f rows in the window, "
                    + "the suite's loaders at most %d", inserted, work.insertedAtMost().getAsLong()));
        }
        if (!otherSessions.isEmpty()) {
            fired.add("contaminated (other sessions): " + otherSessions.size() + " other client backend"
                    + (otherSessions.size() == 1 ? " was" : "s were") + " active in the window: " + String.join(", ", otherSessions));
        }
        if (start.suiteWalBytes() != null && end.suiteWalBytes() != null) {
            double suite = end.suiteWalBytes() - start.suiteWalBytes();
            if (statBytes - suite > BACKGROUND_WAL_BYTES) {
                fired.add(String.format("contaminated (WAL of other backends): the server wrote %.0f bytes of WAL in "
                        + "the window, the suite's own backends %.0f", statBytes, suite));
            }
        }
        return fired;
    }
}
