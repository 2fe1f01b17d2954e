package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * Binary COPY into an UNLOGGED staging table (no WAL for the staged rows), then
 * {@code INSERT INTO t SELECT ... FROM staging ON CONFLICT DO NOTHING} (rows whose key exists, or repeats
 * in the input, are skipped), then TRUNCATE staging; all in one transaction. The staging table is the
 * suite's own ({@code <table>_staging}), created on first use. One staging table per target table: calls
 * on several connections at once serialise on it.
 */
public final class StagedDedupeLoader extends AtomicLoader {

    /** The rows reach staging by binary COPY. */
    @Override
    public Set<TableNeed> needs() {
        return Set.of(TableNeed.BINARY_CODECS);
    }

    @Override
    public String name() {
        return "staged-dedupe";
    }

    static String stagingName(Table table) {
        return table.name() + "_staging";
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        String staging = ensureStaging(connection, table);
        CopyWriter.copy(connection, staging, table, CopyFormat.BINARY, rows);
        long inserted;
        try (Statement st = connection.createStatement()) {
            inserted = st.executeUpdate(table.insertInto() + " SELECT " + table.columnList() + " FROM " + staging
                    + " ON CONFLICT DO NOTHING");
            st.execute("TRUNCATE " + staging);
        }
        return inserted;
    }

    private static String ensureStaging(Connection connection, Table table) throws SQLException {
        String staging = table.schema().qualify(stagingName(table));
        try (PreparedStatement ps = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            ps.setString(1, staging);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getBoolean(1)) {
                    return staging;
                }
            }
        }
        // Same column types as the target but no constraints: staging accepts duplicates for the INSERT to skip.
        table.schema().recreateTable(connection, stagingName(table), "(" + table.columnDefinitions() + ")", true);
        return staging;
    }
}
