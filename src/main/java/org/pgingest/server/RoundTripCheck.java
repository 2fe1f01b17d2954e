package org.pgingest.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The round trip a trial really gets, measured rather than assumed: pairs of {@code SELECT 1} on a prepared
 * statement, one without the {@link RoundTripDelay} and one with it, and the delay's share is the mean difference
 * within a pair. As many pairs as fit in about {@value #CHECK_MS} ms, from {@value #MIN_PAIRS} to
 * {@value #MAX_PAIRS}: on shared cores the direct round trip alone varies by tenths of a millisecond from pair to
 * pair, so the number of pairs sets the spread. The tenth of pairs with the smallest and the tenth with the largest
 * difference are left out (a pair that met a hiccup of the machine says nothing about the delay); what is kept is a
 * mean, not a median, because a load of many round trips pays the occasional late wake-up. A trial whose share is
 * off the asked round-trip time by more than {@value #TOLERANCE_MS} ms and more than {@value #TOLERANCE_SHARE} of it
 * is refused: its figures would be read against a round trip it did not have. docs/measurement.md has the
 * measurements behind these numbers.
 *
 * @param askedMs   round-trip time the delay was asked to add
 * @param directMs  mean round trip without the delay, over the pairs kept
 * @param delayedMs mean round trip with it, over the pairs kept
 */
public record RoundTripCheck(double askedMs, double directMs, double delayedMs) {
    static final int MIN_PAIRS = 60;
    static final int MAX_PAIRS = 400;
    /** Time the pairs take, about, where neither bound applies. */
    static final int CHECK_MS = 1500;
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
            int samples = pairsFor(target.delay().delayMs());
            List<Pair> pairs = new ArrayList<>(samples);
            for (int i = -WARM_UP; i < samples; i++) {
                Pair pair = new Pair(roundTripNs(directSelect), roundTripNs(delayedSelect));
                if (i >= 0) {
                    pairs.add(pair);
                }
            }
            pairs.sort(Comparator.comparingLong(Pair::differenceNs));
            // A tenth of the pairs left out at each end, by their difference.
            List<Pair> kept = pairs.subList(samples / 10, samples - samples / 10);
            return new RoundTripCheck(target.delay().delayMs(),
                    kept.stream().mapToLong(Pair::directNs).average().orElseThrow() / 1e6,
                    kept.stream().mapToLong(Pair::delayedNs).average().orElseThrow() / 1e6);
        } catch (SQLException e) {
            throw new TargetException("cannot measure the round trip: " + e.getMessage(), e);
        }
    }

    /** Pairs for a delay of {@code askedMs}: as many as take about {@link #CHECK_MS}, within the bounds. */
    static int pairsFor(double askedMs) {
        long fit = Math.round(CHECK_MS / (askedMs + 1));
        return (int) Math.max(MIN_PAIRS, Math.min(MAX_PAIRS, fit));
    }

    /** One round trip without the delay and the next with it. */
    private record Pair(long directNs, long delayedNs) {
        long differenceNs() {
            return delayedNs - directNs;
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
    double addedMs() {
        return delayedMs - directMs;
    }

    boolean withinTolerance() {
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
