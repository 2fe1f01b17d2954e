package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * {@code INSERT ... VALUES ('s1', '2024-01-01 00:00:00.000000+00', '12.5'), (...)} with every value written into
 * the statement text ({@link SqlLiterals}) and sent with the simple query protocol, one statement per chunk of rows,
 * all chunks in one transaction: what the published UNNEST-vs-VALUES measurement ran (pgbench with a static SQL file
 * per variant). The server parses and plans thousands of constants on every call; that planning is what
 * {@link LiteralUnnestLoader} avoids. Without bind parameters there is no 65,535-parameter ceiling: 0 rows per
 * statement means the whole call in one statement.
 */
public final class LiteralValuesLoader extends AtomicLoader {
    private final int rowsPerStatement;

    /** @param rowsPerStatement rows per statement; 0 = all rows in one statement */
    public LiteralValuesLoader(int rowsPerStatement) {
        if (rowsPerStatement < 0) {
            throw new IllegalArgumentException("rowsPerStatement must be 0 (all) or more, was " + rowsPerStatement);
        }
        this.rowsPerStatement = rowsPerStatement;
    }

    @Override
    public String name() {
        return "literal-values" + (rowsPerStatement == 0 ? "" : "-" + rowsPerStatement);
    }

    /** pgjdbc sends every statement as a simple Query message, as psql and pgbench (-M simple, the default) do. */
    @Override
    public Map<String, String> driverOptions() {
        return SIMPLE_QUERIES;
    }

    static final Map<String, String> SIMPLE_QUERIES = Map.of("preferQueryMode", "simple");

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        SqlLiterals literals = SqlLiterals.of(connection);
        try (Statement st = connection.createStatement()) {
            return Chunks.statements(rows, rowsPerStatement, (chunk, offset) -> st.executeUpdate(sql(literals, table, chunk)));
        }
    }

    /** The statement for one chunk of checked rows. */
    static String sql(SqlLiterals literals, Table table, List<Object[]> chunk) throws SQLException {
        List<Column> columns = table.columns();
        StringBuilder sql = new StringBuilder(64 + chunk.size() * columns.size() * 24).append(table.insertInto()).append(" VALUES ");
        for (int r = 0; r < chunk.size(); r++) {
            sql.append(r == 0 ? "(" : ", (");
            Object[] row = chunk.get(r);
            for (int c = 0; c < columns.size(); c++) {
                if (c > 0) {
                    sql.append(", ");
                }
                literals.appendValue(sql, columns.get(c).type(), row[c]);
            }
            sql.append(')');
        }
        return sql.toString();
    }
}
