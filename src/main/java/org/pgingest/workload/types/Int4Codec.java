package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** integer: Java Integer; binary int32 (int4send). */
final class Int4Codec extends BaseCodec implements OrderedCodec {
    Int4Codec(String sqlType) {
        super(sqlType, Integer.class);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.INTEGER);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setInt(index, (Integer) value);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((int) (Integer) value);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(4);
        out.writeInt((Integer) value);
    }

    @Override
    public Object parse(String text) {
        try {
            return Integer.valueOf(text.trim());
        } catch (NumberFormatException e) {
            throw notText(text);
        }
    }

    @Override
    public Object generate(SplittableRandom random) {
        return random.nextInt();
    }

    @Override
    public Optional<Object> distinct(long n) {
        return Integers.nth(n, Integer.MIN_VALUE, Integer.MAX_VALUE).map(v -> (Object) v.intValue());
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1);
    }

    @Override
    public int compare(Object a, Object b) {
        return Integer.compare((Integer) a, (Integer) b);
    }

    /** int4range_canonical adds one with int4pl, which refuses to pass the largest int4. */
    @Override
    public Object next(Object v) {
        int i = (Integer) v;
        if (i == Integer.MAX_VALUE) {
            throw new ValueRejectedException(ValueRejectedException.NUMERIC_OUT_OF_RANGE, "integer out of range: "
                    + "a range bound after " + i);
        }
        return i + 1;
    }
}
