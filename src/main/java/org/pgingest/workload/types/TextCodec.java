package org.pgingest.workload.types;

import org.pgingest.workload.HostileValues;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * text, and character varying with or without a length: Java {@link String} of Unicode scalar values without
 * U+0000 ({@link #checked}). The server checks a varchar's length in characters on assignment, and cuts spaces
 * beyond it; an explicit cast to varchar(n) would cut anything beyond it silently, so values are cast to plain
 * varchar ({@link #castType}) and the column's own assignment judges the length.
 */
public final class TextCodec implements TypeCodec {
    public static final TextCodec TEXT = new TextCodec("text", "text", 0);

    /** Words typical text is made of: ASCII and two- and three-byte UTF-8. */
    private static final String[] WORDS = {"order", "shipped", "customer", "payment", "refund", "pending", "new",
            "account", "invoice", "delivery", "müller", "café", "straße", "東京", "数据", "review", "priority",
            "warehouse", "north", "south", "returned", "note", "call", "back", "today"};

    private final String sqlType;
    private final String castType;
    /** The most characters a value may hold; 0 for no limit. */
    private final int maxLength;

    private TextCodec(String sqlType, String castType, int maxLength) {
        this.sqlType = sqlType;
        this.castType = castType;
        this.maxLength = maxLength;
    }

    /** character varying(n); n = 0 for character varying without a length. */
    public static TextCodec varchar(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("a varchar length is 1 or more (0: none), was " + n);
        }
        return new TextCodec(n == 0 ? "character varying" : "character varying(" + n + ")", "character varying", n);
    }

    @Override
    public String sqlType() {
        return sqlType;
    }

    @Override
    public Class<?> javaType() {
        return String.class;
    }

    @Override
    public Object checked(Object value) {
        return Codecs.requireText(this, value);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setString(index, (String) value);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.VARCHAR);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((String) value);
    }

    @Override
    public String text(Object value) {
        return (String) value;
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return Optional.empty();
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeLengthPrefixedUtf8((String) value);
    }

    @Override
    public String castType() {
        return castType;
    }

    /** One to eight words, within the length limit. */
    @Override
    public Object generate(SplittableRandom random) {
        int words = random.nextInt(1, 9);
        StringBuilder sb = new StringBuilder(words * 9);
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return fit(sb.toString());
    }

    /** "k" and the number in base 36: short, ASCII, distinct. */
    @Override
    public Optional<Object> distinct(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("distinct value numbers start at 0, was " + n);
        }
        String key = "k" + Long.toString(n, 36);
        if (maxLength > 0 && key.length() > maxLength) {
            throw new IllegalArgumentException(sqlType + " cannot hold distinct key number " + n + " (" + key + ")");
        }
        return Optional.of(key);
    }

    /** The hostile text, each cut to the length limit (by code point). */
    @Override
    public List<Object> hostileValues() {
        List<Object> values = new ArrayList<>();
        for (String s : HostileValues.TEXT) {
            values.add(fit(s));
        }
        return values;
    }

    private String fit(String s) {
        if (maxLength == 0 || s.codePointCount(0, s.length()) <= maxLength) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, maxLength));
    }
}
