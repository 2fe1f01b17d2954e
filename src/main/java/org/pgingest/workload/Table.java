package org.pgingest.workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A table of one shape and index profile in the suite's schema: what loaders write to.
 *
 * @param schema  the suite's schema
 * @param shape   columns and keys
 * @param profile indexes
 * @param name    table name (unqualified)
 */
public record Table(SuiteSchema schema, TableShape shape, IndexProfile profile, String name) {

    public static Table of(SuiteSchema schema, TableShape shape) {
        return new Table(schema, shape, IndexProfile.STANDARD, shape.tableName());
    }

    public static Table of(SuiteSchema schema, TableShape shape, IndexProfile profile) {
        return new Table(schema, shape, profile, shape.tableName());
    }

    public Table named(String otherName) {
        return new Table(schema, shape, profile, otherName);
    }

    /** "schema"."table". */
    public String qualifiedName() {
        return schema.qualify(name);
    }

    public List<Column> columns() {
        return shape.columns();
    }

    /** "col1, col2, ..." of the columns loaders write. */
    public String columnList() {
        return columns().stream().map(Column::quoted).collect(Collectors.joining(", "));
    }

    /** "INSERT INTO schema.table (col1, col2, ...)": the start of every INSERT a loader sends. */
    public String insertInto() {
        return "INSERT INTO " + qualifiedName() + " (" + columnList() + ")";
    }

    /**
     * "col1 type1, col2 type2, ..." without constraints: the column definition list of jsonb_to_recordset and
     * of staging tables, which must read values exactly as the table's own columns do.
     */
    public String columnDefinitions() {
        return columns().stream().map(c -> c.quoted() + " " + c.codec().sqlType()).collect(Collectors.joining(", "));
    }

    /** Drops (if it is the suite's) and creates the table with its indexes. */
    public void create(Connection connection) throws SQLException {
        schema.recreateTable(connection, name, shape.tableDefinition(profile), false);
        try (Statement st = connection.createStatement()) {
            for (String index : shape.indexStatements(profile, qualifiedName())) {
                st.execute(index);
            }
        }
    }

    public void truncate(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("TRUNCATE " + qualifiedName() + (shape.idColumn().isPresent() ? " RESTART IDENTITY" : ""));
        }
    }

    public long count(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM " + qualifiedName())) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Every row's loader columns as the server prints them ({@code col::text}, null for NULL), in no particular
     * order: what is compared with what was sent on the server's own text output.
     */
    public List<String[]> readAll(Connection connection) throws SQLException {
        List<String[]> rows = new ArrayList<>();
        List<Column> columns = columns();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT " + columns.stream().map(c -> c.quoted() + "::text")
                     .collect(Collectors.joining(", ")) + " FROM " + qualifiedName())) {
            while (rs.next()) {
                String[] row = new String[columns.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = rs.getString(i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
