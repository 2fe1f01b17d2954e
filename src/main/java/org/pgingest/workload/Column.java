package org.pgingest.workload;

import org.pgingest.workload.types.TypeCodec;

/**
 * One column a loader writes.
 *
 * @param name     column name, as the catalog holds it (unquoted)
 * @param codec    its type's codec
 * @param nullable whether NULL is allowed (the generator produces NULLs only where it is)
 */
public record Column(String name, TypeCodec codec, boolean nullable) {
    public static Column required(String name, TypeCodec codec) {
        return new Column(name, codec, false);
    }

    public static Column optional(String name, TypeCodec codec) {
        return new Column(name, codec, true);
    }

    /** The name quoted for SQL text. */
    public String quoted() {
        return Identifiers.quote(name);
    }

    /** "name type [NOT NULL]" for CREATE TABLE. */
    public String ddl() {
        return quoted() + " " + codec.sqlType() + (nullable ? "" : " NOT NULL");
    }
}
