package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * A loader that writes its values into the SQL text ({@link SqlLiterals}) instead of binding them and sends each
 * statement with the simple query protocol, as psql and pgbench with a static SQL file do: one statement per chunk
 * of rows, all chunks in one transaction. Without bind parameters there is no 65,535-parameter ceiling: 0 rows per
 * statement means the whole call in one statement. Subclasses write the statement.
 */
abstract class LiteralLoader extends AtomicLoader {
    /** pgjdbc sends every statement as a simple Query message (as psql, and pgbench's default -M simple). */
    private static final Map<String, String> SIMPLE_QUERIES = Map.of("preferQueryMode", "simple");

    private final String name;
    private final int rowsPerStatement;

    /** @param rowsPerStatement rows per statement; 0 = all rows in one statement */
    LiteralLoader(String name, int rowsPerStatement) {
        if (rowsPerStatement < 0) {
            throw new IllegalArgumentException("rowsPerStatement must be 0 (all) or more, was " + rowsPerStatement);
        }
        this.name = name;
        this.rowsPerStatement = rowsPerStatement;
    }

    @Override
    public final String name() {
        return name + (rowsPerStatement == 0 ? "" : "-" + rowsPerStatement);
    }

    @Override
    public final Map<String, String> driverOptions() {
        return SIMPLE_QUERIES;
    }

    @Override
    protected final long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        SqlLiterals literals = SqlLiterals.of(connection);
        try (Statement st = connection.createStatement()) {
            return Chunks.statements(rows, rowsPerStatement, (chunk, offset) -> st.executeUpdate(sql(literals, table, chunk)));
        }
    }

    /** The statement for one chunk of checked rows. */
    abstract String sql(SqlLiterals literals, Table table, List<Object[]> chunk) throws SQLException;
}
