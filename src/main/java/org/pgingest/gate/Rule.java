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
    /**
     * Characters that are wildcards or classes in regular expressions or shell globs. Here they would match
     * themselves only, so a pattern written as a regex ('[wal]*', 'wal.(bytes|records)/row') would silently match
     * nothing: refused instead.
     */
    private static final String NOT_WILDCARDS = "[]?{}()|+^$\\";

    boolean matches(String metricName) {
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
     * {@code score=0.15}, {@code plan.time/op=20%,0.01}) or {@code PATTERN=ignore}. The pattern's only wildcard is
     * {@code *}; characters that would be wildcards elsewhere are refused.
     */
    public static Rule parse(String text) {
        int eq = text.lastIndexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new GateInputException("rule '" + text + "' is not PATTERN=PERCENT[,FLOOR] or PATTERN=ignore "
                    + "(e.g. 'wal.fsyncs/*=10%', 'plan.time/op=20%,0.01', 'gc.*=ignore')");
        }
        String pattern = text.substring(0, eq);
        for (char ch : pattern.toCharArray()) {
            if (NOT_WILDCARDS.indexOf(ch) >= 0) {
                throw new GateInputException("rule '" + text + "': '" + ch + "' in the pattern is no wildcard here; "
                        + "only * is, matching any characters (e.g. 'wal.*=10%', 'wal.fsyncs/*=15%')");
            }
        }
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

    /**
     * "10%" or "0.1" as 0.1; one line naming {@code what} when it is neither. A bare number above 1 is refused:
     * "5" would mean 500 %, and whoever writes it almost always means 5 %.
     */
    public static double fraction(String value, String what) {
        String v = value.trim();
        boolean percent = v.endsWith("%");
        double f;
        try {
            f = percent ? Double.parseDouble(v.substring(0, v.length() - 1)) / 100 : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            f = Double.NaN;
        }
        if (!(f >= 0) || !Double.isFinite(f)) {
            throw new GateInputException(what + ": '" + value + "' is not a non-negative fraction or percentage "
                    + "(e.g. 0.05 or 5%)");
        }
        if (!percent && f > 1) {
            throw new GateInputException(what + ": '" + value + "' is a bare number above 1, which would mean "
                    + Format.percent(f) + "; write " + v + "% for " + v + " percent, or a fraction such as 0.05");
        }
        return f;
    }
}
