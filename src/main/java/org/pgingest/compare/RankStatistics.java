package org.pgingest.compare;

import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The statistics of {@code ./bench rank}, on nothing but numbers: for each pair of candidates, the ratio of their rows/s
 * within each round they both ran, its interval over the forks those rounds ran in, and the claim the interval supports.
 *
 * <ul>
 *   <li><b>Ratio interval.</b> Per round, {@code ln(a/b)}, paired within the round so drift that moves both candidates
 *       cancels (Abedi &amp; Brecht's randomized multiple interleaved trials). Per fork (each candidate's JVM and its
 *       server connection, replaced every few rounds), the mean of those; over forks, Student's t interval of the mean
 *       of the fork means, turned back into a ratio. The fork is the unit because a JVM and its connection keep a
 *       speed of their own for their whole life: A/A rankings with one fork per candidate differed by up to 5 % with
 *       intervals of +-2 % (docs/rank.md). Kalibera &amp; Jones' rule: replicate at the level with the variance.</li>
 *   <li><b>Repeated looks.</b> The verdict is looked at after several forks and the run may stop at any look; the
 *       k-th look (from 1) spends {@code alpha (K+1) / ((k+K)(k+K+1))} of the error rate, K = {@value #LOOK_OFFSET}.
 *       Those shares telescope to {@code alpha} over infinitely many looks (a union bound), so stopping at the first
 *       settled look does not inflate false claims (optional stopping at a fixed 5 % would give 17-30 %).</li>
 *   <li><b>Multiplicity.</b> Bonferroni across the pairs of the ranking: each interval at {@code alpha_k / pairs}, so
 *       every interval reported at a look holds at once, and every claim drawn from them with it.</li>
 *   <li><b>Claims</b>, of a against b: {@code tie} when the whole interval lies within {@code [1/(1+delta), 1+delta]}
 *       (an equivalence test, TOST, at the same level), else {@code faster} when it lies above 1, {@code slower}
 *       below 1, {@code unsettled} otherwise.</li>
 * </ul>
 */
final class RankStatistics {
    /** Forks a pair needs before any claim: the t interval of fewer (1 degree of freedom) settles nothing useful. */
    static final int MIN_FORKS = 3;
    /** K of the looks' shares of the error rate: the first look spends 1/(K+1) of it. */
    static final int LOOK_OFFSET = 4;

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
     * One measured round: the forks' generation it ran in (every running candidate's fork is replaced at the same
     * round) and each candidate's rows/s by index.
     */
    record Round(int fork, Map<Integer, Double> rowsPerSecond) {
        Round {
            rowsPerSecond = Map.copyOf(rowsPerSecond);
        }
    }

    /**
     * One pair at one look.
     *
     * @param a      index of the first candidate
     * @param b      index of the second
     * @param rounds rounds both ran
     * @param forks  forks those rounds ran in
     * @param ratio  geometric mean over forks of a's rows/s over b's (each fork's the geometric mean of its rounds)
     * @param low    the interval's lower end (NaN with fewer than two forks)
     * @param high   its upper end
     * @param claim  what it says of a
     */
    record Pair(int a, int b, int rounds, int forks, double ratio, double low, double high, Claim claim) {
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
        return alpha * (LOOK_OFFSET + 1) / ((look + (double) LOOK_OFFSET) * (look + LOOK_OFFSET + 1));
    }

    /** The two-sided confidence of each pair's interval at the k-th look among {@code pairs} pairs. */
    double pairConfidence(int look, int pairs) {
        return 1 - alphaAtLook(look) / Math.max(1, pairs);
    }

    /**
     * The pair (a, b) at the k-th look.
     *
     * @param rounds the measured rounds (a round without either candidate is skipped)
     * @param pairs  the number of pairs the look's claims are made on together
     */
    Pair pair(List<Round> rounds, int a, int b, int look, int pairs) {
        Map<Integer, List<Double>> byFork = new TreeMap<>();
        int n = 0;
        for (Round round : rounds) {
            Double x = round.rowsPerSecond().get(a);
            Double y = round.rowsPerSecond().get(b);
            if (x != null && y != null && x > 0 && y > 0) {
                byFork.computeIfAbsent(round.fork(), f -> new ArrayList<>()).add(Math.log(x / y));
                n++;
            }
        }
        double[] forkMeans = byFork.values().stream()
                .mapToDouble(logs -> logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow()).toArray();
        int forks = forkMeans.length;
        if (forks == 0) {
            return new Pair(a, b, 0, 0, Double.NaN, Double.NaN, Double.NaN, Claim.UNSETTLED);
        }
        double mean = Arrays.stream(forkMeans).average().orElseThrow();
        if (forks < 2) {
            return new Pair(a, b, n, forks, Math.exp(mean), Double.NaN, Double.NaN, Claim.UNSETTLED);
        }
        double sumSquares = 0;
        for (double d : forkMeans) {
            sumSquares += (d - mean) * (d - mean);
        }
        double se = Math.sqrt(sumSquares / (forks - 1) / forks);
        double tail = alphaAtLook(look) / Math.max(1, pairs) / 2;
        double t = TDistribution.of(forks - 1).inverseSurvivalProbability(tail);
        double low = Math.exp(mean - t * se);
        double high = Math.exp(mean + t * se);
        return new Pair(a, b, n, forks, Math.exp(mean), low, high, forks < MIN_FORKS ? Claim.UNSETTLED : claim(low, high));
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
