package org.pgingest.stats;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A value or a reason per {@link CostFigure}: every figure is either read or missing with a reason, never
 * silently zero.
 */
class Figures {
    private final Map<CostFigure, Double> values;
    private final Map<CostFigure, String> missing;

    Figures(Map<CostFigure, Double> values, Map<CostFigure, String> missing) {
        EnumMap<CostFigure, Double> v = new EnumMap<>(CostFigure.class);
        v.putAll(values);
        EnumMap<CostFigure, String> m = new EnumMap<>(CostFigure.class);
        m.putAll(missing);
        this.values = Collections.unmodifiableMap(v);
        this.missing = Collections.unmodifiableMap(m);
        for (CostFigure f : CostFigure.values()) {
            if (this.values.containsKey(f) == this.missing.containsKey(f)) {
                throw new IllegalStateException(f + " must be either read or missing with a reason");
            }
        }
    }

    /** The figure, or empty when it could not be read (see {@link #missingReason}). */
    public OptionalDouble get(CostFigure figure) {
        Double v = values.get(figure);
        return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /** The figure; throws naming the reason when it is missing. */
    public double require(CostFigure figure) {
        Double v = values.get(figure);
        if (v == null) {
            throw new IllegalStateException(figure.key() + " is missing: " + missing.get(figure));
        }
        return v;
    }

    /** Why the figure is missing, or null when it was read. */
    String missingReason(CostFigure figure) {
        return missing.get(figure);
    }

    Map<CostFigure, Double> values() {
        return values;
    }

    public Map<CostFigure, String> missing() {
        return missing;
    }
}
