package org.pgingest.gate;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PairedRatioTest {

    /**
     * Student's sleep data (Cushny and Peebles, as published by "Student", 1908; R's {@code sleep}): extra hours of sleep
     * of ten patients under two drugs. R's {@code t.test(extra ~ group, data = sleep, paired = TRUE)} prints mean of the
     * differences -1.58, 95 percent confidence interval -2.4598858 -0.7001142 (group 1 minus group 2). Here the
     * differences are the pairs' log ratios: baseline 1 and candidate e^(group 2 - group 1).
     */
    @Test
    void theIntervalOfStudentsSleepDataIsRs() {
        double[] group1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
        double[] group2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};
        double[] baseline = new double[10];
        double[] candidate = new double[10];
        for (int i = 0; i < 10; i++) {
            baseline[i] = 1;
            candidate[i] = Math.exp(group2[i] - group1[i]);
        }
        PairedRatio.Estimate e = PairedRatio.of(baseline, candidate, 0.95);
        assertThat(Math.log(e.ratio())).isCloseTo(1.58, within(1e-9));
        assertThat(Math.log(e.low())).isCloseTo(0.7001142, within(1e-6));
        assertThat(Math.log(e.high())).isCloseTo(2.4598858, within(1e-6));
        assertThat(e.pairs()).isEqualTo(10);
        assertThat(e.excludesNoChange()).isTrue();
    }

    /** The ratio does not depend on the figures' scale, and swapping the sides inverts it and its interval. */
    @Test
    void logRatiosAreSymmetric() {
        double[] b = {100, 120, 90, 110, 105, 98};
        double[] c = {95, 118, 80, 100, 101, 97};
        PairedRatio.Estimate forward = PairedRatio.of(b, c, 0.99);
        PairedRatio.Estimate backward = PairedRatio.of(c, b, 0.99);
        assertThat(backward.ratio()).isCloseTo(1 / forward.ratio(), within(1e-12));
        assertThat(backward.low()).isCloseTo(1 / forward.high(), within(1e-12));
        assertThat(backward.high()).isCloseTo(1 / forward.low(), within(1e-12));
    }

    /** A missing iteration (NaN) drops its pair; a figure of 0 has no ratio and drops its pair too. */
    @Test
    void pairsWithoutAFigureOnBothSidesAreLeftOut() {
        PairedRatio.Estimate e = PairedRatio.of(new double[] {10, Double.NaN, 10, 0, 10},
                new double[] {11, 11, 12, 12, 11}, 0.9);
        assertThat(e.pairs()).isEqualTo(3);
        assertThatThrownBy(() -> PairedRatio.of(new double[] {1, Double.NaN}, new double[] {1, 1}, 0.9))
                .hasMessageContaining("needs 2 pairs");
        assertThatThrownBy(() -> PairedRatio.of(new double[] {1, 2}, new double[] {1}, 0.9))
                .hasMessageContaining("as many");
    }

    /**
     * The detectable change is what its name says: simulated comparisons (normal noise on the log scale) of a true
     * change of that size leave 1 out of their interval about as often as asked. The normal-theory bound is slightly
     * conservative for t intervals, so the rate lands at or a little above 90 %.
     */
    @Test
    void aChangeOfTheDetectableSizeIsFoundNineTimesInTen() {
        Random random = new Random(17);
        int pairs = 16;
        double spread = 0.05;
        double confidence = 0.99;
        double[] ones = new double[pairs];
        java.util.Arrays.fill(ones, 1);
        double[] noise = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            noise[i] = Math.exp(spread * random.nextGaussian());
        }
        // The detectable change at this spread, from an estimate whose sample spread is the true one (rescaled).
        PairedRatio.Estimate calibration = PairedRatio.of(ones, noise, confidence);
        double detectable = Math.expm1(Math.log1p(calibration.detectableChange(0.9)) * spread / calibration.logSpread());
        int found = 0;
        int comparisons = 4000;
        for (int n = 0; n < comparisons; n++) {
            double[] candidate = new double[pairs];
            for (int i = 0; i < pairs; i++) {
                candidate[i] = (1 + detectable) * Math.exp(spread * random.nextGaussian());
            }
            if (PairedRatio.of(ones, candidate, confidence).low() > 1) {
                found++;
            }
        }
        assertThat((double) found / comparisons).isBetween(0.88, 0.95);
    }

    /** With no change at all, the interval leaves out 1 about as rarely as its level says. */
    @Test
    void withoutAChangeTheIntervalMissesOneAsRarelyAsItsLevelSays() {
        Random random = new Random(20261124);
        int misses = 0;
        int comparisons = 20000;
        double[] ones = new double[12];
        java.util.Arrays.fill(ones, 1);
        for (int n = 0; n < comparisons; n++) {
            double[] candidate = new double[12];
            for (int i = 0; i < 12; i++) {
                candidate[i] = Math.exp(0.1 * random.nextGaussian());
            }
            if (PairedRatio.of(ones, candidate, 0.95).excludesNoChange()) {
                misses++;
            }
        }
        assertThat((double) misses / comparisons).isCloseTo(0.05, within(0.006));
    }
}
