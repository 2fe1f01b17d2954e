package org.pgingest.workload.types;

import java.util.Locale;
import java.util.regex.Pattern;

/** The spellings of float specials float4in and float8in read, as Java's parsers spell them. */
final class Floats {
    /** A decimal number as float8in reads it (Java's parsers would also read "1f", "0x1p3"). */
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    private Floats() {
    }

    static boolean isDecimal(String text) {
        return DECIMAL.matcher(text).matches();
    }

    /** "NaN", "Infinity" or "-Infinity" for any spelling PostgreSQL reads (nan, inf, +infinity, ...); else null. */
    static String special(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "nan" -> "NaN";
            case "infinity", "+infinity", "inf", "+inf" -> "Infinity";
            case "-infinity", "-inf" -> "-Infinity";
            default -> null;
        };
    }
}
