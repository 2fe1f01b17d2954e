package org.pgingest.workload.types;


import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * text, varchar and varchar(n): Java String of Unicode scalar values without U+0000; binary the UTF-8 bytes
 * (textsend; the server encoding is UTF8 wherever this suite runs). varchar(n) counts characters (code points in
 * UTF8), not bytes; a longer value is rejected unless the excess is all spaces, which the server cuts off
 * (varchar_input), and so does {@link #checked}.
 */
final class TextCodec extends TextValuedCodec {
    /** Characters allowed, or -1 for no limit. */
    private final int maxLength;
    private final String castType;

    private TextCodec(String sqlType, int maxLength, String castType) {
        super(sqlType);
        this.maxLength = maxLength;
        this.castType = castType;
    }

    static TextCodec text(String sqlType) {
        return new TextCodec(sqlType, -1, sqlType);
    }

    /**
     * varchar with a typmod of n + 4 (VARHDRSZ), or -1 without a limit. Cast to plain varchar: an explicit cast to
     * varchar(n) silently cuts a longer value, where assignment to the column rejects it.
     */
    static TextCodec varchar(String sqlType, int typmod) {
        return new TextCodec(sqlType, typmod < 0 ? -1 : typmod - 4, "character varying");
    }

    @Override
    public String castType() {
        return castType;
    }

    @Override
    Object checkedValue(Object value) {
        String s = Texts.checkScalarValues((String) value);
        return maxLength < 0 ? s : cutSpaces(s, maxLength, sqlType());
    }

    /**
     * The string within {@code max} characters: as it is, cut when only spaces are beyond the limit (as varchar and
     * char input do), else rejected.
     */
    static String cutSpaces(String s, int max, String sqlType) {
        if (s.length() <= max || Texts.codePoints(s) <= max) {
            return s;
        }
        String kept = Texts.firstCodePoints(s, max);
        for (int i = kept.length(); i < s.length(); i++) {
            if (s.charAt(i) != ' ') {
                throw new ValueRejectedException(ValueRejectedException.TOO_LONG, "value too long for type " + sqlType
                        + ": " + Texts.codePoints(s) + " characters");
            }
        }
        return kept;
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.VARCHAR);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setString(index, (String) value);
    }

    @Override
    public Object generate(SplittableRandom random) {
        return Texts.words(random, maxLength < 0 ? 200 : maxLength);
    }

    /** The decimal digits of n, while they fit the limit. */
    @Override
    public Optional<Object> distinct(long n) {
        String s = Long.toString(n);
        return maxLength < 0 || s.length() <= maxLength ? Optional.of(s) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        if (maxLength < 0) {
            List<Object> values = new ArrayList<>(Texts.HOSTILE);
            values.add("long \u00e9\uD83D\uDE00 text ".repeat(400)); // stored compressed or out of line (TOAST)
            return values;
        }
        List<Object> values = Texts.hostileUpTo(maxLength);
        values.add("\uD83D\uDE00".repeat(maxLength)); // n characters of 4 bytes each: the limit counts characters
        values.add("x".repeat(maxLength) + "   "); // spaces beyond the limit: cut, not rejected
        return values;
    }
}
