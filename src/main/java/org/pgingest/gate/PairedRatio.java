package org.pgingest.gate;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.List;

/**
 * The candidate/baseline ratio of a timed figure from paired iterations, with its confidence interval: the
 * statistics of {@code ./bench compare}.
 *
 * <p>Pair {@code i} is the {@code i}-th iteration of each side, run one right after the other, the pairs' order
 * alternating (baseline first, then candidate first: ABBA blocks). The figure's log ratio within each pair,
 * {@code ln(candidate / baseline)}, is the unit: log ratios are symmetric (a halving and a doubling are equally far
 * from 1) and a pair shares the machine's state of that moment, so load that comes and goes over seconds cancels
 * in each pair instead of landing on one side. A load that grows steadily adds a little to one side in a
 * baseline-first pair and the same to the other in the candidate-first pair after it: it cancels in the mean and
 * only widens the interval (the pairs' spread holds it), so the interval errs on the wide side. The interval is
 * Student's t on the mean log ratio, exponentiated (Apache Commons Statistics' t distribution), a Commons Statistics
 * computation rather than a bootstrap: iteration means of many operations are close to normal, and with 10 to 20
 * pairs a bootstrap's interval is itself too unsteady to judge by.
 */
public final class PairedRatio {
    /** Pairs needed for an interval (one degree of freedom). */
    public static final int MIN_PAIRS = 2;
    /** How often a change of the {@linkplain Estimate#detectableChange detectable size} is found: 9 times in 10. */
    public static final double DETECTION_POWER = 0.9;

    private PairedRatio() {
    }

    /**
     * A ratio and its interval.
     *
     * @param ratio      exp(mean log ratio): the candidate's figure as a multiple of the baseline's
     * @param low        lower end of the interval
     * @param high       upper end of the interval
     * @param confidence the interval's level, e.g. 0.99
     * @param pairs      pairs that had the figure on both sides
     * @param logSpread  standard deviation of the pairs' log ratios (the comparison's noise)
     */
    public record Estimate(double ratio, double low, double high, double confidence, int pairs, double logSpread) {
        /** Whether the interval leaves out 1 (no change). */
        public boolean excludesNoChange() {
            return low > 1 || high < 1;
        }

        /**
         * The smallest change of the figure (as a fraction, e.g. 0.05) that a comparison with this many pairs and this
         * noise would find outside its interval with the given probability: the usual normal-theory bound
         * {@code (t(1 - (1 - confidence) / 2) + t(power)) * spread / sqrt(pairs)} on the log scale, both quantiles of
         * Student's t with {@code pairs - 1} degrees of freedom.
         */
        public double detectableChange(double power) {
            TDistribution t = TDistribution.of(pairs - 1);
            double log = (t.inverseSurvivalProbability((1 - confidence) / 2) + t.inverseCumulativeProbability(power))
                    * logSpread / Math.sqrt(pairs);
            return Math.expm1(log);
        }
    }

    /**
     * @param baseline   the baseline's value in each measured iteration, in run order
     * @param candidate  the candidate's, in the same order (the same length)
     * @param confidence the interval's level, e.g. 0.99
     * @throws IllegalArgumentException when fewer than {@link #MIN_PAIRS} pairs have a positive value on both sides
     */
    public static Estimate of(double[] baseline, double[] candidate, double confidence) {
        if (baseline.length != candidate.length) {
            throw new IllegalArgumentException("paired figures need as many candidate iterations as baseline ones ("
                    + baseline.length + " and " + candidate.length + ")");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence " + confidence + " must be between 0 and 1");
        }
        List<Double> logs = new ArrayList<>();
        for (int i = 0; i < baseline.length; i++) {
            // A missing figure is NaN; a zero or negative one has no log ratio (a figure that can be 0 is no speed).
            if (baseline[i] > 0 && candidate[i] > 0 && Double.isFinite(baseline[i]) && Double.isFinite(candidate[i])) {
                logs.add(Math.log(candidate[i] / baseline[i]));
            }
        }
        if (logs.size() < MIN_PAIRS) {
            throw new IllegalArgumentException("a paired interval needs " + MIN_PAIRS + " pairs with the figure on both "
                    + "sides, got " + logs.size());
        }
        double[] d = logs.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = Mean.of(d).getAsDouble();
        double spread = StandardDeviation.of(d).getAsDouble();
        double halfWidth = TDistribution.of(d.length - 1).inverseSurvivalProbability((1 - confidence) / 2)
                * spread / Math.sqrt(d.length);
        return new Estimate(Math.exp(mean), Math.exp(mean - halfWidth), Math.exp(mean + halfWidth), confidence,
                d.length, spread);
    }
}
