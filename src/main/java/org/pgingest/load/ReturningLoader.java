package org.pgingest.load;

import org.pgingest.workload.Table;
import org.pgingest.workload.ddl.Identifiers;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Inserts rows and hands back their generated ids, in input order: {@code ids[i]} is the id of
 * {@code rows.get(i)}. Atomic like every {@link AtomicLoader}.
 */
abstract class ReturningLoader extends AtomicLoader {

    /** Loads the rows and returns their generated ids in input order. */
    public final long[] loadReturningIds(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        requireSupported(table);
        return Transactions.atomically(connection, () -> writeReturning(connection, table,
                RowCheck.checkedList(table.columns(), rows)),
                failure -> locate(connection, table, rows, failure));
    }

    /** An id to hand back and, to join the returned rows back to the input, a unique key. */
    @Override
    public Set<TableNeed> needs() {
        return Set.of(TableNeed.RETURNABLE_ID, TableNeed.UNIQUE_KEY);
    }

    @Override
    protected final long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        return writeReturning(connection, table, asList(rows)).length;
    }

    /** Writes inside the caller's transaction and returns the ids in input order. */
    protected abstract long[] writeReturning(Connection connection, Table table, List<Object[]> rows) throws SQLException;

    /** The generated id column of the table's shape. */
    static String idColumn(Table table) {
        return table.idColumn().orElseThrow();
    }

    /**
     * The statement that inserts the rows of the CTE {@code input} (the table's columns and {@link #ORDINAL}, the
     * row's position) and returns their ids ordered by {@code ord}. SQL does not promise RETURNING in insertion
     * order, so the returned rows are joined back to the input on the unique key. The join compares the key as
     * it was stored: the server stores a varchar(n) value with trailing spaces beyond n cut off (the SQL
     * standard's rule, not an error), and an explicit cast to the column's type cuts the same way, so such a
     * row still finds its id.
     *
     * @param input the CTE, e.g. {@code input (a, b, pgib_ord) AS (VALUES ...)}
     */
    static String insertReturningIdsInOrder(Table table, List<String> key, String input) {
        String id = Identifiers.quote(idColumn(table));
        String join = key.stream().map(k -> {
            String type = table.columns().stream().filter(c -> c.name().equals(k)).findFirst().orElseThrow()
                    .codec().sqlType();
            return "ins." + Identifiers.quote(k) + " = input." + Identifiers.quote(k) + "::" + type;
        }).collect(Collectors.joining(" AND "));
        return "WITH " + input + ", ins AS (" + table.insertInto() + " SELECT " + table.columnList()
                + " FROM input ORDER BY " + ORDINAL + " RETURNING " + id + ", " + Statements.quoted(key) + ") SELECT ins."
                + id + " FROM ins JOIN input ON " + join + " ORDER BY input." + ORDINAL;
    }

    /** The input row's position: a name no user column is likely to have. */
    static final String ORDINAL = "pgib_ord";
}
