package org.pgingest.results;

import java.util.Arrays;

/**
 * One JMH metric of one benchmark entry.
 *
 * @param name       {@value #PRIMARY} for the primary metric, else the secondary metric's name (e.g. "wal.bytes/row")
 * @param unit       JMH's unit, e.g. "ops/s", "ms/op", "B/row"
 * @param score      the score; NaN when the figure was missing
 * @param error      half-width of JMH's 99.9 % interval; NaN when JMH could not compute one (fewer than 3 values)
 * @param iterations one value per measured iteration, all forks in order (the mean of the iteration's
 *                   histogram in sample mode); NaN values are kept: they mean "missing" in this suite
 */
public record Metric(String name, String unit, double score, double error, double[] iterations) {
    public static final String PRIMARY = "score";
    /** The server cost profiler's flag: 1 in an iteration whose window held work that was not the suite's. */
    public static final String CONTAMINATED = "contaminated";

    public Metric {
        iterations = iterations.clone();
    }

    @Override
    public double[] iterations() {
        return iterations.clone();
    }

    /** The same figures in another unit: each value times {@code factor}. */
    public Metric in(String otherUnit, double factor) {
        return new Metric(name, otherUnit, score * factor, error * factor,
                Arrays.stream(iterations).map(v -> v * factor).toArray());
    }

    /** The iteration values that are numbers. */
    public double[] presentIterations() {
        return Arrays.stream(iterations).filter(Double::isFinite).toArray();
    }

    public boolean missing() {
        return !Double.isFinite(score);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metric m && name.equals(m.name) && unit.equals(m.unit)
                && Double.compare(score, m.score) == 0 && Double.compare(error, m.error) == 0
                && Arrays.equals(iterations, m.iterations);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(iterations);
    }

    @Override
    public String toString() {
        return name + "=" + score + " " + unit;
    }
}
