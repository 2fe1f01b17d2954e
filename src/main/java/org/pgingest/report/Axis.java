package org.pgingest.report;

/**
 * A chart's value axis: where a figure falls, as a share of the plot's length, and its ticks. It reaches every
 * whisker's end (value plus JMH's interval), so that no interval is cut at the axis end. Linear from 0, or
 * logarithmic in powers of ten where the figures span {@value #LOG_SPAN} times or more: WAL fsyncs per row are about
 * 0.002 for a batch and 1 for a commit per row, and on a linear axis from 0 to 1 every batched bar is under a pixel.
 */
final class Axis {
    /** Smallest over largest figure at which a linear axis draws the smallest bar under 1 % of the plot. */
    static final double LOG_SPAN = 100;
    /** The axis ends here at most; a bar beyond it is drawn to the end. */
    private static final double MOST_DRAWN = 1e300;
    private final double[] ticks;
    private final boolean log;

    private Axis(double[] ticks, boolean log) {
        this.ticks = ticks;
        this.log = log;
    }

    static Axis of(Chart chart) {
        double smallest = Double.POSITIVE_INFINITY;
        double largest = 0;
        double reach = 0;
        for (Figure[] row : chart.figures()) {
            for (Figure f : row) {
                if (f.present()) {
                    smallest = Math.min(smallest, f.value());
                    largest = Math.max(largest, f.value());
                    boolean whisker = !chart.counted() && Double.isFinite(f.error()) && f.error() > 0;
                    reach = Math.max(reach, whisker ? f.value() + f.error() : f.value());
                }
            }
        }
        // A figure near Double's end (1.5e308 with as large an error, from a hand-made JSON): a whisker's end
        // overflowed and the axis ran to infinity (one tick per decade to it: out of memory) or to NaN.
        reach = Math.min(reach, MOST_DRAWN);
        largest = Math.min(largest, MOST_DRAWN);
        if (smallest > 0 && largest / smallest >= LOG_SPAN) {
            int from = (int) Math.floor(Math.log10(smallest));
            // a commit per row counts 1.0003 fsyncs: within 0.25 % of a decade is drawn at it, not a decade further
            int to = (int) Math.ceil(Math.log10(reach) - 0.001);
            double[] decades = new double[to - from + 1];
            for (int i = 0; i < decades.length; i++) {
                decades[i] = Math.pow(10, from + i);
            }
            return new Axis(decades, true);
        }
        return new Axis(linearTicks(reach), false);
    }

    boolean log() {
        return log;
    }

    double[] ticks() {
        return ticks.clone();
    }

    /** Where {@code v} falls, 0 at the axis start and 1 at its end; clamped to the axis (log: 0 and below at 0). */
    double at(double v) {
        double start = ticks[0];
        double end = ticks[ticks.length - 1];
        double share = log ? (v > 0 ? Math.log(v / start) / Math.log(end / start) : 0) : (v - start) / (end - start);
        return Math.max(0, Math.min(1, share));
    }

    /** Five or so round ticks from 0 to at least {@code max}. */
    static double[] linearTicks(double max) {
        if (!(max > 0)) {
            return new double[] {0, 1};
        }
        double raw = max / 5;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = magnitude;
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * magnitude >= raw) {
                step = m * magnitude;
                break;
            }
        }
        int n = (int) Math.ceil(max / step - 1e-9);
        double[] ticks = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            ticks[i] = i * step;
        }
        return ticks;
    }
}
