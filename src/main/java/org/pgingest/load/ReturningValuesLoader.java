package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * Multi-row VALUES with RETURNING, ids in input order: each row carries its ordinal, and the returned rows are
 * joined back to the input and sorted by it ({@link #insertReturningIdsInOrder}):
 * <pre>
 * WITH input (cols..., pgib_ord) AS (VALUES (?::t1, ..., 0), ...),
 *      ins AS (INSERT INTO t (cols) SELECT cols FROM input ORDER BY pgib_ord RETURNING id, key)
 * SELECT ins.id FROM ins JOIN input ON ins.key = input.key::key_type ORDER BY input.pgib_ord
 * </pre>
 * Chunked under the 65,535 bind-parameter ceiling like {@link MultiRowValuesLoader}.
 */
final class ReturningValuesLoader extends ReturningLoader {

    @Override
    public String name() {
        return "returning-values";
    }

    @Override
    protected long[] writeReturning(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        List<String> key = requireConflictKey(table, name());
        int chunkSize = Statements.maxRowsPerStatement(table);
        long[] ids = new long[rows.size()];
        for (int start = 0; start < rows.size(); start += chunkSize) {
            List<Object[]> chunk = rows.subList(start, Math.min(rows.size(), start + chunkSize));
            try (PreparedStatement ps = connection.prepareStatement(sql(table, key, chunk.size()))) {
                int columns = table.columns().size();
                for (int r = 0; r < chunk.size(); r++) {
                    Statements.bindRow(ps, table.columns(), chunk.get(r), r * columns + 1);
                }
                Returned.readIds(ps, ids, start, chunk.size());
            } catch (SQLException e) {
                throw new ChunkFailure(start, chunk, e);
            }
        }
        return ids;
    }

    private static String sql(Table table, List<String> key, int rowCount) {
        StringBuilder row = new StringBuilder("(");
        for (Column c : table.columns()) {
            row.append("?::").append(c.codec().castType()).append(", ");
        }
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < rowCount; i++) {
            if (i > 0) {
                values.append(", ");
            }
            values.append(row).append(i).append(')');
        }
        return insertReturningIdsInOrder(table, key,
                "input (" + table.columnList() + ", " + ORDINAL + ") AS (VALUES " + values + ")");
    }
}
