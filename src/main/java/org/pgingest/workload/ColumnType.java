package org.pgingest.workload;

import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The column types the workloads use, each with everything a loader needs: its SQL name, how to bind it,
 * its PostgreSQL text input form, its binary COPY form, how to pass a column of it as an array to
 * {@code unnest}, and how to read it back. One place per type, so every loader encodes a value the same way.
 *
 * <p>Java value per type: INT4 {@link Integer}, INT8 {@link Long}, TEXT and VARCHAR_64 {@link String},
 * TIMESTAMPTZ {@link OffsetDateTime} (microsecond precision, years 1 to 9999), FLOAT8 {@link Double},
 * REAL_ARRAY {@code float[]}; null is SQL NULL.
 */
public enum ColumnType {
    INT4("int4", "int4[]", Types.INTEGER) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setInt(index, (Integer) value);
        }

        @Override
        public String text(Object value) {
            return value.toString();
        }

        @Override
        public void writeBinary(DataOutput out, Object value) throws IOException {
            out.writeInt(4);
            out.writeInt((Integer) value);
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            int v = rs.getInt(index);
            return rs.wasNull() ? null : v;
        }
    },
    INT8("int8", "int8[]", Types.BIGINT) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setLong(index, (Long) value);
        }

        @Override
        public String text(Object value) {
            return value.toString();
        }

        @Override
        public void writeBinary(DataOutput out, Object value) throws IOException {
            out.writeInt(8);
            out.writeLong((Long) value);
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            long v = rs.getLong(index);
            return rs.wasNull() ? null : v;
        }
    },
    TEXT("text", "text[]", Types.VARCHAR) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setString(index, (String) value);
        }

        @Override
        public String text(Object value) {
            return (String) value;
        }

        @Override
        public void writeBinary(DataOutput out, Object value) throws IOException {
            byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
            out.writeInt(utf8.length);
            out.write(utf8);
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            return rs.getString(index);
        }
    },
    /** varchar(64): the server checks the length in characters, not bytes. */
    VARCHAR_64("varchar(64)", "varchar[]", Types.VARCHAR) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            TEXT.bindValue(ps, index, value);
        }

        @Override
        public String text(Object value) {
            return TEXT.text(value);
        }

        @Override
        public void writeBinary(DataOutput out, Object value) throws IOException {
            TEXT.writeBinary(out, value);
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            return TEXT.read(rs, index);
        }
    },
    TIMESTAMPTZ("timestamptz", "timestamptz[]", Types.TIMESTAMP_WITH_TIMEZONE) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setObject(index, value, Types.TIMESTAMP_WITH_TIMEZONE);
        }

        @Override
        public String text(Object value) {
            return TIMESTAMP_TEXT.format((OffsetDateTime) value);
        }

        @Override
        public void writeBinary(DataOutput out, Object value) throws IOException {
            // Binary timestamptz: int64 microseconds since 2000-01-01 00:00:00 UTC (integer datetimes,
            // the only kind since PostgreSQL 10).
            // (ChronoUnit.MICROS.between counts in nanoseconds first and overflows beyond ~292 years.)
            Instant t = ((OffsetDateTime) value).toInstant();
            out.writeInt(8);
            out.writeLong((t.getEpochSecond() - POSTGRES_EPOCH_SECOND) * 1_000_000L + t.getNano() / 1_000);
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            OffsetDateTime v = rs.getObject(index, OffsetDateTime.class);
            return v == null ? null : v.withOffsetSameInstant(ZoneOffset.UTC);
        }
    },
    FLOAT8("float8", "float8[]", Types.DOUBLE) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            ps.setDouble(index, (Double) value);
        }

        @Override
        public String text(Object value) {
            // Java's shortest round-trip form; float8in reads it exactly, NaN and (-)Infinity included.
            return value.toString();
        }

        @Override
        public void writeBinary(DataOutput out, Object value) throws IOException {
            out.writeInt(8);
            out.writeLong(Double.doubleToRawLongBits((Double) value));
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            double v = rs.getDouble(index);
            return rs.wasNull() ? null : v;
        }
    },
    /** real[]: the articles embedding (pgvector's vector(384) where that extension is absent). */
    REAL_ARRAY("real[]", "text[]", Types.ARRAY) {
        @Override
        void bindValue(PreparedStatement ps, int index, Object value) throws SQLException {
            // pgjdbc (42.2.16+) sends a float[] as a binary float4[]
            ps.setObject(index, value);
        }

        @Override
        public String text(Object value) {
            float[] v = (float[]) value;
            StringBuilder sb = new StringBuilder(v.length * 10 + 2).append('{');
            for (int i = 0; i < v.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(Float.toString(v[i]));
            }
            return sb.append('}').toString();
        }

        @Override
        public void writeBinary(DataOutput out, Object value) throws IOException {
            // Binary array: ndim, has-nulls flag, element type oid, then per dimension its length and lower
            // bound, then each element as length + float4 bits.
            float[] v = (float[]) value;
            out.writeInt(20 + v.length * 8);
            out.writeInt(1);
            out.writeInt(0);
            out.writeInt(FLOAT4_OID);
            out.writeInt(v.length);
            out.writeInt(1);
            for (float f : v) {
                out.writeInt(4);
                out.writeInt(Float.floatToRawIntBits(f));
            }
        }

        @Override
        public Object read(ResultSet rs, int index) throws SQLException {
            Array array = rs.getArray(index);
            if (array == null) {
                return null;
            }
            Float[] boxed = (Float[]) array.getArray();
            float[] v = new float[boxed.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = boxed[i];
            }
            return v;
        }

        @Override
        public String unnestSelect(String alias) {
            // unnest() of a two-dimensional array yields scalars, so embeddings travel as a text[] of array
            // literals and are cast back per row.
            return alias + "::real[]";
        }
    };

    static final int FLOAT4_OID = 700;
    private static final long POSTGRES_EPOCH_SECOND = Instant.parse("2000-01-01T00:00:00Z").getEpochSecond();
    private static final DateTimeFormatter TIMESTAMP_TEXT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSSxxx");

    private final String sqlType;
    private final String unnestArrayType;
    private final int jdbcType;

    ColumnType(String sqlType, String unnestArrayType, int jdbcType) {
        this.sqlType = sqlType;
        this.unnestArrayType = unnestArrayType;
        this.jdbcType = jdbcType;
    }

    /** The type as written in DDL and casts. */
    public String sqlType() {
        return sqlType;
    }

    /**
     * The type to cast a parameter or staged value to. varchar(64) is cast to plain varchar: an explicit cast
     * to varchar(n) silently truncates, while assignment to the varchar(64) column rejects a longer value.
     */
    public String castType() {
        return this == VARCHAR_64 ? "varchar" : sqlType;
    }

    /** The array type a column of this type is sent as to {@code unnest}. */
    public String unnestArrayType() {
        return unnestArrayType;
    }

    /** Binds a value (null allowed) to a statement parameter. */
    public void bind(PreparedStatement ps, int index, Object value) throws SQLException {
        if (value == null) {
            ps.setNull(index, jdbcType);
        } else {
            bindValue(ps, index, value);
        }
    }

    abstract void bindValue(PreparedStatement ps, int index, Object value) throws SQLException;

    /** The PostgreSQL text input form of a non-null value (before any COPY escaping). */
    public abstract String text(Object value);

    /** Writes a non-null value in binary COPY form: int32 length, then the type's send format. */
    public abstract void writeBinary(DataOutput out, Object value) throws IOException;

    /** Reads this column back from a result set, as the same Java type the generator makes. */
    public abstract Object read(ResultSet rs, int index) throws SQLException;

    /** The select-list expression for this column's unnest output named {@code alias}. */
    public String unnestSelect(String alias) {
        return alias;
    }

    /**
     * One column of a chunk as an array parameter for {@code unnest}. Every type travels as a text array of
     * its text forms (cast in SQL with {@link #unnestArrayType()}), except float8 and integers without
     * nulls, which pgjdbc sends as binary primitive arrays.
     */
    public Array unnestArray(Connection connection, List<Object> values) throws SQLException {
        boolean hasNull = values.contains(null);
        if (this == FLOAT8 && !hasNull) {
            double[] v = new double[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = (Double) values.get(i);
            }
            return connection.unwrap(org.postgresql.PGConnection.class).createArrayOf("float8", v);
        }
        if (this == INT4 && !hasNull) {
            int[] v = new int[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = (Integer) values.get(i);
            }
            return connection.unwrap(org.postgresql.PGConnection.class).createArrayOf("int4", v);
        }
        if (this == INT8 && !hasNull) {
            long[] v = new long[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = (Long) values.get(i);
            }
            return connection.unwrap(org.postgresql.PGConnection.class).createArrayOf("int8", v);
        }
        String[] texts = new String[values.size()];
        for (int i = 0; i < texts.length; i++) {
            Object v = values.get(i);
            texts[i] = v == null ? null : text(v);
        }
        return connection.createArrayOf("text", texts);
    }
}
