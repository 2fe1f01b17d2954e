package org.pgingest.workload;

import org.pgingest.workload.types.CheckExpressions;
import org.pgingest.workload.types.TypeCodec;
import org.pgingest.workload.types.ValueRejectedException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A user's text of a value ({@code --rows}, {@code --sample}) as the loaders carry it. The codec's reading is taken
 * only for a text that is its own form of the value it read (what its text loaders would send); any other text is
 * read by the server's input function ({@code SELECT $1::type::text}), whose output the codec then reads. PostgreSQL's
 * input functions take far more than their output (ISO 8601 intervals, zone names, {@code epoch}, {@code allballs},
 * {@code x}-prefixed bit strings, ...) and refuse what a Java parser takes ({@code 1e400} as a float8, a uuid with a
 * space around it, a control character before a number, an offset of +16 hours), so a text the codec would read
 * differently never reaches it unread. A text the server refuses is refused with the server's own SQLSTATE and
 * message; a text the server stores but the codec cannot hold even in the server's output form is named as the
 * suite's limit, never in the server's words.
 */
public final class ServerReading {
    /** feature_not_supported: the suite's own limit, not a value the server refused. */
    static final String SUITE_LIMIT = "0A000";

    private ServerReading() {
    }

    /** The checked value of {@code text} (never null) for {@code column}, read as described above. */
    public static Object value(Connection connection, Column column, String text) throws SQLException {
        TypeCodec codec = column.codec();
        Optional<Object> own = ownForm(codec, text);
        if (own.isPresent()) {
            return own.get();
        }
        String serverText = serverText(connection, codec.castType(), text);
        try {
            return codec.checked(codec.parse(serverText));
        } catch (ValueRejectedException stillRefused) {
            if (!stillRefused.sqlState().equals(ValueRejectedException.INVALID_TEXT)) {
                throw stillRefused; // a rule of the codec's own, e.g. a value the server would round out of range
            }
            throw suiteLimit(column, text, serverText, stillRefused);
        } catch (RuntimeException stillUnread) {
            throw suiteLimit(column, text, serverText, stillUnread);
        }
    }

    /**
     * The codec's checked value of {@code text} when the text is exactly the codec's own form of it; else empty, and
     * the server reads it. A value the codec's rules refuse (too long for varchar(n)) goes to the server too, whose
     * output the same rules then refuse: read as {@link TypeCodec#castType}, which never truncates or pads as an
     * explicit cast to bit(n) or char(n) would where assignment refuses.
     */
    private static Optional<Object> ownForm(TypeCodec codec, String text) {
        try {
            Object checked = codec.checked(codec.parse(text));
            return codec.text(checked).equals(text) ? Optional.of(checked) : Optional.empty();
        } catch (RuntimeException unread) {
            // parse's contract is ValueRejectedException, but a java.time or number parser beneath may throw its own
            return Optional.empty();
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
