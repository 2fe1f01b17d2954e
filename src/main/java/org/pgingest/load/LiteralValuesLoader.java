package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.sql.SQLException;
import java.util.List;

/**
 * {@code INSERT ... VALUES ('s1', '2024-01-01 00:00:00.000000+00', '12.5'), (...)} with every value in the statement
 * text: what the published UNNEST-vs-VALUES measurement ran (pgbench with a static SQL file per variant). The server
 * parses and plans thousands of constants on every call; that planning is what {@link LiteralUnnestLoader} avoids.
 */
final class LiteralValuesLoader extends LiteralLoader {

    /** @param rowsPerStatement rows per statement; 0 = all rows in one statement */
    LiteralValuesLoader(int rowsPerStatement) {
        super("literal-values", rowsPerStatement);
    }

    @Override
    String sql(SqlLiterals literals, Table table, List<Object[]> chunk) throws SQLException {
        List<Column> columns = table.columns();
        StringBuilder sql = new StringBuilder(64 + chunk.size() * columns.size() * 24).append(table.insertInto()).append(" VALUES ");
        for (int r = 0; r < chunk.size(); r++) {
            sql.append(r == 0 ? "(" : ", (");
            Object[] row = chunk.get(r);
            for (int c = 0; c < columns.size(); c++) {
                if (c > 0) {
                    sql.append(", ");
                }
                literals.appendValue(sql, columns.get(c).codec(), row[c]);
            }
            sql.append(')');
        }
        return sql.toString();
    }
}
