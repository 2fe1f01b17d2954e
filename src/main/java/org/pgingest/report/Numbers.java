package org.pgingest.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * How the report and the ranked table write numbers: significant digits with thousands separators, never an exponent
 * for the magnitudes a run produces, so a figure reads the same on the terminal, in Markdown and under a chart.
 */
final class Numbers {
    private Numbers() {
    }

    /** {@code digits} significant digits, grouped: 97,970 and 0.00203 for 4 and 3 digits; "–" for no figure. */
    static String significant(double v, int digits) {
        if (!Double.isFinite(v)) {
            return "–";
        }
        if (v == 0) {
            return "0";
        }
        BigDecimal rounded = new BigDecimal(v).round(new MathContext(digits, RoundingMode.HALF_EVEN));
        DecimalFormat grouped = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        grouped.setMaximumFractionDigits(Math.max(0, rounded.stripTrailingZeros().scale()));
        return grouped.format(rounded);
    }

    /** An interval as a share of its figure: "± 12 %", "± 5.3 %"; "–" where there is none. */
    static String relative(double error, double value) {
        if (!Double.isFinite(error) || !Double.isFinite(value) || value == 0) {
            return "–";
        }
        return "± " + significant(Math.abs(error / value) * 100, 2) + " %";
    }

    /**
     * A figure with its interval, both at the interval's precision (two significant digits of the error): "10.4 ± 1.7";
     * the figure alone, to {@code digits} significant digits, where there is no interval.
     */
    static String withError(double value, double error, int digits) {
        if (!Double.isFinite(value)) {
            return "–";
        }
        if (!Double.isFinite(error) || error <= 0) {
            return significant(value, digits);
        }
        BigDecimal e = new BigDecimal(error).round(new MathContext(2, RoundingMode.HALF_EVEN));
        int scale = Math.max(0, e.scale());
        BigDecimal v = new BigDecimal(value).setScale(e.scale(), RoundingMode.HALF_EVEN);
        DecimalFormat grouped = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        grouped.setMinimumFractionDigits(scale);
        grouped.setMaximumFractionDigits(scale);
        return grouped.format(v) + " ± " + grouped.format(e);
    }
}
