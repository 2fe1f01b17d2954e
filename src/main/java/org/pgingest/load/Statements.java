package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;
import org.pgingest.workload.ddl.Identifiers;
import org.pgingest.workload.types.TypeCodec;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;

/** The SQL text of the INSERT-based loaders, and binding rows to it. */
final class Statements {
    /** The protocol's bind-parameter count is an int16: at most 65,535 per statement (pgjdbc 42.4.0+). */
    static final int MAX_BIND_PARAMETERS = 65_535;

    private Statements() {
    }

    /** "(?, ?, ?)" for one row. */
    static String placeholders(Table table) {
        return table.columns().stream().map(c -> "?").collect(Collectors.joining(", ", "(", ")"));
    }

    /** INSERT INTO t (cols) VALUES (?, ...), (?, ...) ... for {@code rowCount} rows. */
    static String insertValues(Table table, int rowCount) {
        String row = placeholders(table);
        StringBuilder sb = new StringBuilder(64 + rowCount * (row.length() + 2))
                .append(table.insertInto()).append(" VALUES ");
        for (int i = 0; i < rowCount; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(row);
        }
        return sb.toString();
    }

    /** Rows per statement that keep a multi-row statement under the bind-parameter ceiling. */
    static int maxRowsPerStatement(Table table) {
        return MAX_BIND_PARAMETERS / table.columns().size();
    }

    /**
     * " ON CONFLICT (k1, k2) DO UPDATE SET c = EXCLUDED.c, ..." for every non-key column (a table of key columns
     * only sets its first key to itself, so that a conflicting row still counts as upserted).
     */
    static String onConflictUpdate(Table table, List<String> key) {
        List<String> set = table.columns().stream().filter(c -> !key.contains(c.name())).map(Column::quoted).toList();
        if (set.isEmpty()) {
            set = List.of(Identifiers.quote(key.get(0)));
        }
        return " ON CONFLICT (" + quoted(key) + ") DO UPDATE SET "
                + set.stream().map(c -> c + " = EXCLUDED." + c).collect(Collectors.joining(", "));
    }

    /** "k1", "k2", ... */
    static String quoted(List<String> columns) {
        return columns.stream().map(Identifiers::quote).collect(Collectors.joining(", "));
    }

    /** "a.k1 = b.k1 AND a.k2 = b.k2" for the key columns. */
    static String keysEqual(List<String> key, String left, String right) {
        return key.stream().map(Identifiers::quote).map(k -> left + "." + k + " = " + right + "." + k)
                .collect(Collectors.joining(" AND "));
    }

    /** Binds one row's values (checked by {@link RowCheck}) starting at parameter {@code firstParameter}. */
    static void bindRow(PreparedStatement ps, List<Column> columns, Object[] row, int firstParameter)
            throws SQLException {
        for (int i = 0; i < row.length; i++) {
            TypeCodec codec = columns.get(i).codec();
            if (row[i] == null) {
                codec.bindNull(ps, firstParameter + i);
            } else {
                codec.bind(ps, firstParameter + i, row[i]);
            }
        }
    }
}
