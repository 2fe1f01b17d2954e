package org.pgingest.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The round trip a trial really gets, measured rather than assumed: the mean of {@value #SAMPLES}
 * {@code SELECT 1} on a prepared statement, with and without the {@link RoundTripDelay} (the mean, not the median:
 * a busy machine wakes the waiting thread late now and then, and a load of many round trips pays the mean). The
 * delay's share is the difference; a trial whose share is off the asked round-trip time by more than
 * {@value #TOLERANCE_MS} ms and more than {@value #TOLERANCE_SHARE} of it is refused, because its figures would be
 * read against a round trip it did not have. 0.1 ms is what the delay holds on an idle machine from 0.5 ms up; the
 * share allows a long delay's occasional late wake-up (1 % of 67 ms is 0.67 ms), which a sample of 40 round trips
 * cannot average away.
 *
 * @param askedMs   round-trip time the delay was asked to add
 * @param directMs  mean round trip without the delay
 * @param delayedMs mean round trip with it
 */
public record RoundTripCheck(double askedMs, double directMs, double delayedMs) {
    static final int SAMPLES = 40;
    static final int WARM_UP = 10;
    static final double TOLERANCE_SHARE = 0.01;
    static final double TOLERANCE_MS = 0.1;

    /**
     * Measures {@code target}'s round trip with and without its delay, alternating one sample of each, so that the
     * machine's load, which changes from second to second, weighs on both alike.
     */
    public static RoundTripCheck measure(DelayedTarget target) {
        try (Connection direct = target.direct().dataSource().getConnection();
             Connection delayed = target.dataSource().getConnection();
             PreparedStatement directSelect = direct.prepareStatement("SELECT 1");
             PreparedStatement delayedSelect = delayed.prepareStatement("SELECT 1")) {
            long directNs = 0;
            long delayedNs = 0;
            for (int i = -WARM_UP; i < SAMPLES; i++) {
                long a = roundTripNs(directSelect);
                long b = roundTripNs(delayedSelect);
                if (i >= 0) {
                    directNs += a;
                    delayedNs += b;
                }
            }
            return new RoundTripCheck(target.delay().delayMs(), directNs / 1e6 / SAMPLES, delayedNs / 1e6 / SAMPLES);
        } catch (SQLException e) {
            throw new TargetException("cannot measure the round trip: " + e.getMessage(), e);
        }
    }

    private static long roundTripNs(PreparedStatement select) throws SQLException {
        long start = System.nanoTime();
        try (ResultSet rs = select.executeQuery()) {
            rs.next();
        }
        return System.nanoTime() - start;
    }

    /** What the delay added. */
    public double addedMs() {
        return delayedMs - directMs;
    }

    public boolean withinTolerance() {
        double off = Math.abs(addedMs() - askedMs);
        return off <= TOLERANCE_MS || off <= TOLERANCE_SHARE * askedMs;
    }

    /** Throws, in one line, when the round trip is not the one asked for. */
    public RoundTripCheck require() {
        if (!withinTolerance()) {
            throw new TargetException(String.format(Locale.ROOT, "refusing to run: asked for a %.2f ms round trip "
                    + "but the delay adds %.2f ms (with it %.3f ms, without %.3f ms; allowed: %.1f ms or %.0f %%); "
                    + "the machine is too busy to hold this delay", askedMs, addedMs(), delayedMs, directMs,
                    TOLERANCE_MS, TOLERANCE_SHARE * 100));
        }
        return this;
    }

    /** For results and logs. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rttAskedMs", askedMs);
        m.put("rttMeasuredMs", round(addedMs()));
        m.put("roundTripDirectMs", round(directMs));
        m.put("roundTripDelayedMs", round(delayedMs));
        return m;
    }

    public String describe() {
        return String.format(Locale.ROOT, "round trip: asked +%.2f ms, measured +%.3f ms (SELECT 1 mean: "
                + "%.3f ms with the delay, %.3f ms without)", askedMs, addedMs(), delayedMs, directMs);
    }

    private static double round(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
