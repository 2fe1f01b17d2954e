package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * Binary COPY into a staging table, then {@code INSERT INTO t SELECT ... FROM staging ON CONFLICT DO NOTHING} (rows
 * whose key exists, or repeats in the input, are skipped), then the staging table dropped; all in one transaction.
 * The staging table is a TEMP table (ON COMMIT DROP), the session's own: no WAL for the staged rows, as an UNLOGGED
 * table, and calls on several connections at once share nothing. (A shared {@code <table>_staging}, COPY then
 * TRUNCATE in each call's transaction, deadlocked two overlapping calls with each other: 40P01.) It is dropped
 * explicitly too: ON COMMIT DROP covers a transaction of the loader's own, but inside a caller's transaction another
 * call would find it still there.
 */
final class StagedDedupeLoader extends AtomicLoader {
    /** The staging table's name, in the session's temporary schema. */
    static final String STAGING = "pgib_dedupe_staging";
    /** Always named with its schema, as {@link StagedInput}'s table and for its reason. */
    private static final String QUALIFIED = "pg_temp." + STAGING;

    /** The rows reach staging by binary COPY. */
    @Override
    public Set<TableNeed> needs() {
        return Set.of(TableNeed.BINARY_CODECS);
    }

    @Override
    public String name() {
        return "staged-dedupe";
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        long inserted;
        try (Statement st = connection.createStatement()) {
            // Same column types as the target but no constraints: staging accepts duplicates for the INSERT to skip.
            st.execute("CREATE TEMP TABLE " + QUALIFIED + " (" + table.columnDefinitions() + ") ON COMMIT DROP");
            CopyWriter.copy(connection, QUALIFIED, STAGING, table, CopyFormat.BINARY, rows);
            inserted = st.executeUpdate(table.insertInto() + " SELECT " + table.columnList() + " FROM " + QUALIFIED
                    + " ON CONFLICT DO NOTHING");
            st.execute("DROP TABLE " + QUALIFIED);
        }
        return inserted;
    }
}
