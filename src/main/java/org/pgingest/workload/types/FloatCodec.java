package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * real and double precision, one family: Java Float or Double; binary the IEEE 754 bits, big-endian (float4send,
 * float8send). Every value is storable, NaN, ±Infinity and -0 included (PostgreSQL keeps -0: its output is "-0");
 * float4in reads subnormals since PostgreSQL 12.
 */
final class FloatCodec extends BaseCodec implements OrderedCodec {
    private final boolean single;

    private FloatCodec(String sqlType, boolean single) {
        super(sqlType, single ? Float.class : Double.class);
        this.single = single;
    }

    static FloatCodec float4(String sqlType) {
        return new FloatCodec(sqlType, true);
    }

    static FloatCodec float8(String sqlType) {
        return new FloatCodec(sqlType, false);
    }

    /** Typed nulls: pgjdbc binds a Float as binary float4 (its text fallback would be a float8 literal), a Double as float8. */
    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, single ? Types.REAL : Types.DOUBLE);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        if (single) {
            statement.setFloat(index, (Float) value);
        } else {
            statement.setDouble(index, (Double) value);
        }
    }

    /**
     * Java's shortest round-trip form ("NaN", "Infinity" for the specials); float4in (strtof) and float8in (strtod)
     * read it back to the same value.
     */
    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append(value);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        if (single) {
            out.writeInt(4);
            out.writeInt(Float.floatToRawIntBits((Float) value));
        } else {
            out.writeInt(8);
            out.writeLong(Double.doubleToRawLongBits((Double) value));
        }
    }

    /** float4out's and float8out's forms ("NaN", "Infinity", "-Infinity", "1e-45") and their inputs' specials. */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        String special = Floats.special(t);
        if (special == null && !Floats.isDecimal(t)) {
            throw notText(text);
        }
        String number = special != null ? special : t;
        try {
            return single ? (Object) Float.valueOf(number) : Double.valueOf(number);
        } catch (NumberFormatException e) {
            throw notText(text);
        }
    }

    /** real like an embedding's components (mostly within ±1); double precision over many decades, either sign. */
    @Override
    public Object generate(SplittableRandom random) {
        return single ? (Object) (float) (random.nextDouble() * 2 - 1)
                : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-6, 10));
    }

    /** 0, 1, 2, ... while the type holds every integer (2^24 for real, 2^53 for double precision), then empty. */
    @Override
    public Optional<Object> distinct(long n) {
        if (n > 1L << (single ? 24 : 53)) {
            return Optional.empty();
        }
        return Optional.of(single ? (Object) (float) n : (double) n);
    }

    @Override
    public List<Object> hostileValues() {
        return single
                ? List.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, Float.MIN_VALUE,
                        Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, 0.1f, 16777216f)
                : List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE,
                        Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 0.1, 1e-300, 123456789.125);
    }

    /** The btree order of both: NaN above every other value, -0 equal to 0 (a float widens to the same double). */
    @Override
    public int compare(Object a, Object b) {
        double x = ((Number) a).doubleValue();
        double y = ((Number) b).doubleValue();
        return Double.isNaN(x) || Double.isNaN(y) ? Boolean.compare(Double.isNaN(x), Double.isNaN(y))
                : Double.compare(x == 0 ? 0.0 : x, y == 0 ? 0.0 : y);
    }
}
