package org.pgingest.workload;

/**
 * One column a loader writes.
 *
 * @param name     column name
 * @param type     its type
 * @param nullable whether NULL is allowed (the generator produces NULLs only where it is)
 */
public record Column(String name, ColumnType type, boolean nullable) {
    public static Column required(String name, ColumnType type) {
        return new Column(name, type, false);
    }

    public static Column optional(String name, ColumnType type) {
        return new Column(name, type, true);
    }

    /** "name type [NOT NULL]" for CREATE TABLE. */
    public String ddl() {
        return name + " " + type.sqlType() + (nullable ? "" : " NOT NULL");
    }
}
