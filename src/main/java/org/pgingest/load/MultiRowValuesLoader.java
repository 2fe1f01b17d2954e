package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * One prepared {@code INSERT ... VALUES (...), (...), ...} per chunk of rows, all chunks in one transaction.
 * A statement can bind at most 65,535 parameters, so a chunk holds at most 65,535 / columns rows (21,845 for
 * users' three columns); larger inputs are split, and a shorter tail gets its own statement. The server
 * plans each distinct statement text anew: planning grows with the row count (that is what UNNEST avoids).
 */
final class MultiRowValuesLoader extends AtomicLoader {
    private final int rowsPerStatement;

    /** @param rowsPerStatement rows per statement; 0 = as many as the parameter ceiling allows */
    MultiRowValuesLoader(int rowsPerStatement) {
        if (rowsPerStatement < 0) {
            throw new IllegalArgumentException("rowsPerStatement must be 0 (maximum) or more, was " + rowsPerStatement);
        }
        this.rowsPerStatement = rowsPerStatement;
    }

    @Override
    public String name() {
        return "multi-row-values" + (rowsPerStatement == 0 ? "" : "-" + rowsPerStatement);
    }

    /** Rows per statement for this table: the configured size, capped at the parameter ceiling. */
    int chunkSize(Table table) {
        int max = Statements.maxRowsPerStatement(table);
        if (rowsPerStatement > max) {
            throw new IllegalArgumentException(name() + ": " + rowsPerStatement + " rows of " + table.columns().size()
                    + " columns exceed the 65,535 bind-parameter ceiling; at most " + max + " rows per statement");
        }
        return rowsPerStatement == 0 ? max : rowsPerStatement;
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        int chunkSize = chunkSize(table);
        try (FullChunks full = new FullChunks(connection, table, chunkSize)) {
            return Chunks.statements(rows, chunkSize, (chunk, offset) -> {
                if (chunk.size() < chunkSize) {
                    try (PreparedStatement tail = connection.prepareStatement(Statements.insertValues(table, chunk.size()))) {
                        return execute(tail, table, chunk);
                    }
                }
                return execute(full.statement(), table, chunk);
            });
        }
    }

    /** The statement of a full chunk, prepared at a call's first full chunk (a short call has none) and closed with it. */
    private static final class FullChunks implements AutoCloseable {
        private final Connection connection;
        private final Table table;
        private final int rows;
        private PreparedStatement statement;

        FullChunks(Connection connection, Table table, int rows) {
            this.connection = connection;
            this.table = table;
            this.rows = rows;
        }

        PreparedStatement statement() throws SQLException {
            if (statement == null) {
                statement = connection.prepareStatement(Statements.insertValues(table, rows));
            }
            return statement;
        }

        @Override
        public void close() throws SQLException {
            if (statement != null) {
                statement.close();
            }
        }
    }

    private static long execute(PreparedStatement ps, Table table, List<Object[]> chunk) throws SQLException {
        int columns = table.columns().size();
        for (int r = 0; r < chunk.size(); r++) {
            Statements.bindRow(ps, table.columns(), chunk.get(r), r * columns + 1);
        }
        return ps.executeUpdate();
    }
}
