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
     * Two-sided p-value for "same mean"; NaN when both samples are constant ({@link #untestable}): the t statistic
     * is then undefined, and its limit (p = 0, "certainly different") would come from the figure's resolution, not
     * from the data.
     */
    static double pValue(double[] baseline, double[] current) {
        if (baseline.length < MIN_VALUES || current.length < MIN_VALUES) {
            throw new IllegalArgumentException("Welch's t-test needs " + MIN_VALUES + " values on each side");
        }
        if (untestable(baseline, current)) {
            return Double.NaN;
        }
        return WELCH.test(baseline, current).getPValue();
    }

    /**
     * Both samples constant. A timed figure (the mean of many operations, read from a clock) repeats exactly only
     * when it is below its clock's resolution: server CPU is read in 10 ms ticks, so an iteration that loaded few
     * rows reads 0 or one tick. Such samples show no spread, which is not the absence of noise: between two runs a
     * figure can move by a tick for any reason. Welch's t from zero variances would call any difference certain.
     */
    static boolean untestable(double[] baseline, double[] current) {
        return constant(baseline) && constant(current);
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
