package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * One prepared {@code INSERT ... VALUES (...)} per row, all in one transaction. A round trip per row; the
 * server plans the statement once it is server-prepared (pgjdbc's prepareThreshold, 5 by default).
 */
final class SingleRowLoader extends AtomicLoader {

    @Override
    public String name() {
        return "single-row";
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        return insertEach(connection, table, rows);
    }

    /**
     * One prepared one-row INSERT per row, in whatever transaction mode the connection is in.
     *
     * @throws LocatedFailure naming the row whose INSERT failed
     */
    static long insertEach(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        long index = 0;
        try (PreparedStatement ps = connection.prepareStatement(Statements.insertValues(table, 1))) {
            for (Object[] row : rows) {
                Statements.bindRow(ps, table.columns(), row, 1);
                try {
                    ps.executeUpdate();
                } catch (SQLException e) {
                    throw new LocatedFailure(index, e);
                }
                index++;
            }
        }
        return index;
    }
}
