package org.pgingest.gate;

import java.util.regex.Pattern;

/**
 * A threshold for the metrics whose name matches a pattern ({@code *} matches any characters, e.g.
 * {@code wal.fsyncs/*}), or {@code ignore} for metrics not to judge.
 *
 * @param pattern   glob over the metric name ({@code score} is the primary metric)
 * @param threshold relative change allowed: counted metrics fail past it; timed metrics are tested only past it.
 *                  NaN: the default of the metric's kind
 * @param floor     absolute change (in the metric's unit) below which the metric counts as the same, whatever
 *                  the relative change: figures near zero (planning time of a prepared statement) double on nothing
 * @param ignore    shown in the table but never judged
 */
public record Rule(String pattern, double threshold, double floor, boolean ignore) {

    public boolean matches(String metricName) {
        StringBuilder regex = new StringBuilder();
        for (String part : pattern.split("\\*", -1)) {
            if (!regex.isEmpty()) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(part));
        }
        return metricName.matches(regex.toString());
    }

    /**
     * Parses {@code PATTERN=PERCENT}, {@code PATTERN=PERCENT,FLOOR} (e.g. {@code wal.fsyncs/*=10%},
     * {@code score=0.15}, {@code plan.time/op=20%,0.01}) or {@code PATTERN=ignore}.
     */
    public static Rule parse(String text) {
        int eq = text.lastIndexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new GateInputException("rule '" + text + "' is not PATTERN=PERCENT[,FLOOR] or PATTERN=ignore "
                    + "(e.g. 'wal.fsyncs/*=10%', 'plan.time/op=20%,0.01', 'gc.*=ignore')");
        }
        String pattern = text.substring(0, eq);
        String value = text.substring(eq + 1).trim();
        if (value.equalsIgnoreCase("ignore")) {
            return new Rule(pattern, Double.NaN, 0, true);
        }
        String[] parts = value.split(",", 2);
        double floor = 0;
        if (parts.length == 2) {
            try {
                floor = Double.parseDouble(parts[1].trim());
            } catch (NumberFormatException e) {
                floor = -1;
            }
            if (!(floor >= 0) || Double.isInfinite(floor)) {
                throw new GateInputException("rule '" + text + "': floor '" + parts[1] + "' is not a non-negative "
                        + "number in the metric's unit (e.g. 'plan.time/op=20%,0.01')");
            }
        }
        return new Rule(pattern, fraction(parts[0], "rule '" + text + "'"), floor, false);
    }

    /** "10%" or "0.1" as 0.1; one line naming {@code what} when it is neither. */
    public static double fraction(String value, String what) {
        String v = value.trim();
        try {
            double f = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1)) / 100
                    : Double.parseDouble(v);
            if (f >= 0 && Double.isFinite(f)) {
                return f;
            }
        } catch (NumberFormatException e) {
            // falls through to the one-line message below
        }
        throw new GateInputException(what + ": '" + value + "' is not a non-negative fraction or percentage "
                + "(e.g. 0.05 or 5%)");
    }
}
