package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code INSERT INTO t (...) SELECT ... FROM unnest('{...}'::text[], '{...}'::timestamptz[], ...)} with one typed
 * array literal per column written into the statement text ({@link SqlLiterals}) and sent with the simple query
 * protocol, one statement per chunk, all in one transaction: the UNNEST variant of the published measurement. Each
 * array is one constant however many rows it holds, so planning does not grow with the row count the way
 * {@link LiteralValuesLoader}'s does. The select is {@link UnnestLoader}'s, over literals instead of parameters.
 */
public final class LiteralUnnestLoader extends AtomicLoader {
    private final int rowsPerStatement;

    /** @param rowsPerStatement rows per statement; 0 = all rows in one statement */
    public LiteralUnnestLoader(int rowsPerStatement) {
        if (rowsPerStatement < 0) {
            throw new IllegalArgumentException("rowsPerStatement must be 0 (all) or more, was " + rowsPerStatement);
        }
        this.rowsPerStatement = rowsPerStatement;
    }

    @Override
    public String name() {
        return "literal-unnest" + (rowsPerStatement == 0 ? "" : "-" + rowsPerStatement);
    }

    @Override
    public Map<String, String> driverOptions() {
        return LiteralValuesLoader.SIMPLE_QUERIES;
    }

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
        List<String> arrays = new ArrayList<>(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            List<Object> values = new ArrayList<>(chunk.size());
            for (Object[] row : chunk) {
                values.add(row[c]);
            }
            StringBuilder array = new StringBuilder();
            literals.appendArray(array, columns.get(c).type(), values, columns.get(c).type().unnestArrayType());
            arrays.add(array.toString());
        }
        return table.insertInto() + " " + UnnestLoader.select(table, arrays, false);
    }
}
