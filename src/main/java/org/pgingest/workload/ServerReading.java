package org.pgingest.workload;

import org.pgingest.workload.types.CheckExpressions;
import org.pgingest.workload.types.ValueRejectedException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A user's text of a value ({@code --rows}, {@code --sample}) as the loaders carry it. The codec reads the forms it
 * knows (the server's own output among them); any other text is read by the server's input function for the column's
 * type ({@code SELECT $1::type::text}), whose output the codec then reads. PostgreSQL's input functions take far more
 * than their output: ISO 8601 intervals, zone names, {@code epoch}, {@code now}, {@code allballs}, ... A text the
 * server refuses is refused with the server's own SQLSTATE and message; a text the server stores but the codec cannot
 * hold even in the server's output form is named as the suite's limit, never in the server's words.
 */
public final class ServerReading {
    /** feature_not_supported: the suite's own limit, not a value the server refused. */
    static final String SUITE_LIMIT = "0A000";

    private ServerReading() {
    }

    /** The checked value of {@code text} (never null) for {@code column}, read as described above. */
    public static Object value(Connection connection, Column column, String text) throws SQLException {
        Object parsed;
        try {
            parsed = column.codec().parse(text);
        } catch (RuntimeException unread) {
            // parse's contract is ValueRejectedException, but a java.time or number parser beneath may throw its own
            parsed = null;
        }
        if (parsed != null) {
            // Read as written: the codec's check applies the type's rules as the server does on assignment (too long
            // for varchar(n) is refused, never cut as the explicit cast below would cut it).
            return column.codec().checked(parsed);
        }
        String serverText = serverText(connection, column.codec().sqlType(), text);
        try {
            return column.codec().checked(column.codec().parse(serverText));
        } catch (ValueRejectedException stillRefused) {
            if (!stillRefused.sqlState().equals(ValueRejectedException.INVALID_TEXT)) {
                throw stillRefused; // a rule of the codec's own, e.g. a value the server would round out of range
            }
            throw suiteLimit(column, text, serverText, stillRefused);
        } catch (RuntimeException stillUnread) {
            throw suiteLimit(column, text, serverText, stillUnread);
        }
    }

    private static ValueRejectedException suiteLimit(Column column, String text, String serverText, RuntimeException why) {
        return new ValueRejectedException(SUITE_LIMIT, "'" + abbreviated(text) + "' is a " + column.codec().sqlType()
                + " value PostgreSQL stores (as '" + abbreviated(serverText) + "'), but the suite cannot carry it, a limit"
                + " of the suite, not of PostgreSQL: " + why.getMessage());
    }

    /**
     * The server's text output of {@code text} read as {@code sqlType}, or a {@link ValueRejectedException} with the
     * server's SQLSTATE and message. Read in a read-only scope ({@link CheckExpressions#readOnly}): a domain's CHECK
     * may call a function that writes, and the scope keeps a caller's open transaction usable after a refusal.
     */
    private static String serverText(Connection connection, String sqlType, String text) throws SQLException {
        try {
            return CheckExpressions.readOnly(connection, () -> {
                try (PreparedStatement ps = connection.prepareStatement("SELECT ?::" + sqlType + "::text")) {
                    ps.setString(1, text);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        return rs.getString(1);
                    }
                }
            });
        } catch (SQLException e) {
            // classes 22 (data exception) and 23 (a domain's CHECK or NOT NULL) are about the value; anything else
            // (a broken connection, a missing type) is not
            if (e.getSQLState() == null || !(e.getSQLState().startsWith("22") || e.getSQLState().startsWith("23"))) {
                throw e;
            }
            throw new ValueRejectedException(e.getSQLState(), firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static String abbreviated(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
