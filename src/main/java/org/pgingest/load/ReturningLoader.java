package org.pgingest.load;

import org.pgingest.workload.Identifiers;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Inserts rows and hands back their generated ids, in input order: {@code ids[i]} is the id of
 * {@code rows.get(i)}. Atomic like every {@link AtomicLoader}.
 */
public abstract class ReturningLoader extends AtomicLoader {

    /** Loads the rows and returns their generated ids in input order. */
    public final long[] loadReturningIds(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        requireSupported(table);
        return Transactions.atomically(connection, () -> writeReturning(connection, table, checkedList(table, rows)),
                failure -> locate(connection, table, rows, failure));
    }

    /** Shapes with a generated id. */
    @Override
    public Set<TableShape> shapes() {
        return EnumSet.of(TableShape.USERS, TableShape.ARTICLES);
    }

    @Override
    protected final long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        return writeReturning(connection, table, asList(rows)).length;
    }

    /** Writes inside the caller's transaction and returns the ids in input order. */
    protected abstract long[] writeReturning(Connection connection, Table table, List<Object[]> rows) throws SQLException;

    /** The rows, each passed through {@link RowCheck}. */
    private static List<Object[]> checkedList(Table table, List<Object[]> rows) throws LocatedFailure {
        List<Object[]> checked = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            checked.add(RowCheck.checked(table.columns(), rows.get(i), i));
        }
        return checked;
    }

    /** The generated id column of the table's shape. */
    static String idColumn(Table table) {
        return table.shape().idColumn().orElseThrow();
    }

    /**
     * The statement that inserts the rows of the CTE {@code input} (the table's columns and {@code ord}, the
     * row's position) and returns their ids ordered by {@code ord}. SQL does not promise RETURNING in insertion
     * order, so the returned rows are joined back to the input on the unique key. The join compares the key as
     * it was stored: the server stores a varchar(n) value with trailing spaces beyond n cut off (the SQL
     * standard's rule, not an error), and an explicit cast to the column's type cuts the same way, so such a
     * row still finds its id.
     *
     * @param input the CTE, e.g. {@code input (a, b, ord) AS (VALUES ...)}
     */
    static String insertReturningIdsInOrder(Table table, String key, String input) {
        String keyType = table.columns().stream().filter(c -> c.name().equals(key)).findFirst().orElseThrow()
                .codec().sqlType();
        String id = Identifiers.quote(idColumn(table));
        String k = Identifiers.quote(key);
        return "WITH " + input + ", ins AS (" + table.insertInto() + " SELECT " + table.columnList()
                + " FROM input ORDER BY ord RETURNING " + id + ", " + k + ") SELECT ins." + id
                + " FROM ins JOIN input ON ins." + k + " = input." + k + "::" + keyType + " ORDER BY input.ord";
    }
}
