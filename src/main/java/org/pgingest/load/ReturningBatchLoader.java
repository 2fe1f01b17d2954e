package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * A JDBC batch of one-row INSERTs with generated keys: pgjdbc appends {@code RETURNING id} to each statement
 * (which also keeps reWriteBatchedInserts from folding them), and the keys come back in statement order,
 * that is, input order.
 */
final class ReturningBatchLoader extends ReturningLoader {
    private final int batchSize;

    ReturningBatchLoader(int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1, was " + batchSize);
        }
        this.batchSize = batchSize;
    }

    /** An id to hand back; the driver returns the keys in statement order, so no unique key is needed. */
    @Override
    public Set<TableNeed> needs() {
        return Set.of(TableNeed.RETURNABLE_ID);
    }

    @Override
    public String name() {
        return "returning-batch-" + batchSize;
    }

    @Override
    protected long[] writeReturning(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        long[] ids = new long[rows.size()];
        try (PreparedStatement ps = connection.prepareStatement(Statements.insertValues(table, 1),
                new String[] {idColumn(table)})) {
            for (int start = 0; start < rows.size(); start += batchSize) {
                int end = Math.min(rows.size(), start + batchSize);
                for (int i = start; i < end; i++) {
                    Statements.bindRow(ps, table.columns(), rows.get(i), 1);
                    ps.addBatch();
                }
                BatchWriter.executeLocated(ps, start, true);
                int n = start;
                try (ResultSet keys = ps.getGeneratedKeys()) {
                    while (keys.next()) {
                        ids[n++] = keys.getLong(1);
                    }
                }
                if (n != end) {
                    throw new IllegalStateException("pgjdbc returned " + (n - start) + " keys for " + (end - start) + " rows");
                }
            }
        }
        return ids;
    }
}
