package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Everything the suite does with values of one PostgreSQL type as declared on a column (typmod included): one
 * home per type, so every loader encodes a value of it the same way. Null is SQL NULL and never reaches a codec:
 * loaders write NULL themselves (COPY's {@code \N}, an empty CSV field, field length -1, {@code setNull}).
 */
public interface TypeCodec {
    /**
     * The declared type as {@code format_type(atttypid, atttypmod)} prints it ("numeric(12,2)", "character(3)",
     * "timestamp(3) with time zone", "integer[]", "public.mood"); usable in DDL and casts.
     */
    String sqlType();

    /** The Java class of non-null values (Integer, BigDecimal, String for text-form-only types, ...). */
    Class<?> javaType();

    /**
     * The value every encoder must see: the same or an exactly equivalent object (e.g. rounded as the server
     * rounds its text input), or {@link org.pgingest.workload.types.ValueRejectedException} (wrong Java class, not
     * storable, out of range).
     */
    Object checked(Object value);

    /** Binds a checked non-null value; the statement text has no cast of its own for this parameter. */
    void bind(PreparedStatement statement, int index, Object value) throws SQLException;

    /**
     * Binds SQL NULL. A codec that binds its values with a JDBC type of its own binds NULL with the same one: pgjdbc
     * sends a parameter type oid per parameter, and parses a server-prepared statement again when they change
     * from one execution to the next (int4, then "unspecified" for a NULL). The default, {@link Types#OTHER}, lets
     * the server infer the type, as for values bound as untyped text.
     */
    default void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.OTHER);
    }

    /** Appends the text input form of a checked non-null value (before any COPY escaping). */
    void appendText(StringBuilder out, Object value);

    /** The text input form of a checked non-null value (before any COPY escaping). */
    default String text(Object value) {
        StringBuilder out = new StringBuilder();
        appendText(out, value);
        return out.toString();
    }

    /**
     * Empty when {@link #writeBinary} works; else why binary COPY cannot carry this type (shown as the method's
     * "missing" reason, never a failure).
     */
    Optional<String> binaryUnsupported();

    /** A checked non-null value's binary COPY field: int32 length, then the type's send form. */
    void writeBinary(BinarySink out, Object value);

    /**
     * The type text is cast to in UNNEST, jsonb_to_recordset and staging tables: {@link #sqlType()} unless an
     * explicit cast would change the value where assignment refuses it (varchar(n) truncates on an explicit cast,
     * so its cast type is plain varchar and the column's assignment checks the length).
     */
    String castType();

    /**
     * The value of a text form: the server's text output of the type ({@code col::text}, DateStyle ISO) always, and
     * the text input forms {@link #appendText} writes. Rows come as text from a user's sample ({@code --rows
     * FILE.csv}, {@code --sample N}), from a referenced table's keys and from partition bounds; binary COPY needs
     * them as values. Throws {@link org.pgingest.workload.types.ValueRejectedException} for text this codec cannot read.
     */
    Object parse(String text);

    /**
     * An array type's element codec; empty for any other type. Lets a generator build arrays of the length a CHECK
     * names ({@code cardinality(embedding) = 384}), which a typical value of a few elements would never meet.
     */
    default Optional<TypeCodec> element() {
        return Optional.empty();
    }

    /** A typical value, a pure function of the random source. */
    Object generate(SplittableRandom random);

    /**
     * Empty when {@link #generate} works; else why the suite cannot make values of this type (an extension type
     * it has no generator for): such a column needs the user's own rows ({@code --rows}).
     */
    default Optional<String> generatorUnsupported() {
        return Optional.empty();
    }

    /**
     * The n-th of an endless sequence of distinct values (n >= 0), for unique keys; empty when the type cannot
     * hold arbitrarily many distinct values (bool, an enum with few labels, char(1)...).
     */
    Optional<Object> distinct(long n);

    /**
     * Storable values at the type's edges: range ends, NaN/±Infinity where legal, empty and NULL-holding arrays,
     * hostile text (tabs, newlines, quotes, backslashes, 4-byte UTF-8, '\.'), ...
     */
    List<Object> hostileValues();
}
