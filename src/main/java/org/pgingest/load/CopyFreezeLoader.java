package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * Initial load: TRUNCATE and {@code COPY ... (FREEZE)} in one transaction. Because the table was emptied in
 * the same (sub)transaction, COPY may write its rows already frozen and marked visible, so the first VACUUM
 * and the first readers do not have to rewrite every page to set hint bits. <b>Replaces the table's
 * contents</b>: for loading an empty or disposable table only.
 */
public final class CopyFreezeLoader extends AtomicLoader {
    private final CopyFormat format;

    public CopyFreezeLoader(CopyFormat format) {
        this.format = format;
    }

    @Override
    public String name() {
        return "copy-freeze-" + format.name().toLowerCase(Locale.ROOT);
    }

    @Override
    protected boolean replacesTableContents() {
        return true;
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("TRUNCATE " + table.qualifiedName());
        }
        return CopyWriter.copy(connection, format.copySql(table.qualifiedName(), table.columnList(), "FREEZE"),
                format, table.columns(), rows);
    }
}
