package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code INSERT INTO t (...) SELECT ... FROM unnest('{...}'::text[], '{...}'::timestamptz[], ...)} with one typed
 * array literal per column in the statement text: the UNNEST variant of the published measurement. Each array is
 * one constant however many rows it holds, so planning does not grow with the row count the way
 * {@link LiteralValuesLoader}'s does. The select is {@link UnnestLoader}'s, over literals instead of parameters.
 */
final class LiteralUnnestLoader extends LiteralLoader {

    /** @param rowsPerStatement rows per statement; 0 = all rows in one statement */
    LiteralUnnestLoader(int rowsPerStatement) {
        super("literal-unnest", rowsPerStatement);
    }

    @Override
    String sql(SqlLiterals literals, Table table, List<Object[]> chunk) throws SQLException {
        List<Column> columns = table.columns();
        List<String> arrays = new ArrayList<>(columns.size());
        for (int c = 0; c < columns.size(); c++) {
            List<Object> values = new ArrayList<>(chunk.size());
            for (Object[] row : chunk) {
                values.add(row[c]);
            }
            StringBuilder array = new StringBuilder();
            literals.appendArray(array, columns.get(c).codec(), values, arrayType(columns.get(c)));
            arrays.add(array.toString());
        }
        return table.insertInto() + " " + UnnestLoader.select(table, arrays, false);
    }

    /**
     * The array literal's type, as published: the column's type's array ({@code '{...}'::timestamptz[]}). An array
     * column's values travel as a text[] of array literals instead: unnest of a two-dimensional array would yield its
     * scalars, and a multidimensional array must be rectangular where the column's arrays need not be. A composite
     * column's travel as a text[] too: unnest of an array of a composite type yields its fields as columns of their
     * own, shifting the aliases of the columns after it.
     */
    private static String arrayType(Column column) {
        String cast = column.codec().castType();
        return cast.endsWith("]") || column.type().kind() == 'c' ? "text[]" : cast + "[]";
    }
}
