package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** smallint: Java Short; binary int16 (int2send). 65,536 distinct values. */
final class Int2Codec extends BaseCodec implements OrderedCodec {
    Int2Codec(String sqlType) {
        super(sqlType, Short.class);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.SMALLINT);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setShort(index, (Short) value);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((short) (Short) value);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(2);
        out.writeShort((Short) value);
    }

    @Override
    public Object parse(String text) {
        try {
            return Short.valueOf(text.trim());
        } catch (NumberFormatException e) {
            throw notText(text);
        }
    }

    @Override
    public Object generate(SplittableRandom random) {
        return (short) random.nextInt(Short.MIN_VALUE, Short.MAX_VALUE + 1);
    }

    @Override
    public Optional<Object> distinct(long n) {
        return Integers.nth(n, Short.MIN_VALUE, Short.MAX_VALUE).map(v -> (Object) v.shortValue());
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(Short.MIN_VALUE, Short.MAX_VALUE, (short) 0, (short) -1);
    }

    @Override
    public int compare(Object a, Object b) {
        return Short.compare((Short) a, (Short) b);
    }
}
