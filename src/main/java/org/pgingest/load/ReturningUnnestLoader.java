package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * UNNEST with RETURNING, ids in input order: {@link UnnestLoader}'s select {@code WITH ORDINALITY} numbers the
 * input rows, and the returned rows are joined back and sorted by that number
 * ({@link #insertReturningIdsInOrder}). One statement for all rows.
 */
final class ReturningUnnestLoader extends ReturningLoader {

    @Override
    public String name() {
        return "returning-unnest";
    }

    @Override
    protected long[] writeReturning(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        List<String> key = requireConflictKey(table, name());
        long[] ids = new long[rows.size()];
        if (rows.isEmpty()) {
            return ids;
        }
        try (PreparedStatement ps = connection.prepareStatement(
                insertReturningIdsInOrder(table, key, "input AS (" + UnnestLoader.select(table, true) + ")"))) {
            UnnestLoader.bindColumns(connection, ps, table, rows);
            Returned.readIds(ps, ids, 0, rows.size());
        } catch (SQLException e) {
            throw new ChunkFailure(0, rows, e);
        }
        return ids;
    }
}
