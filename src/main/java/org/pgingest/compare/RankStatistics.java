package org.pgingest.compare;

import org.apache.commons.statistics.distribution.FDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

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
 *   <li><b>Repeated looks.</b> The verdict is looked at after several forks and the run may stop at any look. Half
 *       the error rate is for the interim looks: the k-th (from 1) spends {@code (alpha/2) (K+1) / ((k+K)(k+K+1))},
 *       K = {@value #LOOK_OFFSET}, shares that telescope to {@code alpha/2} however many there are. The final look, the
 *       one after which the budget starts no fork, spends what the interim looks left, at least {@code alpha/2}. A
 *       union bound over all looks, so stopping at the first settled look does not inflate false claims (optional
 *       stopping at a fixed 5 % would give 14-25 % with 5-20 looks: Armitage, McPherson &amp; Rowe 1969); whether a
 *       look is final depends on the time left and what the next fork costs (who still runs), not on the intervals.
 *       Why keep half for the end: a tie needs the narrow interval only the whole budget gives (docs/rank.md).</li>
 *   <li><b>Pooled variance.</b> A pair's interval takes the variance of a fork's log ratio from every candidate that
 *       ran every round the pair ran: a randomized complete block design (each generation of forks a block, each of
 *       those candidates in every round), twice the residual mean square of the candidates-by-generations table
 *       of fork means, with (C-1)(G-1) degrees of freedom instead of the pair's own G-1. Twelve candidates after three
 *       generations: 10 instead of 2 (capped at {@value #POOLED_DF_PER_GENERATION} per generation beyond the first,
 *       since the candidates' noise is not alike), so candidates far behind stop at the first look. A candidate whose
 *       residual mean square exceeds the rest's beyond F's {@value #LEAVE_OUT} tail is left out of the pool, one at a
 *       time. A pair whose own variance is larger uses its own (with the pooled degrees of freedom). Two candidates:
 *       the same as the pair's own, exactly.</li>
 *   <li><b>Multiplicity.</b> Bonferroni across the pairs a look computes (those between candidates still running;
 *       a stopped candidate's pairs keep the interval of the look it stopped at): each at {@code alpha_k / pairs}, so
 *       every claim of every look holds at once with the stated confidence (a union bound).</li>
 *   <li><b>Claims</b>, of a against b, each wrong with at most the pair's share of the error rate: {@code tie} when
 *       the interval at twice the share lies within {@code [1/(1+delta), 1+delta]} (two one-sided tests, TOST: a tie
 *       is wrong only if the true ratio lies beyond one end, so each end is a one-sided bound at the share; Schuirmann
 *       1987), else from the interval at the share: {@code faster} when it lies above 1, {@code slower} below 1,
 *       {@code unsettled} otherwise.</li>
 * </ul>
 */
final class RankStatistics {
    /**
     * Forks a pair needs before any claim on its own variance: the t interval of fewer (1 degree of freedom) settles
     * nothing useful. With a variance pooled over three or more candidates, two forks give it 2 or more.
     */
    static final int MIN_FORKS = 3;
    /**
     * The pooled variance's degrees of freedom per generation beyond the first, at most: as if pooled over six
     * candidates. Candidates' round noise is unequal, and uncapped pooling let simulated A/A rankings claim an order
     * more often than the confidence allows (docs/results/rank-forks/design/simulate-pooled.md).
     */
    static final int POOLED_DF_PER_GENERATION = 5;
    /**
     * The pool leaves out its noisiest candidate while that one's residual mean square exceeds the others' by more
     * than F's quantile at this tail: with twelve candidates alike, about one look in ten thousand; a wider tail let
     * more simulated A/A rankings claim an order (simulate-pooled.md, docs/rank.md).
     */
    static final double LEAVE_OUT = 1e-5;
    /** Degrees of freedom an interval needs before it supports a claim. */
    static final int MIN_DF = 2;
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
     * @param level  the interval's two-sided confidence (NaN without an interval): 1 - share, the look's error rate
     *               shared by the look's pairs; a tie's 1 - 2 share (its ends are the two one-sided tests)
     * @param sd     the standard deviation of a fork's mean log ratio the interval used (NaN without an interval)
     * @param df     its degrees of freedom (0 without an interval)
     * @param claim  what it says of a
     */
    record Pair(int a, int b, int rounds, int forks, double ratio, double low, double high, double level, double sd,
                int df, Claim claim) {
        /** b against a: the same interval turned over. */
        Pair reversed() {
            return new Pair(b, a, rounds, forks, 1 / ratio, 1 / high, 1 / low, level, sd, df, claim.reversed());
        }
    }

    /**
     * The variance of a fork's mean log ratio, pooled over candidates that ran the same rounds.
     *
     * @param variance   twice the residual mean square of the candidates-by-generations table of fork means
     * @param df         its degrees of freedom, (candidates - 1)(generations - 1) capped at
     *                   {@link #POOLED_DF_PER_GENERATION} (generations - 1)
     */
    record ForkVariance(double variance, int df) {
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

    /** The error rate the k-th interim look (from 1) spends across all its pairs. */
    double alphaAtLook(int look) {
        if (look < 1) {
            throw new IllegalArgumentException("looks count from 1, was " + look);
        }
        return alpha / 2 * (LOOK_OFFSET + 1) / ((look + (double) LOOK_OFFSET) * (look + LOOK_OFFSET + 1));
    }

    /** The error rate the final look spends after {@code interimLooks} interim looks: all they left. */
    double alphaAtFinalLook(int interimLooks) {
        if (interimLooks < 0) {
            throw new IllegalArgumentException("interim looks cannot be negative, was " + interimLooks);
        }
        // The interim shares sum to (alpha/2) (1 - (K+1)/(m+K+1)) after m looks.
        return alpha - alpha / 2 * (1 - (LOOK_OFFSET + 1.0) / (interimLooks + LOOK_OFFSET + 1));
    }

    /**
     * The variance of a fork's mean log ratio pooled over {@code candidates}, from the rounds every one of them ran;
     * empty with fewer than two candidates or two generations of such rounds.
     */
    static Optional<ForkVariance> pooled(List<Round> rounds, Set<Integer> candidates) {
        List<Integer> members = new ArrayList<>(new TreeSet<>(candidates));
        Map<Integer, double[]> sums = new TreeMap<>(); // per generation: each member's sum of log rows/s, then the count
        for (Round round : rounds) {
            if (members.stream().allMatch(c -> ran(round, c))) {
                double[] sum = sums.computeIfAbsent(round.fork(), f -> new double[members.size() + 1]);
                for (int i = 0; i < members.size(); i++) {
                    sum[i] += Math.log(round.rowsPerSecond().get(members.get(i)));
                }
                sum[members.size()]++;
            }
        }
        int c = members.size();
        int g = sums.size();
        if (c < 2 || g < 2) {
            return Optional.empty();
        }
        double[][] m = new double[g][c];
        int row = 0;
        for (double[] sum : sums.values()) {
            for (int i = 0; i < c; i++) {
                m[row][i] = sum[i] / sum[c];
            }
            row++;
        }
        boolean[] kept = new boolean[c];
        Arrays.fill(kept, true);
        int pooled = c;
        double[] squares = residualSquares(m, kept);
        // A candidate far noisier than the rest (a fork of BATCH blocked by JIT compilation in a slice) is left out:
        // its own pairs use its own variance, and it no longer widens every other pair's interval.
        while (pooled > 2) {
            int noisiest = -1;
            double others = 0;
            for (int i = 0; i < c; i++) {
                if (kept[i]) {
                    others += squares[i];
                    noisiest = noisiest < 0 || squares[i] > squares[noisiest] ? i : noisiest;
                }
            }
            others -= squares[noisiest];
            double f = (squares[noisiest] / (g - 1)) / (others / ((pooled - 2) * (g - 1.0)));
            if (!(others > 0) || f <= FDistribution.of(g - 1, (pooled - 2) * (g - 1.0))
                    .inverseSurvivalProbability(LEAVE_OUT)) {
                break;
            }
            kept[noisiest] = false;
            pooled--;
            squares = residualSquares(m, kept);
        }
        double residual = Arrays.stream(squares).sum();
        int df = (pooled - 1) * (g - 1);
        return Optional.of(new ForkVariance(2 * residual / df, Math.min(df, POOLED_DF_PER_GENERATION * (g - 1))));
    }

    /**
     * Each kept candidate's sum of squared residuals in the generations-by-kept-candidates table {@code m} of fork
     * means (0 for the others).
     */
    private static double[] residualSquares(double[][] m, boolean[] kept) {
        int g = m.length;
        int c = m[0].length;
        int members = 0;
        for (boolean k : kept) {
            members += k ? 1 : 0;
        }
        double grand = 0;
        double[] byGeneration = new double[g];
        double[] byCandidate = new double[c];
        for (int j = 0; j < g; j++) {
            for (int i = 0; i < c; i++) {
                if (kept[i]) {
                    byGeneration[j] += m[j][i] / members;
                    byCandidate[i] += m[j][i] / g;
                    grand += m[j][i] / (members * (double) g);
                }
            }
        }
        double[] squares = new double[c];
        for (int j = 0; j < g; j++) {
            for (int i = 0; i < c; i++) {
                if (kept[i]) {
                    double e = m[j][i] - byGeneration[j] - byCandidate[i] + grand;
                    squares[i] += e * e;
                }
            }
        }
        return squares;
    }

    /**
     * The pair (a, b) at a look: its variance pooled over the candidates that ran every round both ran (the larger of
     * the pooled and the pair's own, with the pooled degrees of freedom; two candidates alone: the pair's own).
     *
     * @param rounds    the measured rounds (a round without either candidate is skipped)
     * @param lookAlpha the error rate the look spends ({@link #alphaAtLook} or {@link #alphaAtFinalLook})
     * @param pairs     the number of pairs the look's claims are made on together
     */
    Pair pair(List<Round> rounds, int a, int b, double lookAlpha, int pairs) {
        List<Round> both = rounds.stream().filter(r -> ran(r, a) && ran(r, b)).toList();
        Set<Integer> members = new TreeSet<>();
        if (!both.isEmpty()) {
            members.addAll(both.get(0).rowsPerSecond().keySet());
            members.removeIf(c -> both.stream().anyMatch(r -> !ran(r, c)));
        }
        Optional<ForkVariance> pooled = pooled(both, members);
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
            return new Pair(a, b, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, Claim.UNSETTLED);
        }
        double mean = Arrays.stream(forkMeans).average().orElseThrow();
        if (forks < 2) {
            return new Pair(a, b, n, forks, Math.exp(mean), Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0,
                    Claim.UNSETTLED);
        }
        double sumSquares = 0;
        for (double d : forkMeans) {
            sumSquares += (d - mean) * (d - mean);
        }
        double variance = sumSquares / (forks - 1);
        int df = forks - 1;
        if (pooled.isPresent()) {
            variance = Math.max(variance, pooled.get().variance());
            df = pooled.get().df();
        }
        return interval(a, b, n, forks, mean, Math.sqrt(variance), df, lookAlpha / Math.max(1, pairs));
    }

    /**
     * The interval and claim of a pair whose forks' mean log ratio is {@code mean}, a fork's standard deviation
     * {@code sd} on {@code df} degrees of freedom, at the pair's {@code share} of the look's error rate.
     */
    private Pair interval(int a, int b, int rounds, int forks, double mean, double sd, int df, double share) {
        double se = sd / Math.sqrt(forks);
        TDistribution student = TDistribution.of(df);
        // A tie is two one-sided tests (TOST), each at the pair's share: both ends of the interval at 1 - 2 * share.
        double t = student.inverseSurvivalProbability(share);
        double low = Math.exp(mean - t * se);
        double high = Math.exp(mean + t * se);
        if (df >= MIN_DF && within(low, high)) {
            return new Pair(a, b, rounds, forks, Math.exp(mean), low, high, 1 - 2 * share, sd, df, Claim.TIE);
        }
        t = student.inverseSurvivalProbability(share / 2);
        low = Math.exp(mean - t * se);
        high = Math.exp(mean + t * se);
        return new Pair(a, b, rounds, forks, Math.exp(mean), low, high, 1 - share, sd, df,
                df < MIN_DF ? Claim.UNSETTLED : claim(low, high));
    }

    /**
     * A projection for the advice on a pair left unsettled, not a claim: the forks after which the pair's claim would
     * settle if further forks kept the mean and spread its forks had, at the same share of the error rate, on the
     * pair's own degrees of freedom; empty for a settled pair, without an interval or beyond {@code limit}.
     */
    OptionalInt forksToSettle(Pair pair, int limit) {
        if (pair.claim() != Claim.UNSETTLED || Double.isNaN(pair.level())) {
            return OptionalInt.empty();
        }
        double share = 1 - pair.level(); // an unsettled pair's interval is at 1 - share
        for (int n = MIN_FORKS; n <= limit; n++) {
            if (interval(pair.a(), pair.b(), 0, n, Math.log(pair.ratio()), pair.sd(), n - 1, share).claim()
                    != Claim.UNSETTLED) {
                return OptionalInt.of(n);
            }
        }
        return OptionalInt.empty();
    }

    /** The forks of each candidate before the first look: two when three or more candidates pool their variance. */
    static int forksBeforeFirstLook(int candidates) {
        return candidates >= 3 ? 2 : MIN_FORKS;
    }

    private static boolean ran(Round round, int candidate) {
        return round.rowsPerSecond().getOrDefault(candidate, 0.0) > 0;
    }

    /** The claim an interval [low, high] of a's rows/s over b's supports. */
    Claim claim(double low, double high) {
        if (within(low, high)) {
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

    /** Whether [low, high] lies within the tie margin, [1/(1+delta), 1+delta]. */
    private boolean within(double low, double high) {
        return low >= 1 / (1 + delta) && high <= 1 + delta;
    }

    double delta() {
        return delta;
    }

    double confidence() {
        return 1 - alpha;
    }
}
