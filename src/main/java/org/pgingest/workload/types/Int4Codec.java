package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** integer: Java Integer; binary int32 (int4send). */
final class Int4Codec extends ScalarCodec {
    Int4Codec(String sqlType) {
        super(sqlType, Integer.class);
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
}
