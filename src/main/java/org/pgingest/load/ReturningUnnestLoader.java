package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * UNNEST with RETURNING, ids in input order: {@code unnest(...) WITH ORDINALITY} numbers the input rows,
 * and the returned rows are joined back on the unique key and sorted by that number. One statement for
 * all rows.
 */
public final class ReturningUnnestLoader extends ReturningLoader {

    @Override
    public String name() {
        return "returning-unnest";
    }

    @Override
    protected long[] writeReturning(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        String key = requireConflictKey(table, name());
        long[] ids = new long[rows.size()];
        if (rows.isEmpty()) {
            return ids;
        }
        try (PreparedStatement ps = connection.prepareStatement(sql(table, key))) {
            UnnestLoader.bindColumns(connection, ps, table, rows);
            Returned.readIds(ps, ids, 0, rows.size());
        }
        return ids;
    }

    private static String sql(Table table, String key) {
        List<Column> columns = table.columns();
        List<String> arrays = new ArrayList<>();
        List<String> typed = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            arrays.add("?::" + columns.get(i).type().unnestArrayType());
            typed.add(columns.get(i).type().unnestSelect("u.c" + i) + " AS " + columns.get(i).name());
        }
        List<String> aliases = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            aliases.add("c" + i);
        }
        String list = table.columnList();
        return "WITH input AS (SELECT " + String.join(", ", typed) + ", u.ord FROM unnest(" + String.join(", ", arrays)
                + ") WITH ORDINALITY AS u(" + String.join(", ", aliases) + ", ord)), ins AS (INSERT INTO "
                + table.qualifiedName() + " (" + list + ") SELECT " + list + " FROM input ORDER BY ord RETURNING "
                + idColumn(table) + ", " + key + ") SELECT ins." + idColumn(table) + " FROM ins JOIN input USING (" + key
                + ") ORDER BY input.ord";
    }
}
