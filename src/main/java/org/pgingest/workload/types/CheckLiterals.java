package org.pgingest.workload.types;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The string and number constants of a CHECK or partition bound as {@code pg_get_constraintdef} prints them: values
 * the constraint names ({@code VALUE IN ('red', 'blue')}, {@code price BETWEEN 0 AND 100}), offered to the server as
 * candidates beside generated ones, since random values rarely hit a list or a narrow range.
 */
public final class CheckLiterals {
    private static final Pattern LITERAL = Pattern.compile("'((?:[^']|'')*)'|(?<![\\w.])(-?\\d+(?:\\.\\d+)?)(?![\\w.])");

    private CheckLiterals() {
    }

    /** Each constant's text: a string literal unquoted, a number as written. */
    public static List<String> of(String expression) {
        List<String> literals = new ArrayList<>();
        Matcher m = LITERAL.matcher(expression);
        while (m.find()) {
            literals.add(m.group(1) != null ? m.group(1).replace("''", "'") : m.group(2));
        }
        return literals;
    }
}
