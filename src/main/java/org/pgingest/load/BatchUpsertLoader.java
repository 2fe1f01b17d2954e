package org.pgingest.load;

import org.pgingest.workload.Table;

import java.util.Set;

/**
 * Upsert row by row through a JDBC batch: {@code INSERT ... VALUES (?, ...) ON CONFLICT (key) DO UPDATE SET
 * c = EXCLUDED.c}. Plain batches run one statement per row, so a key repeated in the input simply updates
 * twice; with reWriteBatchedInserts (the statement qualifies: no parameter after VALUES) rows are folded
 * into multi-row statements, and a key repeated within one of them fails with "ON CONFLICT DO UPDATE
 * command cannot affect row a second time".
 */
final class BatchUpsertLoader extends BatchLoader {

    private BatchUpsertLoader(int batchSize) {
        super("batch-upsert", batchSize, false);
    }

    static BatchUpsertLoader plain(int batchSize) {
        return new BatchUpsertLoader(batchSize);
    }

    @Override
    public Set<TableNeed> needs() {
        return Set.of(TableNeed.UNIQUE_KEY);
    }

    @Override
    String sql(Table table) {
        return super.sql(table) + Statements.onConflictUpdate(table, requireConflictKey(table, name()));
    }
}
