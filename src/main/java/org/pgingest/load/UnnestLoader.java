package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;
import org.pgingest.workload.types.TypeCodec;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code INSERT INTO t (...) SELECT u.c0::t1, ... FROM unnest(?::text[], ?::text[], ...) AS u(c0, ...)}: one array
 * parameter per column, whatever the row count, so the statement text and its plan are the same for every chunk.
 * That is the planning time multi-row VALUES pays and this path does not. Every column travels as a text array of
 * its values' text forms and is cast to its type per row ({@link TypeCodec#castType}): one form for every type,
 * arrays included (unnest of a two-dimensional array would yield its scalars, a text[] of array literals does not).
 */
final class UnnestLoader extends AtomicLoader {
    private final int rowsPerStatement;

    /** @param rowsPerStatement rows per statement; 0 = all rows in one statement */
    UnnestLoader(int rowsPerStatement) {
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
     * SELECT ... FROM unnest(?::text[], ...) AS u(...), one output column per table column, typed and named
     * like it; with {@code ordinality}, also {@link ReturningLoader#ORDINAL}, the row's 1-based position in the arrays.
     */
    static String select(Table table, boolean ordinality) {
        return select(table, table.columns().stream().map(c -> "?::text[]").toList(), ordinality);
    }

    /**
     * The same select over {@code arrays}, one array expression per table column, each element cast to the column's
     * type ({@link TypeCodec#castType}; a no-op where the array already has it): parameters, or literals written
     * into the text.
     */
    static String select(Table table, List<String> arrays, boolean ordinality) {
        List<Column> columns = table.columns();
        List<String> selects = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            String alias = "c" + i;
            aliases.add(alias);
            selects.add("u." + alias + "::" + columns.get(i).codec().castType() + " AS " + columns.get(i).quoted());
        }
        if (ordinality) {
            aliases.add(ReturningLoader.ORDINAL);
            selects.add("u." + ReturningLoader.ORDINAL);
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
            TypeCodec codec = columns.get(c).codec();
            String[] texts = new String[chunk.size()];
            for (int r = 0; r < texts.length; r++) {
                Object v = chunk.get(r)[c];
                texts[r] = v == null ? null : codec.text(v);
            }
            Array array = connection.createArrayOf("text", texts);
            ps.setArray(c + 1, array);
        }
    }

    private static long execute(Connection connection, PreparedStatement ps, Table table, List<Object[]> chunk)
            throws SQLException {
        bindColumns(connection, ps, table, chunk);
        return ps.executeUpdate();
    }
}
