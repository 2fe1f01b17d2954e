package org.pgingest.rate;

import org.HdrHistogram.Histogram;
import org.pgingest.stats.CostFigure;
import org.pgingest.stats.ServerCosts;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a fixed-rate run achieved. The rate was held when at least {@value #HELD_SHARE} of the calls due before
 * the run ended had started by then: a run that falls behind leaves ever more calls due that never start, and
 * its schedule lag grows; a run that keeps up leaves at most the calls due in its last moments, while every
 * writer is busy (so a share, not all: one late stall at the end would otherwise decide it).
 *
 * @param plan        what was asked
 * @param elapsedNanos from the first call's scheduled start to the end of the schedule or the last call's
 *                    commit, whichever is later (to the stop, when stopped early)
 * @param stoppedEarly whether the run was interrupted (Ctrl-C) before its duration
 * @param dueCalls    calls due before the run ended
 * @param doneCalls   calls committed
 * @param rows        rows committed (and found in the table)
 * @param latency     per call, from its scheduled start to its commit (microseconds)
 * @param lag         per call, from its scheduled start to its actual start (microseconds)
 * @param costs       the server's costs over the whole run, one window for all writers
 */
record RateResult(RatePlan plan, long elapsedNanos, boolean stoppedEarly, long dueCalls, long doneCalls,
                         long rows, Histogram latency, Histogram lag, ServerCosts costs) {

    static final double HELD_SHARE = 0.99;

    boolean held() {
        return doneCalls >= HELD_SHARE * dueCalls;
    }

    double achievedRowsPerSecond() {
        return rows * 1e9 / elapsedNanos;
    }

    /** Server CPU as a share of one core over the run, in percent; empty where it cannot be read. */
    OptionalDouble serverCpuPercent() {
        OptionalDouble cpuMs = costs.get(CostFigure.SERVER_CPU);
        return cpuMs.isPresent() ? OptionalDouble.of(cpuMs.getAsDouble() * 1e6 / elapsedNanos * 100) : OptionalDouble.empty();
    }

    public OptionalDouble perRow(CostFigure figure) {
        OptionalDouble v = costs.get(figure);
        return v.isPresent() && rows > 0 ? OptionalDouble.of(v.getAsDouble() / rows) : OptionalDouble.empty();
    }

    /** Milliseconds at a percentile of a microsecond histogram. */
    static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1000.0;
    }

    static double maxMs(Histogram h) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getMaxValue() / 1000.0;
    }

    String toText() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "rate %s: %,d of %,d calls due never started (held: at most %.0f %%)%n",
                held() ? "HELD" : "NOT HELD", dueCalls - doneCalls, dueCalls, (1 - HELD_SHARE) * 100));
        sb.append(String.format(Locale.ROOT, "  asked      %,.0f rows/s: %s, %d rows per call (%d at risk per failure), "
                + "%d workers (%s), %.1f s%s%n",
                plan.rowsPerSecond(), plan.method(), plan.batch(), plan.rowsAtRisk(), plan.workers(),
                plan.connections().name().toLowerCase(Locale.ROOT), plan.duration().toMillis() / 1000.0,
                plan.rttMs() > 0 ? String.format(Locale.ROOT, ", +%.2f ms round trip", plan.rttMs()) : ""));
        sb.append(String.format(Locale.ROOT, "  achieved   %,.0f rows/s (%,d rows in %,d calls over %.1f s%s)%n",
                achievedRowsPerSecond(), rows, doneCalls, elapsedNanos / 1e9, stoppedEarly ? ", stopped early" : ""));
        sb.append(String.format(Locale.ROOT, "  latency    p50 %.2f  p90 %.2f  p99 %.2f  max %.2f ms (from the scheduled start)%n",
                ms(latency, 50), ms(latency, 90), ms(latency, 99), maxMs(latency)));
        sb.append(String.format(Locale.ROOT, "  lag        p50 %.2f  p99 %.2f  max %.2f ms (scheduled to actual start)%n",
                ms(lag, 50), ms(lag, 99), maxMs(lag)));
        sb.append(String.format(Locale.ROOT, "  server     CPU %s of one core, WAL fsyncs/row %s, WAL B/row %s, commits %s%n",
                fmt(serverCpuPercent(), "%.0f %%"), fmt(perRow(CostFigure.WAL_FSYNCS), "%.3f"),
                fmt(perRow(CostFigure.WAL_BYTES), "%.0f"), fmt(costs.get(CostFigure.COMMITS), "%.0f")));
        costs.missing().forEach((f, why) -> sb.append("  missing    ").append(f.key()).append(": ").append(why).append('\n'));
        costs.notes().forEach(n -> sb.append("  note       ").append(n).append('\n'));
        return sb.toString();
    }

    private static String fmt(OptionalDouble v, String format) {
        return v.isPresent() ? String.format(Locale.ROOT, format, v.getAsDouble()) : "missing";
    }

    /** For the JSON report: missing figures are null, never 0. */
    Map<String, Object> toMap() {
        Map<String, Object> plan = new LinkedHashMap<>();
        plan.put("method", this.plan.method().name());
        plan.put("rowsPerSecond", this.plan.rowsPerSecond());
        plan.put("workers", this.plan.workers());
        plan.put("batch", this.plan.batch());
        plan.put("durationSeconds", this.plan.duration().toMillis() / 1000.0);
        plan.put("shape", this.plan.shape().toUpperCase(java.util.Locale.ROOT));
        plan.put("connections", this.plan.connections().name());
        plan.put("rttMs", this.plan.rttMs());
        plan.put("rowsAtRisk", this.plan.rowsAtRisk());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("plan", plan);
        m.put("held", held());
        m.put("stoppedEarly", stoppedEarly);
        m.put("achievedRowsPerSecond", achievedRowsPerSecond());
        m.put("rows", rows);
        m.put("callsDue", dueCalls);
        m.put("callsDone", doneCalls);
        m.put("elapsedSeconds", elapsedNanos / 1e9);
        m.put("latencyMs", percentiles(latency));
        m.put("scheduleLagMs", percentiles(lag));
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("cpuPercentOfOneCore", orNull(serverCpuPercent()));
        server.put("walFsyncsPerRow", orNull(perRow(CostFigure.WAL_FSYNCS)));
        server.put("walBytesPerRow", orNull(perRow(CostFigure.WAL_BYTES)));
        for (CostFigure f : CostFigure.values()) {
            server.put(f.key(), orNull(costs.get(f)));
        }
        server.put("contaminated", costs.contaminated());
        server.put("serverConnections", costs.serverConnections());
        Map<String, String> missing = new LinkedHashMap<>();
        costs.missing().forEach((f, why) -> missing.put(f.key(), why));
        server.put("missing", missing);
        server.put("notes", costs.notes());
        m.put("server", server);
        return m;
    }

    private static Map<String, Object> percentiles(Histogram h) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("p50", nanToNull(ms(h, 50)));
        p.put("p90", nanToNull(ms(h, 90)));
        p.put("p99", nanToNull(ms(h, 99)));
        p.put("max", nanToNull(maxMs(h)));
        return p;
    }

    private static Double nanToNull(double v) {
        return Double.isNaN(v) ? null : v;
    }

    private static Double orNull(OptionalDouble v) {
        return v.isPresent() ? v.getAsDouble() : null;
    }
}
