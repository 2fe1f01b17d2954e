package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.pgingest.compare.RankStatistics.Claim;
import org.pgingest.compare.RankStatistics.Pair;
import org.pgingest.compare.RankStatistics.Round;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The rank's statistics against cases whose answers come from tables and arithmetic, not from the code. */
class RankStatisticsTest {
    /** Rounds in which a ran at {@code a[i]} rows/s and b at {@code b[i]}, each in a fork of its own. */
    private static List<Round> rounds(double[] a, double[] b) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < a.length; i++) {
            rounds.add(new Round(i, Map.of(0, a[i], 1, b[i])));
        }
        return rounds;
    }

    @Test
    void theInterimLooksSpendHalfOfAlphaHoweverManyThereAre() {
        RankStatistics s = new RankStatistics(0.95, 0.03);
        double spent = 0;
        for (int k = 1; k <= 100_000; k++) {
            spent += s.alphaAtLook(k);
        }
        assertThat(spent).isLessThan(0.025).isGreaterThan(0.02499);
        // (alpha/2) 5 / ((k+4)(k+5)): 1/12 of alpha at the first look; 5/420 at the tenth.
        assertThat(s.alphaAtLook(1)).isCloseTo(0.05 / 12, within(1e-15));
        assertThat(s.alphaAtLook(10)).isCloseTo(0.05 * 5 / 420, within(1e-15));
    }

    @Test
    void theFinalLookSpendsWhatTheInterimLooksLeft() {
        RankStatistics s = new RankStatistics(0.95, 0.03);
        assertThat(s.alphaAtFinalLook(0)).as("no interim look: all of alpha").isCloseTo(0.05, within(1e-15));
        for (int m : new int[] {1, 2, 7, 30}) {
            double interim = 0;
            for (int k = 1; k <= m; k++) {
                interim += s.alphaAtLook(k);
            }
            assertThat(interim + s.alphaAtFinalLook(m)).as("after %d interim looks", m).isCloseTo(0.05, within(1e-15));
            assertThat(s.alphaAtFinalLook(m)).isGreaterThanOrEqualTo(0.025);
        }
        assertThatThrownBy(() -> s.alphaAtFinalLook(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Ten rounds whose log ratios are known: mean 0.05, sample standard deviation 0.02 (pairs of +-0.0189737 around
     * the mean, 0.02 * sqrt(9/10) each); Student's t for 9 degrees of freedom at 0.975 is 2.262157 (tables).
     */
    @Test
    void theIntervalIsStudentsOnTheLogRatios() {
        double half = 0.02 * Math.sqrt(9.0 / 10);
        double[] a = new double[10];
        double[] b = new double[10];
        for (int i = 0; i < 10; i++) {
            b[i] = 1000 + 37 * i;
            a[i] = b[i] * Math.exp(0.05 + (i % 2 == 0 ? half : -half));
        }
        Pair p = new RankStatistics(0.95, 0.03).pair(rounds(a, b), 0, 1, 0.05, 1);
        double se = 0.02 / Math.sqrt(10);
        assertThat(p.rounds()).isEqualTo(10);
        assertThat(p.forks()).isEqualTo(10);
        assertThat(p.ratio()).isCloseTo(Math.exp(0.05), within(1e-12));
        assertThat(p.low()).isCloseTo(Math.exp(0.05 - 2.262157 * se), within(1e-6));
        assertThat(p.high()).isCloseTo(Math.exp(0.05 + 2.262157 * se), within(1e-6));
        assertThat(p.claim()).isEqualTo(Claim.FASTER);
    }

    /** More pairs and later looks widen the interval: t(0.9995, 9) = 4.780913 (tables) for alpha 0.001 two-sided. */
    @Test
    void pairsAndLooksShareTheErrorRate() {
        double[] a = {1.10, 1.02, 1.08, 1.05, 1.01, 1.09, 1.04, 1.06, 1.03, 1.07};
        double[] b = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        RankStatistics s = new RankStatistics(0.95, 0.03);
        Pair one = s.pair(rounds(a, b), 0, 1, 0.05, 1);
        Pair fifty = s.pair(rounds(a, b), 0, 1, 0.05, 50);
        Pair later = s.pair(rounds(a, b), 0, 1, 0.01, 1);
        assertThat(fifty.high() - fifty.low()).isGreaterThan(one.high() - one.low());
        assertThat(later.high() - later.low()).isGreaterThan(one.high() - one.low());
        double mean = 0;
        for (double x : a) {
            mean += Math.log(x);
        }
        mean /= a.length;
        double ss = 0;
        for (double x : a) {
            ss += (Math.log(x) - mean) * (Math.log(x) - mean);
        }
        double se = Math.sqrt(ss / 9 / 10);
        assertThat(fifty.low()).isCloseTo(Math.exp(mean - 4.780913 * se), within(1e-6));
        assertThat(fifty.level()).isCloseTo(0.999, within(1e-15));
        assertThat(one.level()).isCloseTo(0.95, within(1e-15));
    }

    /**
     * A tie is two one-sided tests, each at the pair's share of the error rate: its interval's ends at Student's t
     * quantile 1 - share, not 1 - share/2. Ten forks with log ratios mean m, sample standard deviation 0.02
     * (standard error 0.02/sqrt(10)); t(9) at 0.95 = 1.833113, at 0.975 = 2.262157 (tables); the margin ln(1.03) =
     * 0.029559. At m = 0.017 the one-sided bounds reach 0.0286 (a tie, its interval at 90 %) though the two-sided 95 %
     * interval reaches 0.0313; at m = 0.019 they reach 0.0306: faster, on the 95 % interval.
     */
    @Test
    void aTieIsTwoOneSidedTests() {
        double half = 0.02 * Math.sqrt(9.0 / 10);
        double se = 0.02 / Math.sqrt(10);
        RankStatistics s = new RankStatistics(0.95, 0.03);
        for (double m : new double[] {0.017, 0.019}) {
            double[] a = new double[10];
            double[] b = new double[10];
            for (int i = 0; i < 10; i++) {
                b[i] = 800 + 11 * i;
                a[i] = b[i] * Math.exp(m + (i % 2 == 0 ? half : -half));
            }
            Pair p = s.pair(rounds(a, b), 0, 1, 0.05, 1);
            boolean tie = m < 0.018;
            double t = tie ? 1.833113 : 2.262157;
            assertThat(p.claim()).isEqualTo(tie ? Claim.TIE : Claim.FASTER);
            assertThat(p.level()).isCloseTo(tie ? 0.90 : 0.95, within(1e-15));
            assertThat(p.low()).isCloseTo(Math.exp(m - t * se), within(1e-6));
            assertThat(p.high()).isCloseTo(Math.exp(m + t * se), within(1e-6));
            assertThat(p.reversed().claim()).isEqualTo(tie ? Claim.TIE : Claim.SLOWER);
        }
    }

    /**
     * The advice's projection for an unsettled pair, against t tables and the margin ln(1.03) = 0.029559. A twin at
     * ratio 1 with fork sd 0.05 and share 0.025 ties once t(n-1, 0.975) 0.05 / sqrt(n) fits: at 13 forks 2.178813
     * gives 0.03022, at 14 2.160369 gives 0.02887, so 14. A pair at log ratio 0.1 is ordered once t(n-1, 0.9875)
     * 0.05 / sqrt(n) is under 0.1: at 4 forks 4.176535 gives 0.1044, at 5 3.495406 gives 0.0782, so 5. At log ratio
     * 0.02 with fork sd 0.5, neither within 1,000 forks.
     */
    @Test
    void theForksAnUnsettledPairWouldNeedComeFromItsSpread() {
        RankStatistics s = new RankStatistics(0.95, 0.03);
        Pair twin = new Pair(0, 1, 60, 5, 1.0, 0.9, 1.1, 0.975, 0.05, 4, Claim.UNSETTLED);
        assertThat(s.forksToSettle(twin, 1000)).hasValue(14);
        Pair apart = new Pair(0, 1, 36, 3, Math.exp(0.1), 0.95, 1.3, 0.975, 0.05, 2, Claim.UNSETTLED);
        assertThat(s.forksToSettle(apart, 1000)).hasValue(5);
        Pair noisy = new Pair(0, 1, 276, 23, Math.exp(0.02), 0.8, 1.25, 0.975, 0.5, 22, Claim.UNSETTLED);
        assertThat(s.forksToSettle(noisy, 1000)).isEmpty();
        Pair none = new Pair(0, 1, 12, 1, 1.0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, Claim.UNSETTLED);
        assertThat(s.forksToSettle(none, 1000)).isEmpty();
    }

    @Test
    void claimsFollowTheIntervalAndTheMargin() {
        RankStatistics s = new RankStatistics(0.95, 0.03);
        assertThat(s.claim(0.98, 1.02)).isEqualTo(Claim.TIE);
        assertThat(s.claim(1 / 1.03, 1.03)).isEqualTo(Claim.TIE);
        assertThat(s.claim(1.01, 1.02)).as("faster, but by less than the margin: a tie").isEqualTo(Claim.TIE);
        assertThat(s.claim(1.01, 1.05)).isEqualTo(Claim.FASTER);
        assertThat(s.claim(0.90, 0.99)).isEqualTo(Claim.SLOWER);
        assertThat(s.claim(0.96, 1.05)).isEqualTo(Claim.UNSETTLED);
        assertThat(Claim.FASTER.reversed()).isEqualTo(Claim.SLOWER);
        assertThat(Claim.TIE.reversed()).isEqualTo(Claim.TIE);
    }

    /**
     * The fork is the unit: four forks of three rounds each, the rounds within a fork alike (log ratios f +- 0.01) and
     * the forks apart (fork means 0.00, 0.04, 0.02, 0.06: mean 0.03, sample standard deviation sqrt(0.002/3)); the
     * interval is Student's t for 3 degrees of freedom, 3.182446 at 0.975 (tables), on the four fork means, however
     * tight the rounds within each fork are.
     */
    @Test
    void theIntervalCountsForksNotRounds() {
        double[] forkMeans = {0.00, 0.04, 0.02, 0.06};
        double[] offsets = {-0.01, 0, 0.01};
        List<Round> rounds = new ArrayList<>();
        for (int f = 0; f < forkMeans.length; f++) {
            for (double o : offsets) {
                rounds.add(new Round(f, Map.of(0, 500 * Math.exp(forkMeans[f] + o), 1, 500.0)));
            }
        }
        Pair p = new RankStatistics(0.95, 0.03).pair(rounds, 0, 1, 0.05, 1);
        double se = Math.sqrt(0.002 / 3) / 2;
        assertThat(p.rounds()).isEqualTo(12);
        assertThat(p.forks()).isEqualTo(4);
        assertThat(p.ratio()).isCloseTo(Math.exp(0.03), within(1e-12));
        assertThat(p.low()).isCloseTo(Math.exp(0.03 - 3.182446 * se), within(1e-6));
        assertThat(p.high()).isCloseTo(Math.exp(0.03 + 3.182446 * se), within(1e-6));
        assertThat(p.claim()).as("the rounds alone would claim faster; the forks do not").isEqualTo(Claim.UNSETTLED);
    }

    @Test
    void fewForksClaimNothing() {
        List<Round> rounds = new ArrayList<>();
        for (int f = 0; f < RankStatistics.MIN_FORKS - 1; f++) {
            for (int r = 0; r < 5; r++) {
                rounds.add(new Round(f, Map.of(0, 2.0 + 0.01 * r + 0.003 * f, 1, 1.0)));
            }
        }
        Pair p = new RankStatistics(0.95, 0.03).pair(rounds, 0, 1, 0.05, 1);
        assertThat(p.forks()).isEqualTo(RankStatistics.MIN_FORKS - 1);
        assertThat(p.low()).isGreaterThan(1);
        assertThat(p.claim()).isEqualTo(Claim.UNSETTLED);
        Pair none = new RankStatistics(0.95, 0.03).pair(List.of(new Round(0, Map.of(0, 1.0))), 0, 1, 0.05, 1);
        assertThat(none.rounds()).isZero();
        assertThat(none.ratio()).isNaN();
    }

    @Test
    void roundsWithoutBothAreSkipped() {
        List<Round> rounds = new ArrayList<>(rounds(new double[] {2, 2, 2, 2, 2, 2}, new double[] {1, 1, 1, 1, 1, 1}));
        rounds.add(new Round(6, Map.of(0, 100.0)));
        Pair p = new RankStatistics(0.95, 0.03).pair(rounds, 0, 1, 0.05, 1);
        assertThat(p.rounds()).isEqualTo(6);
        assertThat(p.forks()).as("a fork in which b did not run is no fork of the pair").isEqualTo(6);
    }

    /**
     * Three candidates in three generations of one round each, log rows/s = candidate (0, -0.1, -0.2) + generation
     * (0, 0.05, -0.05) + residuals 0.01 x [[1, -1, 0], [-1, 1, 0], [0, 0, 0]] (rows and columns summing to 0): the
     * residual sum of squares is 0.0004 over (3-1)(3-1) = 4 degrees of freedom, so a fork's log ratio has variance
     * 2 x 0.0001. Pair (0, 2) differs by 0.2 + (0.01, -0.01, 0): its own variance 0.0001 is the smaller, the pooled one
     * counts; pair (0, 1) by 0.1 + (0.02, -0.02, 0): its own 0.0004 is the larger and counts, with the pooled 4 degrees
     * of freedom. t(4) at 0.975 is 2.776445 (tables).
     */
    @Test
    void thePooledVarianceIsTheBlockDesignsResidualMeanSquareAndAPairsOwnWhenLarger() {
        double[] candidate = {0, -0.1, -0.2};
        double[] generation = {0, 0.05, -0.05};
        double[][] residual = {{0.01, -0.01, 0}, {-0.01, 0.01, 0}, {0, 0, 0}};
        List<Round> rounds = new ArrayList<>();
        for (int g = 0; g < 3; g++) {
            Map<Integer, Double> round = new java.util.HashMap<>();
            for (int c = 0; c < 3; c++) {
                round.put(c, 20_000 * Math.exp(candidate[c] + generation[g] + residual[g][c]));
            }
            rounds.add(new Round(g, round));
        }
        RankStatistics.ForkVariance pooled = RankStatistics.pooled(rounds, java.util.Set.of(0, 1, 2)).orElseThrow();
        assertThat(pooled.variance()).isCloseTo(0.0002, within(1e-12));
        assertThat(pooled.df()).isEqualTo(4);
        RankStatistics s = new RankStatistics(0.95, 0.03);
        Pair far = s.pair(rounds, 0, 2, 0.05, 1);
        assertThat(far.df()).isEqualTo(4);
        assertThat(far.sd()).isCloseTo(Math.sqrt(0.0002), within(1e-12));
        assertThat(far.high()).isCloseTo(Math.exp(0.2 + 2.776445 * Math.sqrt(0.0002 / 3)), within(1e-6));
        Pair near = s.pair(rounds, 0, 1, 0.05, 1);
        assertThat(near.sd()).isCloseTo(Math.sqrt(0.0004), within(1e-12));
        assertThat(near.df()).isEqualTo(4);
        assertThat(near.low()).isCloseTo(Math.exp(0.1 - 2.776445 * Math.sqrt(0.0004 / 3)), within(1e-6));
        // Candidate 2 missing from the last generation: pairs with it pool over the first two generations' three
        // candidates; pair (0, 1) over all three generations' two, which is its own variance.
        List<Round> stopped = new ArrayList<>(rounds.subList(0, 2));
        Map<Integer, Double> last = new java.util.HashMap<>(rounds.get(2).rowsPerSecond());
        last.remove(2);
        stopped.add(new Round(2, last));
        assertThat(s.pair(stopped, 0, 2, 0.05, 1).df()).isEqualTo(2);
        assertThat(s.pair(stopped, 0, 1, 0.05, 1).df()).isEqualTo(2);
        assertThat(s.pair(stopped, 0, 1, 0.05, 1).sd()).isCloseTo(Math.sqrt(0.0004), within(1e-12));
    }

    /**
     * Eight candidates in three generations of one round each: seven quiet ones whose residuals are 0.01 x [[1, -1, 0,
     * ...], [-1, 1, 0, ...], [0, ...]] (residual sum of squares 0.0004 over (7-1)(3-1) = 12 degrees of freedom, so a
     * fork's log ratio has variance 2 x 0.0004 / 12), and one whose generations differ by +1, -1, 0 in log. With it in
     * the table its residuals leak into every other candidate's (by 1/8), and its mean square is 42 times the others'
     * (F(2, 12) exceeds 34.88 with probability 1e-5): it is left out, and the pool is the quiet seven's alone. The noisy
     * candidate's own pairs use their own variance, the larger.
     */
    @Test
    void aCandidateFarNoisierThanTheRestIsLeftOutOfThePool() {
        List<Round> rounds = new ArrayList<>();
        double[][] quiet = {{0.01, -0.01}, {-0.01, 0.01}, {0, 0}};
        double[] noisy = {1, -1, 0};
        for (int g = 0; g < 3; g++) {
            Map<Integer, Double> round = new java.util.HashMap<>();
            for (int c = 0; c < 7; c++) {
                round.put(c, 20_000 * Math.exp(-0.05 * c + 0.02 * g + (c < 2 ? quiet[g][c] : 0)));
            }
            round.put(7, 20_000 * Math.exp(-0.5 + noisy[g]));
            rounds.add(new Round(g, round));
        }
        java.util.Set<Integer> all = java.util.Set.of(0, 1, 2, 3, 4, 5, 6, 7);
        RankStatistics.ForkVariance pooled = RankStatistics.pooled(rounds, all).orElseThrow();
        assertThat(pooled.variance()).isCloseTo(2 * 0.0004 / 12, within(1e-12));
        assertThat(pooled.df()).as("12 capped at 5 per generation beyond the first").isEqualTo(10);
        Pair withNoisy = new RankStatistics(0.95, 0.03).pair(rounds, 0, 7, 0.05, 1);
        assertThat(withNoisy.sd()).as("its own").isGreaterThan(1);
        // Its noise as small as the first two candidates' (0.01, -0.01, 0): F is 11.6, and it stays.
        List<Round> alike = new ArrayList<>();
        for (int g = 0; g < 3; g++) {
            Map<Integer, Double> round = new java.util.HashMap<>(rounds.get(g).rowsPerSecond());
            round.put(7, 20_000 * Math.exp(-0.5 + 0.01 * noisy[g]));
            alike.add(new Round(g, round));
        }
        RankStatistics.ForkVariance kept = RankStatistics.pooled(alike, all).orElseThrow();
        assertThat(kept.variance()).as("over all eight").isGreaterThan(2 * 0.0004 / 12);
    }

    @Test
    void withTwoCandidatesThePooledVarianceIsThePairsOwn() {
        List<Round> rounds = rounds(new double[] {1030, 990, 1075, 1010, 1002}, new double[] {1000, 1001, 1020, 980, 1003});
        Pair p = new RankStatistics(0.95, 0.03).pair(rounds, 0, 1, 0.05, 1);
        double[] d = new double[5];
        for (int i = 0; i < 5; i++) {
            d[i] = Math.log(rounds.get(i).rowsPerSecond().get(0) / rounds.get(i).rowsPerSecond().get(1));
        }
        double mean = java.util.Arrays.stream(d).average().orElseThrow();
        double own = java.util.Arrays.stream(d).map(x -> (x - mean) * (x - mean)).sum() / 4;
        assertThat(RankStatistics.pooled(rounds, java.util.Set.of(0, 1)).orElseThrow().variance())
                .isCloseTo(own, within(1e-15));
        assertThat(p.sd()).isCloseTo(Math.sqrt(own), within(1e-12));
        assertThat(p.df()).isEqualTo(4);
        assertThat(RankStatistics.pooled(rounds.subList(0, 1), java.util.Set.of(0, 1))).as("one generation").isEmpty();
    }

    @Test
    void confidenceAndMarginOutsideTheirRangesAreRefused() {
        assertThatThrownBy(() -> new RankStatistics(1, 0.03)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RankStatistics(0.95, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RankStatistics(0.95, 0.03).alphaAtLook(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
