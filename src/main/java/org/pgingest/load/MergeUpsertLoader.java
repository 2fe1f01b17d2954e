package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Upsert through MERGE (PostgreSQL 15+): binary COPY into a TEMP table, then
 * {@code MERGE INTO t USING (latest row per key) ON key WHEN MATCHED THEN UPDATE WHEN NOT MATCHED THEN INSERT},
 * in one transaction; the last repeat of a key in the input wins, as in {@link CopyUpsertLoader}.
 * Unlike {@code INSERT ... ON CONFLICT}, MERGE does not arbitrate concurrent inserts of the same new key:
 * two sessions merging it at once can fail with a unique violation, so this path suits one writer per key
 * range.
 */
final class MergeUpsertLoader extends AtomicLoader {
    /** MERGE arrived in PostgreSQL 15. */
    private static final int FIRST_MAJOR = 15;

    @Override
    public String name() {
        return "merge-upsert";
    }

    @Override
    public Set<TableNeed> needs() {
        return Set.of(TableNeed.UNIQUE_KEY, TableNeed.BINARY_CODECS);
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        int major = connection.getMetaData().getDatabaseMajorVersion();
        if (major < FIRST_MAJOR) {
            throw new IllegalStateException(name() + " needs PostgreSQL " + FIRST_MAJOR + " or later (MERGE); this server is "
                    + connection.getMetaData().getDatabaseProductVersion() + ": use copy-upsert");
        }
        List<String> key = requireConflictKey(table, name());
        String columns = table.columnList();
        try (Statement st = connection.createStatement()) {
            StagedInput.stage(connection, st, table, rows);
            List<String> updated = table.columns().stream().filter(c -> !key.contains(c.name())).map(Column::quoted)
                    .toList();
            String values = table.columns().stream().map(c -> "s." + c.quoted()).collect(Collectors.joining(", "));
            long merged = st.executeUpdate("MERGE INTO " + table.qualifiedName() + " AS t USING ("
                    + StagedInput.latestPerKey(table, key) + ") AS s ON " + Statements.keysEqual(key, "t", "s")
                    + (updated.isEmpty() ? " WHEN MATCHED THEN DO NOTHING" : " WHEN MATCHED THEN UPDATE SET "
                    + updated.stream().map(c -> c + " = s." + c).collect(Collectors.joining(", ")))
                    + " WHEN NOT MATCHED THEN INSERT (" + columns + ") VALUES (" + values + ")");
            StagedInput.drop(st);
            return merged;
        }
    }
}
