package org.pgingest.compare;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The statistics of {@code ./bench rank}, on nothing but numbers: for each pair of candidates, the ratio of their rows/s
 * within each round they both ran, its interval over those rounds, and the claim the interval supports.
 *
 * <ul>
 *   <li><b>Ratio interval.</b> Per round, {@code ln(a/b)}; over rounds, Student's t interval of the mean, turned back
 *       into a ratio (the geometric mean ratio). Paired within the round, so drift that moves both candidates cancels
 *       (Abedi &amp; Brecht's randomized multiple interleaved trials; Kalibera &amp; Jones' ratio intervals).</li>
 *   <li><b>Repeated looks.</b> The verdict is looked at after several rounds and the run may stop at any look; the
 *       k-th look (from 1) spends {@code alpha * 6 / (pi^2 k^2)} of the error rate. Those shares sum to at most
 *       {@code alpha} whatever the number of looks (a union bound), so stopping at the first settled look does not
 *       inflate false claims (optional stopping at a fixed 5 % would give 17-30 %).</li>
 *   <li><b>Multiplicity.</b> Bonferroni across the pairs of the ranking: each interval at {@code alpha_k / pairs}, so
 *       every interval reported at a look holds at once, and every claim drawn from them with it.</li>
 *   <li><b>Claims</b>, of a against b: {@code tie} when the whole interval lies within {@code [1/(1+delta), 1+delta]}
 *       (an equivalence test, TOST, at the same level), else {@code faster} when it lies above 1, {@code slower}
 *       below 1, {@code unsettled} otherwise.</li>
 * </ul>
 */
final class RankStatistics {
    /** Rounds a pair needs before any claim: the t interval of fewer is too wide to settle anything useful. */
    static final int MIN_ROUNDS = 5;

    /** What an interval says of a against b. */
    enum Claim {
        FASTER, SLOWER, TIE, UNSETTLED;

        String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        Claim reversed() {
            return this == FASTER ? SLOWER : this == SLOWER ? FASTER : this;
        }
    }

    /**
     * One pair at one look.
     *
     * @param a      index of the first candidate
     * @param b      index of the second
     * @param rounds rounds both ran
     * @param ratio  geometric mean of a's rows/s over b's, per round
     * @param low    the interval's lower end (NaN with fewer than two rounds)
     * @param high   its upper end
     * @param claim  what it says of a
     */
    record Pair(int a, int b, int rounds, double ratio, double low, double high, Claim claim) {
    }

    private final double alpha;
    private final double delta;

    /**
     * @param confidence the family-wise confidence over all looks and pairs, e.g. 0.95
     * @param delta      the tie margin as a share, e.g. 0.03 for ±3 %
     */
    RankStatistics(double confidence, double delta) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie strictly between 0 and 1, was " + confidence);
        }
        if (!(delta > 0)) {
            throw new IllegalArgumentException("delta must be more than 0, was " + delta);
        }
        this.alpha = 1 - confidence;
        this.delta = delta;
    }

    /** The error rate the k-th look (from 1) spends across all its pairs. */
    double alphaAtLook(int look) {
        if (look < 1) {
            throw new IllegalArgumentException("looks count from 1, was " + look);
        }
        return alpha * 6 / (Math.PI * Math.PI * look * (double) look);
    }

    /** The two-sided confidence of each pair's interval at the k-th look among {@code pairs} pairs. */
    double pairConfidence(int look, int pairs) {
        return 1 - alphaAtLook(look) / Math.max(1, pairs);
    }

    /**
     * The pair (a, b) at the k-th look.
     *
     * @param rounds per round, each candidate's rows/s by index (a round without either is skipped)
     * @param pairs  the number of pairs the look's claims are made on together
     */
    Pair pair(List<Map<Integer, Double>> rounds, int a, int b, int look, int pairs) {
        List<Double> logs = new ArrayList<>();
        for (Map<Integer, Double> round : rounds) {
            Double x = round.get(a);
            Double y = round.get(b);
            if (x != null && y != null && x > 0 && y > 0) {
                logs.add(Math.log(x / y));
            }
        }
        int n = logs.size();
        if (n == 0) {
            return new Pair(a, b, 0, Double.NaN, Double.NaN, Double.NaN, Claim.UNSETTLED);
        }
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        if (n < 2) {
            return new Pair(a, b, n, Math.exp(mean), Double.NaN, Double.NaN, Claim.UNSETTLED);
        }
        double sumSquares = 0;
        for (double d : logs) {
            sumSquares += (d - mean) * (d - mean);
        }
        double se = Math.sqrt(sumSquares / (n - 1) / n);
        double tail = alphaAtLook(look) / Math.max(1, pairs) / 2;
        double t = TDistribution.of(n - 1).inverseSurvivalProbability(tail);
        double low = Math.exp(mean - t * se);
        double high = Math.exp(mean + t * se);
        return new Pair(a, b, n, Math.exp(mean), low, high, n < MIN_ROUNDS ? Claim.UNSETTLED : claim(low, high));
    }

    /** The claim an interval [low, high] of a's rows/s over b's supports. */
    Claim claim(double low, double high) {
        if (low >= 1 / (1 + delta) && high <= 1 + delta) {
            return Claim.TIE;
        }
        if (low > 1) {
            return Claim.FASTER;
        }
        if (high < 1) {
            return Claim.SLOWER;
        }
        return Claim.UNSETTLED;
    }

    double delta() {
        return delta;
    }

    double confidence() {
        return 1 - alpha;
    }
}
