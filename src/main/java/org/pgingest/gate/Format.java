package org.pgingest.gate;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** Numbers as the gate's tables show them. */
public final class Format {
    private Format() {
    }

    /** Four significant digits, no exponent for everyday magnitudes; "NaN" for missing. */
    public static String number(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "NaN" : (v > 0 ? "∞" : "-∞");
        }
        if (v == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(v).round(new MathContext(4));
        double abs = Math.abs(v);
        return abs >= 1e-4 && abs < 1e9 ? d.stripTrailingZeros().toPlainString() : String.format(Locale.ROOT, "%.3e", v);
    }

    /** A signed change as a percentage, e.g. "+12.3 %", "-0.4 %", "+∞ %" from zero. */
    public static String change(double change) {
        if (Double.isNaN(change)) {
            return "";
        }
        if (Double.isInfinite(change)) {
            return change > 0 ? "from 0 up" : "from 0 down";
        }
        return String.format(Locale.ROOT, "%+.1f %%", change * 100);
    }

    /** A threshold as a percentage, e.g. "5 %", "12.5 %". */
    public static String percent(double fraction) {
        return new BigDecimal(fraction * 100).round(new MathContext(3)).stripTrailingZeros().toPlainString() + " %";
    }

    static String pValue(double p) {
        return p < 1e-4 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
