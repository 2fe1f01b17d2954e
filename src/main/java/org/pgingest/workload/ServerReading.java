package org.pgingest.workload;

import org.pgingest.workload.types.CheckExpressions;
import org.pgingest.workload.types.TypeCodec;
import org.pgingest.workload.types.ValueRejectedException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
    /** What the driver reads a byte sequence that is not UTF-8 as. */
    private static final char REPLACEMENT = '\uFFFD';
    /** Texts the server reads in one statement ({@link #values}). */
    private static final int PER_STATEMENT = 1000;

    private ServerReading() {
    }

    /** The checked value of {@code text} (never null) for {@code column}, read as described above. */
    public static Object value(Connection connection, Column column, String text) throws SQLException {
        TypeCodec codec = column.codec();
        Optional<Object> own = ownForm(codec, text);
        if (own.isPresent()) {
            return own.get();
        }
        return fromServer(column, text, serverText(connection, codec.castType(), text));
    }

    /** The checked value of the server's output {@code serverText} of a user's {@code text}. */
    private static Object fromServer(Column column, String text, String serverText) {
        TypeCodec codec = column.codec();
        if (serverText.indexOf(REPLACEMENT) >= 0 && text.indexOf(REPLACEMENT) < 0) {
            // bytes of the server's output that are not UTF-8 (PostgreSQL 14 prints a "char" of a byte above 127,
            // in an array too, as that byte), which the driver decoded as U+FFFD: carried on, they would be stored so
            throw suiteLimit(column, text, serverText, new IllegalArgumentException("the server's text of it is not "
                    + "UTF-8"));
        }
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
     * The checked values of {@code texts} (null for null) for {@code column}, each read as {@link #value} reads it; the
     * texts the server must read are sent to it in one statement per {@value #PER_STATEMENT}, not one each.
     *
     * @throws RejectedAt naming the first text refused, with its index
     */
    public static List<Object> values(Connection connection, Column column, List<String> texts)
            throws SQLException, RejectedAt {
        TypeCodec codec = column.codec();
        List<Object> values = new ArrayList<>(Collections.nCopies(texts.size(), null));
        List<Integer> unread = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            if (texts.get(i) != null) {
                Optional<Object> own = ownForm(codec, texts.get(i));
                if (own.isPresent()) {
                    values.set(i, own.get());
                } else {
                    unread.add(i);
                }
            }
        }
        for (int from = 0; from < unread.size(); from += PER_STATEMENT) {
            List<Integer> chunk = unread.subList(from, Math.min(unread.size(), from + PER_STATEMENT));
            Optional<List<String>> read = serverTexts(connection, codec.castType(), chunk.stream().map(texts::get).toList());
            for (int k = 0; k < chunk.size(); k++) {
                int i = chunk.get(k);
                try {
                    // a chunk the server refused: each of its texts alone, for the refused one's own message
                    values.set(i, read.isPresent() ? fromServer(column, texts.get(i), read.get().get(k))
                            : value(connection, column, texts.get(i)));
                } catch (ValueRejectedException e) {
                    throw new RejectedAt(i, e);
                }
            }
        }
        return values;
    }

    /** A text of {@link #values} refused: its index among them, and the refusal. */
    public static final class RejectedAt extends Exception {
        private static final long serialVersionUID = 1L;
        private final int index;

        RejectedAt(int index, ValueRejectedException refusal) {
            super(refusal.getMessage(), refusal);
            this.index = index;
        }

        public int index() {
            return index;
        }

        public ValueRejectedException refusal() {
            return (ValueRejectedException) getCause();
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
        return new ValueRejectedException(ValueRejectedException.SUITE_LIMIT, "'" + abbreviated(text) + "' is a " + column.codec().sqlType()
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
            if (!aboutTheValue(e)) {
                throw e;
            }
            throw new ValueRejectedException(e.getSQLState(), firstLine(e.getMessage()));
        }
    }

    /**
     * The server's text outputs of {@code texts} read as {@code sqlType}, in their order, in one statement; empty when
     * the server refused one of them (data or CHECK, classes 22 and 23), which {@link #serverText} then names.
     */
    private static Optional<List<String>> serverTexts(Connection connection, String sqlType, List<String> texts)
            throws SQLException {
        try {
            return Optional.of(CheckExpressions.readOnly(connection, () -> {
                try (PreparedStatement ps = connection.prepareStatement("SELECT u.t::" + sqlType + "::text FROM "
                        + "unnest(?::text[]) WITH ORDINALITY AS u(t, n) ORDER BY u.n")) {
                    ps.setArray(1, connection.createArrayOf("text", texts.toArray()));
                    List<String> out = new ArrayList<>(texts.size());
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.add(rs.getString(1));
                        }
                    }
                    return out;
                }
            }));
        } catch (SQLException e) {
            if (!aboutTheValue(e)) {
                throw e;
            }
            return Optional.empty();
        }
    }

    /**
     * Whether the server's error in reading a text is about the text: classes 22 (data exception) and 23 (a domain's
     * CHECK or NOT NULL), a syntax error (42601: tsvector's and tsquery's input, 'a:0') and a program limit (class 54:
     * an array of more than 6 dimensions, or bounds past int4); not a broken connection or a missing type.
     */
    private static boolean aboutTheValue(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("22") || state.startsWith("23") || state.equals("42601")
                || state.startsWith("54"));
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static String abbreviated(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
