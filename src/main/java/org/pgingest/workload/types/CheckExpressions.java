package org.pgingest.workload.types;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user's CHECK or partition bound, as {@code pg_get_constraintdef} prints it, evaluated by the server on the suite's
 * candidate values: the constants it names, its text made safe for a prepared statement, and a scope in which what it
 * calls can change nothing (a function in a CHECK may write, even as SECURITY DEFINER).
 */
public final class CheckExpressions {
    private static final Pattern LITERAL = Pattern.compile("'((?:[^']|'')*)'|(?<![\\w.])(-?\\d+(?:\\.\\d+)?)(?![\\w.])");

    /** Work on the connection inside the read-only scope. */
    @FunctionalInterface
    public interface Query<T> {
        T run() throws SQLException;
    }

    private CheckExpressions() {
    }

    /**
     * The string and number constants of an expression, each a string literal unquoted or a number as written: values
     * the constraint names ({@code VALUE IN ('red', 'blue')}, {@code price BETWEEN 0 AND 100}), offered to the server
     * as candidates beside generated ones, since random values rarely hit a list or a narrow range.
     */
    public static List<String> literals(String expression) {
        List<String> literals = new ArrayList<>();
        Matcher m = LITERAL.matcher(expression);
        while (m.find()) {
            literals.add(m.group(1) != null ? m.group(1).replace("''", "'") : m.group(2));
        }
        return literals;
    }

    /**
     * Distinct-value numbers to ask the server about, for where a constraint's accepted values start and how far they
     * reach: 0 to 127, then 64 steps per power of two up to 2^63 (one part in 64: timestamps counted from 2000 reach
     * a half-year partition of 2024 near 2^49 microseconds, a year being about 2^45 of them; a gap of a 64th of its
     * magnitude, such as VALUE NOT BETWEEN 300 AND 400, falls on a probe).
     */
    public static List<Long> distinctProbes() {
        List<Long> numbers = new ArrayList<>();
        for (long n = 0; n < 128; n++) {
            numbers.add(n);
        }
        for (int shift = 1; shift <= 56; shift++) {
            for (long m = 64; m < 128; m++) {
                numbers.add(m << shift);
            }
        }
        return numbers;
    }

    /**
     * The expression as text of a prepared statement: pgjdbc (42.x) reads every {@code ?} outside quotes as a
     * parameter, jsonb's {@code ?} operator included, and {@code ??} as one literal {@code ?}. Quoted strings
     * (E'' with backslash escapes too) and identifiers are left as they are: the driver does not look inside them.
     */
    public static String forPreparedStatement(String expression) {
        StringBuilder out = new StringBuilder(expression.length() + 4);
        int i = 0;
        while (i < expression.length()) {
            char c = expression.charAt(i);
            if (c == '\'' || c == '"') {
                boolean backslashes = c == '\'' && i > 0 && (expression.charAt(i - 1) == 'E' || expression.charAt(i - 1) == 'e');
                int end = i + 1;
                while (end < expression.length()) {
                    char d = expression.charAt(end);
                    if (backslashes && d == '\\') {
                        end += 2;
                    } else if (d == c && end + 1 < expression.length() && expression.charAt(end + 1) == c) {
                        end += 2;
                    } else if (d == c) {
                        break;
                    } else {
                        end++;
                    }
                }
                int stop = Math.min(end + 1, expression.length());
                out.append(expression, i, stop);
                i = stop;
            } else {
                out.append(c == '?' ? "??" : String.valueOf(c));
                i++;
            }
        }
        return out.toString();
    }

    /**
     * Which rows pass, asked in the read-only scope: {@code sql} takes one text array per column (unnested WITH
     * ORDINALITY) and returns the 1-based ordinal of each row it keeps.
     */
    public static boolean[] passing(Connection connection, String sql, List<String[]> columns, int rows)
            throws SQLException {
        boolean[] passed = new boolean[rows];
        return readOnly(connection, () -> {
            try (PreparedStatement ps = connection.prepareStatement(sql)) {
                for (int c = 0; c < columns.size(); c++) {
                    ps.setArray(c + 1, connection.createArrayOf("text", columns.get(c)));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        passed[(int) rs.getLong(1) - 1] = true;
                    }
                }
            }
            return passed;
        });
    }

    /**
     * Runs {@code query} in a read-only subtransaction that is then rolled back: whatever a function the expression
     * calls tries to write fails ("cannot execute INSERT in a read-only transaction", also nextval), and the query
     * with it. Outside a transaction one is opened for it and ended; inside one, only the subtransaction is undone.
     * Setting transaction_read_only on is allowed at any point of a transaction, and a rolled-back savepoint restores
     * it (PostgreSQL 14-18).
     */
    public static <T> T readOnly(Connection connection, Query<T> query) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        if (autoCommit) {
            connection.setAutoCommit(false);
        }
        Savepoint savepoint = connection.setSavepoint();
        try {
            try (Statement st = connection.createStatement()) {
                st.execute("SET LOCAL transaction_read_only = on");
            }
            return query.run();
        } finally {
            connection.rollback(savepoint);
            if (autoCommit) {
                connection.rollback();
                connection.setAutoCommit(true);
            } else {
                connection.releaseSavepoint(savepoint);
            }
        }
    }
}
