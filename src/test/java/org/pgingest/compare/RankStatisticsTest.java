package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.pgingest.compare.RankStatistics.Claim;
import org.pgingest.compare.RankStatistics.Pair;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The rank's statistics against cases whose answers come from tables and arithmetic, not from the code. */
class RankStatisticsTest {
    /** A confidence whose first look spends exactly 5 % on one pair: 1 - 0.05 pi^2 / 6. */
    private static final double FIRST_LOOK_AT_95 = 1 - 0.05 * Math.PI * Math.PI / 6;

    /** Rounds in which a ran at {@code a[i]} rows/s and b at {@code b[i]}. */
    private static List<Map<Integer, Double>> rounds(double[] a, double[] b) {
        List<Map<Integer, Double>> rounds = new ArrayList<>();
        for (int i = 0; i < a.length; i++) {
            rounds.add(Map.of(0, a[i], 1, b[i]));
        }
        return rounds;
    }

    @Test
    void theLooksSpendNoMoreThanAlphaHoweverManyThereAre() {
        RankStatistics s = new RankStatistics(0.95, 0.03);
        double spent = 0;
        for (int k = 1; k <= 100_000; k++) {
            spent += s.alphaAtLook(k);
        }
        assertThat(spent).isLessThan(0.05).isGreaterThan(0.0499);
        assertThat(s.alphaAtLook(1)).isCloseTo(0.05 * 6 / (Math.PI * Math.PI), within(1e-15));
        assertThat(s.pairConfidence(1, 10)).isCloseTo(1 - 0.05 * 6 / (Math.PI * Math.PI) / 10, within(1e-15));
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
        Pair p = new RankStatistics(FIRST_LOOK_AT_95, 0.03).pair(rounds(a, b), 0, 1, 1, 1);
        double se = 0.02 / Math.sqrt(10);
        assertThat(p.rounds()).isEqualTo(10);
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
        RankStatistics s = new RankStatistics(FIRST_LOOK_AT_95, 0.03);
        Pair one = s.pair(rounds(a, b), 0, 1, 1, 1);
        Pair fifty = s.pair(rounds(a, b), 0, 1, 1, 50);
        Pair later = s.pair(rounds(a, b), 0, 1, 2, 1);
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

    @Test
    void fewRoundsClaimNothing() {
        double[] a = {2, 2.1, 2.05, 1.95};
        double[] b = {1, 1, 1, 1};
        Pair p = new RankStatistics(0.95, 0.03).pair(rounds(a, b), 0, 1, 1, 1);
        assertThat(p.rounds()).isEqualTo(4).isLessThan(RankStatistics.MIN_ROUNDS);
        assertThat(p.low()).isGreaterThan(1);
        assertThat(p.claim()).isEqualTo(Claim.UNSETTLED);
        Pair none = new RankStatistics(0.95, 0.03).pair(List.of(Map.of(0, 1.0)), 0, 1, 1, 1);
        assertThat(none.rounds()).isZero();
        assertThat(none.ratio()).isNaN();
    }

    @Test
    void roundsWithoutBothAreSkipped() {
        List<Map<Integer, Double>> rounds = new ArrayList<>(rounds(new double[] {2, 2, 2, 2, 2, 2}, new double[] {1, 1, 1, 1,
            1, 1}));
        rounds.add(Map.of(0, 100.0));
        assertThat(new RankStatistics(0.95, 0.03).pair(rounds, 0, 1, 1, 1).rounds()).isEqualTo(6);
    }

    @Test
    void confidenceAndMarginOutsideTheirRangesAreRefused() {
        assertThatThrownBy(() -> new RankStatistics(1, 0.03)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RankStatistics(0.95, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RankStatistics(0.95, 0.03).alphaAtLook(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
