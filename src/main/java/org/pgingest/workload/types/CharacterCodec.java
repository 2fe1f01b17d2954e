package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * character(n) (bpchar): Java String; binary the UTF-8 bytes (bpcharsend). The server pads a shorter value with
 * spaces to n characters and cuts spaces beyond n (bpchar_input, for text and binary input alike), and so does
 * {@link #checked}: the checked value is the stored one. Trailing spaces are insignificant to the type, and its
 * cast to text drops them. Unconstrained bpchar (typmod -1) stores the string as it is.
 */
final class CharacterCodec extends TextValuedCodec {
    /** Characters, or -1 for unconstrained bpchar. */
    private final int length;

    CharacterCodec(String sqlType, int typmod) {
        super(sqlType);
        this.length = typmod < 0 ? -1 : typmod - 4;
    }

    /** An explicit cast to character(n) cuts or pads silently, where assignment to the column rejects. */
    @Override
    public String castType() {
        return "bpchar";
    }

    @Override
    Object checkedValue(Object value) {
        String s = Texts.checkScalarValues((String) value);
        if (length < 0) {
            return s;
        }
        String cut = TextCodec.cutSpaces(s, length, sqlType());
        int missing = length - Texts.codePoints(cut);
        return missing == 0 ? cut : cut + " ".repeat(missing);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.VARCHAR);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setString(index, (String) value);
    }

    /** Codes of letters and digits, as char columns usually hold (country, currency, status codes). */
    @Override
    public Object generate(SplittableRandom random) {
        int n = length < 0 ? random.nextInt(1, 12) : length;
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append(CODE_CHARS.charAt(random.nextInt(CODE_CHARS.length())));
        }
        return checkedValue(out.toString());
    }

    private static final String CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    /** The decimal digits of n, padded, while they fit. */
    @Override
    public Optional<Object> distinct(long n) {
        String s = Long.toString(n);
        return length < 0 || s.length() <= length ? Optional.of(checkedValue(s)) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        int max = length < 0 ? 64 : length;
        List<Object> values = Texts.hostileUpTo(max);
        values.add("\uD83D\uDE00".repeat(max));
        values.add("y".repeat(max) + "  ");
        return values.stream().map(this::checkedValue).distinct().toList();
    }
}
