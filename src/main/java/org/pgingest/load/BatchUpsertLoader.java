package org.pgingest.load;

import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Upsert row by row through a JDBC batch: {@code INSERT ... VALUES (?, ...) ON CONFLICT (key) DO UPDATE SET
 * c = EXCLUDED.c}. Plain batches run one statement per row, so a key repeated in the input simply updates
 * twice; with reWriteBatchedInserts (the statement qualifies: no parameter after VALUES) rows are folded
 * into multi-row statements, and a key repeated within one of them fails with "ON CONFLICT DO UPDATE
 * command cannot affect row a second time".
 */
public final class BatchUpsertLoader extends AtomicLoader {
    private final int batchSize;
    private final boolean rewrite;

    private BatchUpsertLoader(int batchSize, boolean rewrite) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1, was " + batchSize);
        }
        this.batchSize = batchSize;
        this.rewrite = rewrite;
    }

    public static BatchUpsertLoader plain(int batchSize) {
        return new BatchUpsertLoader(batchSize, false);
    }

    public static BatchUpsertLoader rewritten(int batchSize) {
        return new BatchUpsertLoader(batchSize, true);
    }

    @Override
    public String name() {
        return (rewrite ? "batch-upsert-rewritten-" : "batch-upsert-") + batchSize;
    }

    @Override
    public Set<TableShape> shapes() {
        return EnumSet.of(TableShape.USERS, TableShape.ARTICLES);
    }

    @Override
    public Map<String, String> driverOptions() {
        return rewrite ? Map.of("reWriteBatchedInserts", "true") : Map.of();
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        String key = requireConflictKey(table, name());
        boolean rewriting = BatchWriter.rewriteEnabled(connection);
        if (rewrite && !rewriting) {
            throw new IllegalStateException(name() + " needs a connection opened with reWriteBatchedInserts=true");
        }
        return BatchWriter.write(connection, Statements.insertValues(table, 1) + Statements.onConflictUpdate(table, key),
                table, rows, batchSize, !rewriting);
    }
}
