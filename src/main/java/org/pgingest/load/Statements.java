package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Identifiers;
import org.pgingest.workload.Table;
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

    /** " ON CONFLICT (key) DO UPDATE SET c = EXCLUDED.c, ..." for every non-key column. */
    static String onConflictUpdate(Table table, String key) {
        return " ON CONFLICT (" + Identifiers.quote(key) + ") DO UPDATE SET " + table.columns().stream()
                .filter(c -> !c.name().equals(key)).map(Column::quoted)
                .map(c -> c + " = EXCLUDED." + c).collect(Collectors.joining(", "));
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
