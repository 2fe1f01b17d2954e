package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** boolean: Java Boolean; binary one byte, 0 or 1 (boolsend). Two distinct values only. */
final class BoolCodec extends BaseCodec {
    BoolCodec(String sqlType) {
        super(sqlType, Boolean.class);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.BOOLEAN);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setBoolean(index, (Boolean) value);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((Boolean) value ? "true" : "false");
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(1);
        out.writeByte((Boolean) value ? 1 : 0);
    }

    /** boolin's words: t/f, true/false, yes/no, on/off, 1/0, any case, blanks around. */
    @Override
    public Object parse(String text) {
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "t", "true", "y", "yes", "on", "1" -> Boolean.TRUE;
            case "f", "false", "n", "no", "off", "0" -> Boolean.FALSE;
            default -> throw notText(text);
        };
    }

    @Override
    public Object generate(SplittableRandom random) {
        return random.nextBoolean();
    }

    @Override
    public Optional<Object> distinct(long n) {
        return n < 2 ? Optional.of(n == 1) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(true, false);
    }
}
