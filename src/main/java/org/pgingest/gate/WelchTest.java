package org.pgingest.gate;

import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Welch's unequal-variance t-test on the per-iteration values of two runs, from Apache Commons Statistics.
 *
 * <p>Why Welch and not Mann-Whitney: CI runs are short (3-5 measured iterations), and with 3 values a side the
 * smallest two-sided p-value Mann-Whitney can reach is 0.1, so it could never reject at 0.01; Welch works from
 * 2 values a side. Each JMH iteration is the mean of many operations, so iteration values are close to normal;
 * and two runs on a shared machine have different spreads, which Welch allows and Student's t does not.
 * Iterations of one fork share that fork's JIT and server, so the test sees less variance than exists between
 * runs: that is why timed metrics are only tested past a minimum change ({@link GateRules#timed()}).
 */
final class WelchTest {
    private static final TTest WELCH = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);

    private WelchTest() {
    }

    /** Values each side needs for a test. */
    static final int MIN_VALUES = 2;

    /**
     * Two-sided p-value for "same mean". Two constant samples with different values are told apart for certain
     * (p = 0), where the t statistic itself is undefined.
     */
    static double pValue(double[] baseline, double[] current) {
        if (baseline.length < MIN_VALUES || current.length < MIN_VALUES) {
            throw new IllegalArgumentException("Welch's t-test needs " + MIN_VALUES + " values on each side");
        }
        if (constant(baseline) && constant(current)) {
            return baseline[0] == current[0] ? 1 : 0;
        }
        return WELCH.test(baseline, current).getPValue();
    }

    private static boolean constant(double[] values) {
        for (double v : values) {
            if (v != values[0]) {
                return false;
            }
        }
        return true;
    }
}
