package org.pgingest.workload.types;

import org.pgingest.workload.HostileValues;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * double precision (float8): Java {@link Double}, NaN, ±Infinity and -0 included. Text form: Java's shortest
 * round-trip digits, which float8in reads back to the same bits; binary form the IEEE bits big-endian.
 */
public final class Float8Codec implements TypeCodec {
    public static final Float8Codec INSTANCE = new Float8Codec();

    private Float8Codec() {
    }

    @Override
    public String sqlType() {
        return "double precision";
    }

    @Override
    public Class<?> javaType() {
        return Double.class;
    }

    @Override
    public Object checked(Object value) {
        return Codecs.requireType(this, value);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setDouble(index, (Double) value);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.DOUBLE);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((double) (Double) value);
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return Optional.empty();
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(8);
        out.writeLong(Double.doubleToRawLongBits((Double) value));
    }

    @Override
    public String castType() {
        return sqlType();
    }

    @Override
    public Object generate(SplittableRandom random) {
        return random.nextDouble(-1000, 1000);
    }

    /** n itself, exact up to 2^53. */
    @Override
    public Optional<Object> distinct(long n) {
        if (n < 0 || n > 1L << 53) {
            throw new IllegalArgumentException("double precision holds integers exactly up to 2^53; asked for number " + n);
        }
        return Optional.of((double) n);
    }

    @Override
    public List<Object> hostileValues() {
        return List.copyOf(HostileValues.DOUBLES);
    }
}
