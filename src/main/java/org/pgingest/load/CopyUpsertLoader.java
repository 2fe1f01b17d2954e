package org.pgingest.load;

import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Upsert through COPY: binary COPY into a TEMP table (ON COMMIT DROP), then
 * {@code INSERT INTO t SELECT DISTINCT ON (key) ... ON CONFLICT (key) DO UPDATE}, in one transaction.
 * When a key repeats in the input the last occurrence wins (DO UPDATE cannot touch one row twice in a
 * statement, so repeats are collapsed first, by input order). Returns the rows inserted or updated.
 * The temp table lives in the session's own temporary schema and is dropped at the end of the call.
 */
public final class CopyUpsertLoader extends AtomicLoader {
    private static final String TEMP = "pgib_upsert_input";

    @Override
    public String name() {
        return "copy-upsert";
    }

    @Override
    public Set<TableShape> shapes() {
        return EnumSet.of(TableShape.USERS, TableShape.ARTICLES);
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        String key = requireConflictKey(table, name());
        String columns = table.columnList();
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE TEMP TABLE " + TEMP + " (ord bigint GENERATED ALWAYS AS IDENTITY, "
                    + table.columns().stream().map(c -> c.name() + " " + c.type().sqlType()).collect(Collectors.joining(", "))
                    + ") ON COMMIT DROP");
            CopyWriter.copy(connection, CopyFormat.BINARY.copySql(TEMP, columns), CopyFormat.BINARY, table.columns(), rows);
            long upserted = st.executeUpdate("INSERT INTO " + table.qualifiedName() + " (" + columns + ") SELECT DISTINCT ON ("
                    + key + ") " + columns + " FROM " + TEMP + " ORDER BY " + key + ", ord DESC"
                    + Statements.onConflictUpdate(table, key));
            // ON COMMIT DROP covers a transaction of its own; inside a caller's transaction another call
            // would find the table still there.
            st.execute("DROP TABLE " + TEMP);
            return upserted;
        }
    }
}
