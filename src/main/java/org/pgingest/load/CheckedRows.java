package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * Rows that have passed {@link RowCheck} for one table's columns, as the check left them (timestamps rounded to the
 * microsecond): every loader given them for those columns sends them without checking them again. Rows of any other
 * kind are checked by every loader as it sends them.
 *
 * <p>Why the benchmarks check their rows before the measured call: the check is the suite's way of making every
 * loader refuse what the server refuses, at the same row; it is not part of any ingest path. Its dearest part is
 * parsing each JSON value on the client, which no COPY or INSERT path does (the server parses json and jsonb itself),
 * so inside the measured region it made a loader's client cost that of the suite rather than of the path. The rows a
 * benchmark generates are checked when it makes them, as their generation is, outside the measured region.
 *
 * <p>The caller must not change the row arrays afterwards: they are the arrays the check passed, not copies.
 */
public final class CheckedRows extends AbstractList<Object[]> implements RandomAccess {
    private final List<Column> columns;
    private final List<Object[]> rows;

    private CheckedRows(List<Column> columns, List<Object[]> rows) {
        this.columns = columns;
        this.rows = rows;
    }

    /** Every row checked for {@code table}'s columns; the first one refused is a LoadException naming its index. */
    public static CheckedRows of(Table table, List<Object[]> rows) throws LoadException {
        try {
            return new CheckedRows(table.columns(), RowCheck.checkedList(table.columns(), rows));
        } catch (LocatedFailure e) {
            throw new LoadException(e.rowIndex(), e.original());
        }
    }

    /** True when these rows were checked for exactly {@code columns} (the same names, types and nullability). */
    boolean checkedFor(List<Column> columns) {
        return this.columns.equals(columns);
    }

    @Override
    public Object[] get(int index) {
        return rows.get(index);
    }

    @Override
    public int size() {
        return rows.size();
    }

    /** A range of checked rows is checked rows: a loader that cuts its input into chunks keeps the mark. */
    @Override
    public CheckedRows subList(int fromIndex, int toIndex) {
        return new CheckedRows(columns, rows.subList(fromIndex, toIndex));
    }
}
