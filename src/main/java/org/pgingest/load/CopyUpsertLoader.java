package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;

/**
 * Upsert through COPY: binary COPY into a TEMP table (ON COMMIT DROP), then
 * {@code INSERT INTO t SELECT DISTINCT ON (key) ... ON CONFLICT (key) DO UPDATE}, in one transaction.
 * When a key repeats in the input the last occurrence wins (DO UPDATE cannot touch one row twice in a
 * statement, so repeats are collapsed first, by input order). Returns the rows inserted or updated.
 * The temp table lives in the session's own temporary schema and is dropped at the end of the call.
 */
final class CopyUpsertLoader extends AtomicLoader {

    @Override
    public String name() {
        return "copy-upsert";
    }

    @Override
    public Set<TableNeed> needs() {
        return Set.of(TableNeed.UNIQUE_KEY, TableNeed.BINARY_CODECS);
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        List<String> key = requireConflictKey(table, name());
        try (Statement st = connection.createStatement()) {
            StagedInput.stage(connection, st, table, rows);
            long upserted = st.executeUpdate(table.insertInto() + " " + StagedInput.latestPerKey(table, key) + Statements.onConflictUpdate(table, key));
            StagedInput.drop(st);
            return upserted;
        }
    }
}
