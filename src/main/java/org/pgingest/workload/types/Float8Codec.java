package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * double precision: Java Double; binary the IEEE 754 bits, big-endian (float8send). Every double is storable,
 * NaN and ±Infinity included; PostgreSQL keeps -0 (its output is "-0").
 */
final class Float8Codec extends BaseCodec implements OrderedCodec {
    Float8Codec(String sqlType) {
        super(sqlType, Double.class);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.DOUBLE);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setDouble(index, (Double) value);
    }

    /**
     * Java's shortest round-trip form; float8in (strtod) reads it back to the same double, and reads "NaN",
     * "Infinity" and "-Infinity" as such.
     */
    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((double) (Double) value);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(8);
        out.writeLong(Double.doubleToRawLongBits((Double) value));
    }

    /** float8out's forms ("NaN", "Infinity", "-Infinity", "1e-45") and float8in's spellings of the specials. */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        String special = Floats.special(t);
        if (special == null && !Floats.isDecimal(t)) {
            throw notText(text);
        }
        try {
            return Double.valueOf(special != null ? special : t);
        } catch (NumberFormatException e) {
            throw notText(text);
        }
    }

    /** Magnitudes spread over many decades, as measurements are, with either sign. */
    @Override
    public Object generate(SplittableRandom random) {
        return (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-6, 10));
    }

    /** 0, 1, 2, ... while doubles hold every integer (2^53), then empty. */
    @Override
    public Optional<Object> distinct(long n) {
        return n <= 1L << 53 ? Optional.of((double) n) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE,
                Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 0.1, 1e-300, 123456789.125);
    }

    /** float8's btree order: NaN above every other value, -0 equal to 0. */
    @Override
    public int compare(Object a, Object b) {
        double x = (Double) a;
        double y = (Double) b;
        return Double.isNaN(x) || Double.isNaN(y) ? Boolean.compare(Double.isNaN(x), Double.isNaN(y))
                : Double.compare(x == 0 ? 0.0 : x, y == 0 ? 0.0 : y);
    }
}
