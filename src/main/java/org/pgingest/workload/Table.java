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
 * @param shape   keys, generated id, indexes
 * @param profile indexes
 * @param name    table name (unqualified)
 * @param columns the columns loaders write, in order: the shape's, unless {@link #withColumns} gave others
 */
public record Table(SuiteSchema schema, TableShape shape, IndexProfile profile, String name, List<Column> columns) {

    public Table {
        columns = List.copyOf(columns);
    }

    public static Table of(SuiteSchema schema, TableShape shape) {
        return of(schema, shape, IndexProfile.STANDARD);
    }

    public static Table of(SuiteSchema schema, TableShape shape, IndexProfile profile) {
        return new Table(schema, shape, profile, shape.tableName(), shape.columns());
    }

    public Table named(String otherName) {
        return new Table(schema, shape, profile, otherName, columns);
    }

    /**
     * The shape's keys and id with other loader columns: a column of a type no published shape has (int8) reaches
     * every loader this way. The shape's key column must stay among them.
     */
    public Table withColumns(List<Column> otherColumns) {
        return new Table(schema, shape, profile, name, otherColumns);
    }

    /** "schema"."table". */
    public String qualifiedName() {
        return schema.qualify(name);
    }

    /** "col1, col2, ..." of the columns loaders write. */
    public String columnList() {
        return columns().stream().map(Column::name).collect(Collectors.joining(", "));
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
        return columns().stream().map(c -> c.name() + " " + c.type().sqlType()).collect(Collectors.joining(", "));
    }

    /** Drops (if it is the suite's) and creates the table with its indexes. */
    public void create(Connection connection) throws SQLException {
        schema.recreateTable(connection, name, shape.tableDefinition(profile, columns), false);
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

    /** Every row's loader columns, in no particular order. */
    public List<Object[]> readAll(Connection connection) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        List<Column> columns = columns();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT " + columns.stream().map(c -> c.type().readExpression(c.name()))
                     .collect(Collectors.joining(", ")) + " FROM " + qualifiedName())) {
            while (rs.next()) {
                Object[] row = new Object[columns.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = columns.get(i).type().read(rs, i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
