package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** bigint: Java Long; binary int64 (int8send). */
final class Int8Codec extends BaseCodec implements OrderedCodec {
    Int8Codec(String sqlType) {
        super(sqlType, Long.class);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.BIGINT);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setLong(index, (Long) value);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((long) (Long) value);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(8);
        out.writeLong((Long) value);
    }

    @Override
    public Object parse(String text) {
        try {
            return Long.valueOf(text.trim());
        } catch (NumberFormatException e) {
            throw notText(text);
        }
    }

    @Override
    public Object generate(SplittableRandom random) {
        return random.nextLong();
    }

    @Override
    public Optional<Object> distinct(long n) {
        return Integers.nth(n, Long.MIN_VALUE, Long.MAX_VALUE).map(v -> (Object) v);
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L);
    }

    @Override
    public int compare(Object a, Object b) {
        return Long.compare((Long) a, (Long) b);
    }

    /** int8range_canonical adds one with int8pl, which refuses to pass the largest int8. */
    @Override
    public Object next(Object v) {
        long i = (Long) v;
        if (i == Long.MAX_VALUE) {
            throw new ValueRejectedException(ValueRejectedException.NUMERIC_OUT_OF_RANGE, "bigint out of range: "
                    + "a range bound after " + i);
        }
        return i + 1;
    }
}
