package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One way of getting rows into a table. A row is an {@code Object[]} of the table's
 * {@link Table#columns() loader columns}, each value of its codec's Java type
 * ({@link org.pgingest.workload.types.TypeCodec#javaType()}); null is SQL NULL.
 *
 * <p>Transactions: called on a connection in autocommit mode, an {@linkplain #atomic() atomic} loader runs
 * one transaction and commits it; called inside the caller's transaction (autocommit off), it works under a
 * savepoint and leaves the commit to the caller. Either way a failure leaves the table as it was. Loaders
 * that are not atomic say which rows are at risk.
 *
 * <p>Failures: a row the loader or the server refuses (wrong length or Java type, a null row, a value that
 * cannot be stored exactly, a constraint) throws {@link LoadException} with that row's index in the input;
 * the same row gives the same outcome on every loader. A failure no row caused (no such table, no permission,
 * a broken connection, a statement over a server size limit) is thrown as a plain {@link SQLException},
 * never as a LoadException.
 */
public interface Loader {

    /**
     * Loads {@code rows} into {@code table}.
     *
     * @return the number of rows this call inserted (for upserts: inserted or updated)
     * @throws LoadException when a row is rejected; its {@link LoadException#rowIndex()} is that row's index
     * @throws SQLException  when the load failed for a reason no row caused
     * @throws IllegalArgumentException when the table does not offer what the loader needs ({@link #cannotWrite})
     */
    long load(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException;

    /** Short stable name, e.g. "copy-binary". */
    String name();

    /** What a table must offer this loader. */
    default Set<TableNeed> needs() {
        return Set.of();
    }

    /** Why this loader cannot write {@code table} (the first need it does not meet); empty when it can. */
    default Optional<String> cannotWrite(Table table) {
        for (TableNeed need : TableNeed.values()) {
            if (needs().contains(need)) {
                Optional<String> why = need.unmetBy(table);
                if (why.isPresent()) {
                    return why;
                }
            }
        }
        return Optional.empty();
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
