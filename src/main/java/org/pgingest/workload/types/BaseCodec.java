package org.pgingest.workload.types;


import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Optional;

/**
 * What most codecs share: the declared type, the Java class a value must have, and the text-form bind (the value's
 * text sent untyped, so the server reads it with the column type's own input function, exactly as COPY does).
 * Codecs override what their type does differently.
 */
abstract class BaseCodec implements TypeCodec {
    private final String sqlType;
    private final Class<?> javaType;

    BaseCodec(String sqlType, Class<?> javaType) {
        this.sqlType = sqlType;
        this.javaType = javaType;
    }

    @Override
    public String sqlType() {
        return sqlType;
    }

    @Override
    public Class<?> javaType() {
        return javaType;
    }

    @Override
    public String castType() {
        return sqlType;
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return Optional.empty();
    }

    /** Checks the Java class, then {@link #checkedValue}. */
    @Override
    public Object checked(Object value) {
        if (!javaType.isInstance(value)) {
            throw wrongType(value);
        }
        return checkedValue(value);
    }

    /** A value of {@link #javaType()} as every encoder must see it; the same object when it is stored as it is. */
    Object checkedValue(Object value) {
        return value;
    }

    ValueRejectedException wrongType(Object value) {
        return new ValueRejectedException(ValueRejectedException.WRONG_TYPE, "a " + sqlType + " column takes "
                + javaType.getSimpleName() + ", not " + (value == null ? "null" : value.getClass().getSimpleName()
                + " (" + value + ")"));
    }

    /** The rejection of text this codec cannot read as a value of its type. */
    ValueRejectedException notText(String text) {
        return new ValueRejectedException(ValueRejectedException.INVALID_TEXT, "invalid input syntax for type " + sqlType
                + ": \"" + (text.length() > 200 ? text.substring(0, 200) + "..." : text) + "\"");
    }

    ValueRejectedException outOfRange(String sqlState, String why) {
        return new ValueRejectedException(sqlState, sqlType + ": " + why);
    }

    /** The value's text form sent as an untyped parameter: the server reads it with the column type's input function. */
    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setObject(index, text(value), Types.OTHER);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + sqlType + "]";
    }
}
