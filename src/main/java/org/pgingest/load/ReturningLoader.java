package org.pgingest.load;

import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.SQLException;
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
        return Transactions.atomically(connection, () -> writeReturning(connection, table, rows),
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

    /** The generated id column of the table's shape. */
    static String idColumn(Table table) {
        return table.shape().idColumn().orElseThrow();
    }
}
