package org.pgingest.workload.types;

import org.pgingest.workload.HostileValues;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * real[] (float4[], one dimension, no NULL elements): Java {@code float[]}, the form embeddings take (the
 * articles shape's, where pgvector is absent). A typical value is an embedding of {@value #TYPICAL_LENGTH}
 * gaussian floats, as the published write-path experiment used.
 */
public final class Float4ArrayCodec implements TypeCodec {
    public static final Float4ArrayCodec INSTANCE = new Float4ArrayCodec();
    /** Length of a typical value: the articles experiment's embedding. */
    public static final int TYPICAL_LENGTH = 384;
    /** pg_type oid of float4, the element type written in the binary array header. */
    private static final int FLOAT4_OID = 700;

    private Float4ArrayCodec() {
    }

    @Override
    public String sqlType() {
        return "real[]";
    }

    @Override
    public Class<?> javaType() {
        return float[].class;
    }

    @Override
    public Object checked(Object value) {
        return Codecs.requireType(this, value);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        // pgjdbc (42.2.16+) sends a float[] as a binary float4[]
        statement.setObject(index, value);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.ARRAY);
    }

    /** {1.5,NaN,-Infinity,...}: Float.toString is the shortest form float4in reads back to the same bits. */
    @Override
    public void appendText(StringBuilder sb, Object value) {
        float[] v = (float[]) value;
        sb.append('{');
        for (int i = 0; i < v.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(v[i]);
        }
        sb.append('}');
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return Optional.empty();
    }

    /**
     * Binary array: ndim, has-nulls flag, element type oid, then per dimension its length and lower bound, then
     * each element as length + float4 bits. An empty array has no dimensions.
     */
    @Override
    public void writeBinary(BinarySink out, Object value) {
        float[] floats = (float[]) value;
        if (floats.length == 0) {
            out.writeInt(12);
            out.writeInt(0);
            out.writeInt(0);
            out.writeInt(FLOAT4_OID);
            return;
        }
        out.writeInt(20 + floats.length * 8);
        out.writeInt(1);
        out.writeInt(0);
        out.writeInt(FLOAT4_OID);
        out.writeInt(floats.length);
        out.writeInt(1);
        for (float f : floats) {
            out.writeInt(4);
            out.writeInt(Float.floatToRawIntBits(f));
        }
    }

    @Override
    public String castType() {
        return sqlType();
    }

    @Override
    public Object generate(SplittableRandom random) {
        float[] v = new float[TYPICAL_LENGTH];
        for (int i = 0; i < v.length; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return v;
    }

    /** {n}: one element, exact up to 2^24. */
    @Override
    public Optional<Object> distinct(long n) {
        if (n < 0 || n > 1 << 24) {
            throw new IllegalArgumentException("real holds integers exactly up to 2^24; asked for number " + n);
        }
        return Optional.of(new float[] {n});
    }

    /** An embedding led by the hostile floats (NaN, ±Infinity, -0, the extremes), an empty and a one-element array. */
    @Override
    public List<Object> hostileValues() {
        float[] embedding = new float[TYPICAL_LENGTH];
        for (int i = 0; i < embedding.length; i++) {
            embedding[i] = i < HostileValues.FLOATS.size() ? HostileValues.FLOATS.get(i) : i / 7f;
        }
        return List.of(embedding, new float[0], new float[] {Float.MIN_VALUE});
    }
}
