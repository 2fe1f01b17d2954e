package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * JDBC addBatch/executeBatch of a one-row INSERT, all batches in one transaction (wrap in
 * {@link CommitEveryLoader} for a commit size). Two variants:
 * <ul>
 *   <li>plain: pgjdbc pipelines each batch (the analogue of pgx's SendBatch); a batch of more than one entry
 *       is server-prepared at once (one parse, a bind per row). Most values are bound as untyped text that the
 *       server reads with each column's input function; only those the codecs bind with a JDBC type of their own
 *       (integers, floats, booleans, uuid, bytea) may travel in pgjdbc's binary form (42.7);</li>
 *   <li>rewritten: the connection has {@code reWriteBatchedInserts=true} and pgjdbc folds rows into multi-row
 *       INSERTs (up to 128 rows each before 42.7.13, power-of-two blocks; larger since). Batch sizes that are
 *       powers of two avoid odd tail statements.</li>
 * </ul>
 * {@link BatchUpsertLoader} is the same with an ON CONFLICT clause.
 */
class BatchLoader extends AtomicLoader {
    private final String kind;
    private final int batchSize;
    private final boolean rewrite;

    BatchLoader(String kind, int batchSize, boolean rewrite) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1, was " + batchSize);
        }
        this.kind = kind;
        this.batchSize = batchSize;
        this.rewrite = rewrite;
    }

    static BatchLoader plain(int batchSize) {
        return new BatchLoader("batch", batchSize, false);
    }

    static BatchLoader rewritten(int batchSize) {
        return new BatchLoader("batch", batchSize, true);
    }

    @Override
    public String name() {
        return kind + (rewrite ? "-rewritten-" : "-") + batchSize;
    }

    @Override
    public Map<String, String> driverOptions() {
        return rewrite ? Map.of("reWriteBatchedInserts", "true") : Map.of();
    }

    /** The one-row statement each batch entry runs. */
    String sql(Table table) {
        return Statements.insertValues(table, 1);
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        String sql = sql(table);
        boolean rewriting = BatchWriter.rewriteEnabled(connection);
        if (rewrite && !rewriting) {
            throw new IllegalStateException(name() + " needs a connection opened with reWriteBatchedInserts=true "
                    + "(see driverOptions())");
        }
        return BatchWriter.write(connection, sql, table, rows, batchSize, !rewriting);
    }
}
