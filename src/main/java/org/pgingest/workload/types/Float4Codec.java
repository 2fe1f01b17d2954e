package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * real: Java Float; binary the IEEE 754 bits (float4send). Every float is storable, NaN, ±Infinity, -0 and
 * subnormals included (float4in reads subnormals since PostgreSQL 12).
 */
final class Float4Codec extends BaseCodec implements OrderedCodec {
    Float4Codec(String sqlType) {
        super(sqlType, Float.class);
    }

    /** pgjdbc binds a float as binary float4 (its text fallback would be a float8 literal). */
    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.REAL);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setFloat(index, (Float) value);
    }

    /** Java's round-trip form for a float; float4in (strtof) reads it back to the same float. */
    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((float) (Float) value);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(4);
        out.writeInt(Float.floatToRawIntBits((Float) value));
    }

    /** float4out's forms ("NaN", "Infinity", "-Infinity", "1e-45") and float4in's spellings of the specials. */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        String special = Floats.special(t);
        if (special == null && !Floats.isDecimal(t)) {
            throw notText(text);
        }
        try {
            return Float.valueOf(special != null ? special : t);
        } catch (NumberFormatException e) {
            throw notText(text);
        }
    }

    /** Like an embedding's components: mostly within ±1. */
    @Override
    public Object generate(SplittableRandom random) {
        return (float) (random.nextDouble() * 2 - 1);
    }

    /** 0, 1, 2, ... while floats hold every integer (2^24), then empty. */
    @Override
    public Optional<Object> distinct(long n) {
        return n <= 1L << 24 ? Optional.of((float) n) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, Float.MIN_VALUE,
                Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, 0.1f, 16777216f);
    }

    /** float4's btree order: NaN above every other value, -0 equal to 0. */
    @Override
    public int compare(Object a, Object b) {
        float x = (Float) a;
        float y = (Float) b;
        return Float.isNaN(x) || Float.isNaN(y) ? Boolean.compare(Float.isNaN(x), Float.isNaN(y))
                : Float.compare(x == 0 ? 0.0f : x, y == 0 ? 0.0f : y);
    }
}
