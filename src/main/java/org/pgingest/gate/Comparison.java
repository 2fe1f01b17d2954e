package org.pgingest.gate;

import org.pgingest.results.BenchmarkResult;

/**
 * One metric of one benchmark entry present in both runs, and what the gate made of it.
 *
 * @param entry     the current run's entry (benchmark, mode, params)
 * @param metric    metric name ({@code score} is the primary metric)
 * @param unit      JMH's unit
 * @param kind      counted or timed
 * @param direction which way is better
 * @param baseline  baseline score (NaN when missing)
 * @param current   current score (NaN when missing)
 * @param change    (current - baseline) / |baseline|; NaN when either is missing, infinite from a zero baseline
 * @param pValue    Welch's two-sided p-value for timed metrics that were tested, else NaN
 * @param verdict   the conclusion
 * @param why       the reason in a few words, e.g. "+12.0 % > 5 % (counted)"
 * @param paired    the paired ratio and its interval where the figure was judged on paired iterations
 *                  ({@code ./bench compare}); null for the gate's two separate runs
 */
public record Comparison(BenchmarkResult entry, String metric, String unit, MetricKind kind, Direction direction,
                         double baseline, double current, double change, double pValue, Verdict verdict, String why,
                         PairedRatio.Estimate paired) {

    /** A comparison of two separate runs (no paired ratio). */
    public Comparison(BenchmarkResult entry, String metric, String unit, MetricKind kind, Direction direction,
                      double baseline, double current, double change, double pValue, Verdict verdict, String why) {
        this(entry, metric, unit, kind, direction, baseline, current, change, pValue, verdict, why, null);
    }
}
