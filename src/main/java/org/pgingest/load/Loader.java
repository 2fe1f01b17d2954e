package org.pgingest.load;

import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * One way of getting rows into a table. A row is an {@code Object[]} of the table's
 * {@link TableShape#columns() loader columns}, in the Java types {@link org.pgingest.workload.ColumnType}
 * names.
 *
 * <p>Transactions: called on a connection in autocommit mode, an {@linkplain #atomic() atomic} loader runs
 * one transaction and commits it; called inside the caller's transaction (autocommit off), it works under a
 * savepoint and leaves the commit to the caller. Either way a failure leaves the table as it was and throws
 * {@link LoadException} naming the offending row's index in the input. Loaders that are not atomic say
 * which rows are at risk.
 */
public interface Loader {

    /**
     * Loads {@code rows} into {@code table}.
     *
     * @return the number of rows this call inserted (for upserts: inserted or updated)
     * @throws LoadException when a row is rejected; its {@link LoadException#rowIndex()} is that row's index
     * @throws IllegalArgumentException when the loader does not support the table's shape or index profile
     */
    long load(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException;

    /** Short stable name, e.g. "copy-binary". */
    String name();

    /** Shapes this loader can write. */
    default Set<TableShape> shapes() {
        return EnumSet.allOf(TableShape.class);
    }

    /** Driver options the connection must have been opened with (e.g. reWriteBatchedInserts=true). */
    default Map<String, String> driverOptions() {
        return Map.of();
    }

    /** Whether one call is all or nothing. */
    default boolean atomic() {
        return true;
    }
}
