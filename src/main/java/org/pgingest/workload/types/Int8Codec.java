package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** bigint: Java Long; binary int64 (int8send). */
final class Int8Codec extends ScalarCodec {
    Int8Codec(String sqlType) {
        super(sqlType, Long.class);
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
}
