package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumSet;
import java.util.Set;

/**
 * Initial load: TRUNCATE and {@code COPY ... (FREEZE)} in one transaction. Because the table was emptied in
 * the same (sub)transaction, COPY may write its rows already frozen and marked visible, so the first VACUUM
 * and the first readers do not have to rewrite every page to set hint bits. <b>Replaces the table's
 * contents</b>: for loading an empty or disposable table only.
 */
final class CopyFreezeLoader extends CopyLoader {

    CopyFreezeLoader(CopyFormat format) {
        super(format);
    }

    /** COPY FREEZE refuses a partitioned table; binary, like any binary COPY, needs every column's binary form. */
    @Override
    public Set<TableNeed> needs() {
        Set<TableNeed> needs = EnumSet.of(TableNeed.PLAIN_TABLE);
        needs.addAll(super.needs());
        return needs;
    }

    @Override
    public String name() {
        return super.name().replace("copy-", "copy-freeze-");
    }

    @Override
    public boolean replacesTableContents() {
        return true;
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("TRUNCATE " + table.qualifiedName());
        }
        return super.write(connection, table, rows);
    }

    @Override
    String[] copyOptions() {
        return new String[] {"FREEZE"};
    }
}
