package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The input of a staged upsert: a TEMP table (ON COMMIT DROP) filled by binary COPY, numbering the rows in
 * input order, from which the latest row per key is selected. The table lives in the session's own temporary
 * schema and is dropped by {@link #drop}: ON COMMIT DROP covers a transaction of the loader's own, but inside
 * a caller's transaction another call would find it still there.
 */
final class StagedInput {
    static final String TABLE = "pgib_staged_input";
    /**
     * Always named with its schema: a trigger or CHECK function of a user's DDL may leave the loading session a search
     * path of its own, ahead of which a relation of the file's of this name would be read as the superuser.
     */
    private static final String QUALIFIED = "pg_temp." + TABLE;

    private StagedInput() {
    }

    /** Creates the temp table and copies the rows into it. */
    static void stage(Connection connection, Statement st, Table table, Iterable<Object[]> rows) throws SQLException {
        st.execute("CREATE TEMP TABLE " + QUALIFIED + " (" + ReturningLoader.ORDINAL + " bigint GENERATED ALWAYS AS IDENTITY, "
                + table.columnDefinitions() + ") ON COMMIT DROP");
        CopyWriter.copy(connection, QUALIFIED, TABLE, table, CopyFormat.BINARY, rows);
    }

    /**
     * SELECT of the staged rows, one per key: the last occurrence in the input, since an upsert statement may
     * not touch the same target row twice.
     */
    static String latestPerKey(Table table, List<String> key) {
        String k = Statements.quoted(key);
        return "SELECT DISTINCT ON (" + k + ") " + table.columnList() + " FROM " + QUALIFIED + " ORDER BY " + k + ", " + ReturningLoader.ORDINAL + " DESC";
    }

    static void drop(Statement st) throws SQLException {
        st.execute("DROP TABLE " + QUALIFIED);
    }
}
