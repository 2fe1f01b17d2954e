package org.pgingest.report;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.Metric;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * A figure read from one entry, with its error: what each chart plots.
 *
 * @param value   the figure; NaN when the entry does not have it
 * @param error   half-width of the 99.9 % interval; NaN when none
 * @param missing why the figure is missing where the run recorded a reason (the target could not measure what it
 *                needs); null otherwise
 * @param low     the lowest value of a measured iteration; NaN when not known
 * @param high    the highest value of a measured iteration; NaN when not known
 */
record Figure(double value, double error, String missing, double low, double high) {
    static final Figure NONE = new Figure(Double.NaN, Double.NaN, null, Double.NaN, Double.NaN);

    Figure(double value, double error) {
        this(value, error, null, Double.NaN, Double.NaN);
    }

    /** No figure, for a recorded reason: shown as "missing: reason" rather than left out. */
    static Figure missing(String reason) {
        return new Figure(Double.NaN, Double.NaN, reason, Double.NaN, Double.NaN);
    }

    boolean present() {
        return Double.isFinite(value);
    }

    /**
     * Whether the measured iterations gave different values beyond {@code tolerance} of the figure (a share, e.g.
     * 0.01): a counted figure that did is shown as approximate, one that did not as it was counted.
     */
    boolean variesBeyond(double tolerance) {
        return Double.isFinite(low) && Double.isFinite(high) && high - low > tolerance * Math.abs(value);
    }

    static Figure of(Metric m) {
        if (m == null || m.missing()) {
            return NONE;
        }
        double[] iterations = m.presentIterations();
        return new Figure(m.score(), m.error(), null,
                Arrays.stream(iterations).min().orElse(Double.NaN), Arrays.stream(iterations).max().orElse(Double.NaN));
    }

    /** The figure times {@code factor} (rows per operation), interval and range with it. */
    Figure times(double factor) {
        return new Figure(value * factor, error * factor, missing, low * factor, high * factor);
    }

    static Figure metric(BenchmarkResult e, String name) {
        return of(e.metrics().get(name));
    }

    /**
     * Rows per second: the {@code rows} counter in a throughput unit, or else a throughput score in ops/s times the
     * {@code rows} param (rows per operation).
     */
    static Figure rowsPerSecond(BenchmarkResult e) {
        Metric rows = e.metrics().get("rows");
        if (rows != null && rows.unit().endsWith("/s")) {
            return of(rows);
        }
        Metric primary = e.primary();
        String perOp = e.params().get("rows");
        if (primary != null && primary.unit().equals("ops/s") && perOp != null && perOp.matches("\\d+")) {
            return of(primary).times(Long.parseLong(perOp));
        }
        return NONE;
    }

    /**
     * The loader's allocation per row: a secondary metric with "alloc" in its name in B/row (the loader's own,
     * measured around the call); else JMH's {@code gc.alloc.rate.norm} (B/op) divided by the rows per operation,
     * which also counts whatever else the iteration allocated (row generation included).
     *
     * @return the figure and whether it is the loader's own
     */
    static Map.Entry<Figure, Boolean> allocationPerRow(BenchmarkResult e) {
        for (Metric m : e.metrics().values()) {
            if (m.name().toLowerCase(Locale.ROOT).contains("alloc") && m.unit().equals("B/row")) {
                return Map.entry(of(m), true);
            }
        }
        Metric norm = e.metrics().get("gc.alloc.rate.norm");
        String perOp = e.params().get("rows");
        if (norm != null && !norm.missing() && perOp != null && perOp.matches("\\d+") && Long.parseLong(perOp) > 0) {
            return Map.entry(of(norm).times(1.0 / Long.parseLong(perOp)), false);
        }
        return Map.entry(NONE, false);
    }
}
