package org.pgingest.load;

import org.pgingest.workload.types.Texts;
import org.pgingest.workload.types.TypeCodec;
import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Values written into the SQL text instead of bound, as a client without bind parameters (pgbench with a static
 * SQL file, psql) sends them. Every value is its column type's text input form ({@link TypeCodec#text}, the form
 * COPY text carries) inside a quoted literal, so the server reads it with the same input function as every other
 * path: an untyped literal takes the type of the column it is assigned to (INSERT ... VALUES, PostgreSQL 14-18), and
 * an array literal is cast to its array type. Quoting numbers too keeps NaN, ±Infinity and -0 exact: unquoted,
 * {@code -0.0} is a numeric constant and loses its sign, and {@code NaN} is a column name.
 *
 * <p>One place for the quoting, so that a type's text form is all a value needs: the string literal's escaping is
 * pgjdbc's ({@link PGConnection#escapeLiteral}, which follows the connection's standard_conforming_strings); inside
 * an array literal each element is double-quoted with {@code "} and {@code \} backslash-escaped (array_in's rules),
 * NULL unquoted.
 */
final class SqlLiterals {
    private final PGConnection connection;

    private SqlLiterals(PGConnection connection) {
        this.connection = connection;
    }

    /** Quoting as {@code connection}'s server reads string literals. */
    static SqlLiterals of(Connection connection) throws SQLException {
        return new SqlLiterals(connection.unwrap(PGConnection.class));
    }

    /** {@code NULL}, or the value's text form as a quoted literal (the value checked by {@link RowCheck}). */
    void appendValue(StringBuilder sql, TypeCodec type, Object value) throws SQLException {
        if (value == null) {
            sql.append("NULL");
        } else {
            appendQuoted(sql, type.text(value));
        }
    }

    /**
     * One array literal of a column's values, cast to {@code arrayType}: {@code '{"a","b",NULL}'::text[]}. The
     * elements are the values' text forms, read by the element type's input function.
     */
    void appendArray(StringBuilder sql, TypeCodec type, List<Object> values, String arrayType) throws SQLException {
        StringBuilder array = new StringBuilder(values.size() * 16 + 2).append('{');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                array.append(',');
            }
            Object value = values.get(i);
            if (value == null) {
                array.append("NULL");
            } else {
                Texts.appendQuoted(array, type.text(value));
            }
        }
        appendQuoted(sql, array.append('}').toString());
        sql.append("::").append(arrayType);
    }

    /** A string literal: {@code 'text'} with the text escaped for this connection. */
    private void appendQuoted(StringBuilder sql, String text) throws SQLException {
        sql.append('\'').append(connection.escapeLiteral(text)).append('\'');
    }
}
