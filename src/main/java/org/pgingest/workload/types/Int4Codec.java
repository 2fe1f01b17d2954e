package org.pgingest.workload.types;

import org.pgingest.workload.HostileValues;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** integer (int4): Java {@link Integer}; binary form four bytes big-endian. */
public final class Int4Codec implements TypeCodec {
    public static final Int4Codec INSTANCE = new Int4Codec();

    private Int4Codec() {
    }

    @Override
    public String sqlType() {
        return "integer";
    }

    @Override
    public Class<?> javaType() {
        return Integer.class;
    }

    @Override
    public Object checked(Object value) {
        return Codecs.requireType(this, value);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setInt(index, (Integer) value);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.INTEGER);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((int) (Integer) value);
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return Optional.empty();
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(4);
        out.writeInt((Integer) value);
    }

    @Override
    public String castType() {
        return sqlType();
    }

    @Override
    public Object generate(SplittableRandom random) {
        return random.nextInt(0, 1_000_000);
    }

    /** 0, 1, ... up to 2^31 - 1, then the negatives from -1 down: 2^32 keys in all. */
    @Override
    public Optional<Object> distinct(long n) {
        if (n < 0 || n >= 1L << 32) {
            throw new IllegalArgumentException("integer holds 2^32 distinct values; asked for number " + n);
        }
        return Optional.of(n <= Integer.MAX_VALUE ? (int) n : (int) (Integer.MAX_VALUE - n));
    }

    @Override
    public List<Object> hostileValues() {
        return List.copyOf(HostileValues.INTS);
    }
}
