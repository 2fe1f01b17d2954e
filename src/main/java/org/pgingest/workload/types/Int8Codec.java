package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** bigint (int8): Java {@link Long}; binary form eight bytes big-endian. */
public final class Int8Codec implements TypeCodec {
    public static final Int8Codec INSTANCE = new Int8Codec();

    private Int8Codec() {
    }

    @Override
    public String sqlType() {
        return "bigint";
    }

    @Override
    public Class<?> javaType() {
        return Long.class;
    }

    @Override
    public Object checked(Object value) {
        return Codecs.requireType(this, value);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setLong(index, (Long) value);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.BIGINT);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((long) (Long) value);
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return Optional.empty();
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(8);
        out.writeLong((Long) value);
    }

    @Override
    public String castType() {
        return sqlType();
    }

    @Override
    public Object generate(SplittableRandom random) {
        return random.nextLong(0, 1_000_000_000_000L);
    }

    @Override
    public Optional<Object> distinct(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("distinct value numbers start at 0, was " + n);
        }
        return Optional.of(n);
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L);
    }
}
