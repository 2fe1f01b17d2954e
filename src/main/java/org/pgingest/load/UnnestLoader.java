package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code INSERT INTO t (...) SELECT * FROM unnest(?::t1[], ?::t2[], ...)}: one array parameter per column,
 * whatever the row count, so the statement text and its plan are the same for every chunk. That is the
 * planning time multi-row VALUES pays and this path does not.
 */
public final class UnnestLoader extends AtomicLoader {
    private final int rowsPerStatement;

    /** @param rowsPerStatement rows per statement; 0 = all rows in one statement */
    public UnnestLoader(int rowsPerStatement) {
        if (rowsPerStatement < 0) {
            throw new IllegalArgumentException("rowsPerStatement must be 0 (all) or more, was " + rowsPerStatement);
        }
        this.rowsPerStatement = rowsPerStatement;
    }

    @Override
    public String name() {
        return "unnest" + (rowsPerStatement == 0 ? "" : "-" + rowsPerStatement);
    }

    /** The statement: the same text for any number of rows. */
    static String sql(Table table) {
        return table.insertInto() + " " + select(table, false);
    }

    /**
     * SELECT ... FROM unnest(?::type[], ...) AS u(...), one output column per table column, typed and named
     * like it; with {@code ordinality}, also {@code ord}, the row's 1-based position in the arrays.
     */
    static String select(Table table, boolean ordinality) {
        return select(table, table.columns().stream().map(c -> "?::" + c.type().unnestArrayType()).toList(), ordinality);
    }

    /**
     * The same select over {@code arrays}, one array expression per table column (of the type
     * {@link org.pgingest.workload.ColumnType#unnestArrayType()} names): parameters, or literals written into the text.
     */
    static String select(Table table, List<String> arrays, boolean ordinality) {
        List<Column> columns = table.columns();
        List<String> selects = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            String alias = "c" + i;
            aliases.add(alias);
            selects.add(columns.get(i).type().unnestSelect("u." + alias) + " AS " + columns.get(i).name());
        }
        if (ordinality) {
            aliases.add("ord");
            selects.add("u.ord");
        }
        return "SELECT " + String.join(", ", selects) + " FROM unnest(" + String.join(", ", arrays) + ")"
                + (ordinality ? " WITH ORDINALITY" : "") + " AS u(" + String.join(", ", aliases) + ")";
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(sql(table))) {
            return Chunks.statements(rows, rowsPerStatement, (chunk, offset) -> execute(connection, ps, table, chunk));
        }
    }

    /** Binds one array per column (values of that column across the chunk of checked rows). */
    static void bindColumns(Connection connection, PreparedStatement ps, Table table, List<Object[]> chunk)
            throws SQLException {
        List<Column> columns = table.columns();
        for (int c = 0; c < columns.size(); c++) {
            List<Object> values = new ArrayList<>(chunk.size());
            for (Object[] row : chunk) {
                values.add(row[c]);
            }
            Array array = columns.get(c).type().unnestArray(connection, values);
            ps.setArray(c + 1, array);
        }
    }

    private static long execute(Connection connection, PreparedStatement ps, Table table, List<Object[]> chunk)
            throws SQLException {
        bindColumns(connection, ps, table, chunk);
        return ps.executeUpdate();
    }
}
