package org.pgingest.load;

import org.postgresql.core.BaseConnection;
import org.pgingest.workload.Table;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * addBatch/executeBatch of a one-row statement, {@code batchSize} rows per executeBatch. pgjdbc pipelines a
 * batch: many Bind/Execute messages, one Sync, so a batch costs about one round trip. With
 * reWriteBatchedInserts it also folds the rows into multi-row statements (then entries are no longer rows).
 */
final class BatchWriter {
    /** pgjdbc's BatchUpdateException message: "Batch entry 12 INSERT INTO ... was aborted: ...". */
    private static final Pattern ENTRY = Pattern.compile("Batch entry (\\d+) ");

    private BatchWriter() {
    }

    static boolean rewriteEnabled(Connection connection) throws SQLException {
        return connection.unwrap(BaseConnection.class).getQueryExecutor().isReWriteBatchedInsertsEnabled();
    }

    /**
     * @param entriesAreRows whether a failed entry's number is a row number (false when the driver rewrote
     *                       the batch into multi-row statements)
     */
    static long write(Connection connection, String sql, Table table, Iterable<Object[]> rows, int batchSize,
                      boolean entriesAreRows) throws SQLException {
        long sent = 0;
        long batchStart = 0;
        // When entries are not rows, a failed batch is named as a chunk, so the batch's rows are kept.
        List<Object[]> batch = entriesAreRows ? null : new ArrayList<>(Math.min(batchSize, 65_536));
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            int inBatch = 0;
            for (Object[] row : rows) {
                Statements.bindRow(ps, table.columns(), row, 1);
                ps.addBatch();
                sent++;
                if (batch != null) {
                    batch.add(row);
                }
                if (++inBatch == batchSize) {
                    execute(ps, batchStart, batch);
                    batchStart = sent;
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                execute(ps, batchStart, batch);
            }
        }
        return sent;
    }

    private static void execute(PreparedStatement ps, long batchStart, List<Object[]> batch) throws SQLException {
        if (batch == null) {
            executeLocated(ps, batchStart, true);
            return;
        }
        try {
            ps.executeBatch();
        } catch (SQLException e) {
            throw new ChunkFailure(batchStart, new ArrayList<>(batch), e);
        } finally {
            batch.clear();
        }
    }

    /** executeBatch, turning "Batch entry N" into the row index batchStart + N when entries are rows. */
    static void executeLocated(PreparedStatement ps, long batchStart, boolean entriesAreRows) throws SQLException {
        try {
            ps.executeBatch();
        } catch (BatchUpdateException e) {
            Matcher m = ENTRY.matcher(String.valueOf(e.getMessage()));
            if (entriesAreRows && m.find()) {
                throw new LocatedFailure(batchStart + Long.parseLong(m.group(1)), e);
            }
            throw e;
        }
    }
}
