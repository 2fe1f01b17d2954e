package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;
import org.pgingest.workload.types.ValueRejectedException;

import java.sql.SQLDataException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The one check every row passes before any loader encodes it: not null, as many values as the table has
 * columns, and each value accepted by its {@link org.pgingest.workload.types.TypeCodec#checked codec}. A row that fails is the
 * row's fault, reported with its index like a row the server rejected; a row whose timestamps the check
 * rounded to the microsecond is replaced by a copy (the caller's array is never changed). Rows checked before
 * the call ({@link CheckedRows}) are not checked again.
 */
final class RowCheck {
    private RowCheck() {
    }

    /** Thrown from an iterator (which cannot throw SQLException); {@link AtomicLoader} unwraps it. */
    static final class Rejected extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Rejected(LocatedFailure failure) {
            super(failure.getMessage(), failure, false, false);
        }

        LocatedFailure failure() {
            return (LocatedFailure) getCause();
        }
    }

    /** The row as encoders must see it, or a LocatedFailure naming {@code index}. */
    static Object[] checked(List<Column> columns, Object[] row, long index) throws LocatedFailure {
        if (row == null) {
            throw rejected(index, ValueRejectedException.WRONG_TYPE, "the row is null");
        }
        if (row.length != columns.size()) {
            throw rejected(index, ValueRejectedException.WRONG_TYPE,
                    "the row has " + row.length + " values, the table takes " + columns.size());
        }
        Object[] result = row;
        for (int i = 0; i < row.length; i++) {
            Object value = row[i];
            if (value == null) {
                continue;
            }
            Object checked;
            try {
                checked = columns.get(i).codec().checked(value);
            } catch (ValueRejectedException e) {
                throw rejected(index, e.sqlState(), "column " + columns.get(i).name() + ": " + e.getMessage());
            }
            if (checked != value) {
                if (result == row) {
                    result = row.clone();
                }
                result[i] = checked;
            }
        }
        return result;
    }

    /** The rows, each checked as it is iterated; a bad row throws {@link Rejected} with its index. */
    static Iterable<Object[]> checking(Table table, Iterable<Object[]> rows) {
        return checking(table.columns(), rows);
    }

    /**
     * The rows of {@code columns}, each checked as it is iterated; a bad row throws {@link Rejected}. Rows
     * {@link CheckedRows} checked for these columns are passed on as they are.
     */
    static Iterable<Object[]> checking(List<Column> columns, Iterable<Object[]> rows) {
        if (alreadyChecked(columns, rows)) {
            return rows;
        }
        return () -> new Iterator<>() {
            private final Iterator<Object[]> source = rows.iterator();
            private long index;

            @Override
            public boolean hasNext() {
                return source.hasNext();
            }

            @Override
            public Object[] next() {
                try {
                    return checked(columns, source.next(), index++);
                } catch (LocatedFailure e) {
                    throw new Rejected(e);
                }
            }
        };
    }

    /**
     * Checks every row before anything is sent, for loaders that commit as they go and would otherwise
     * commit the rows before a bad one. Only input already in memory can be checked up front.
     */
    static void checkAll(Table table, Iterable<Object[]> rows) throws LoadException {
        if (rows instanceof List<Object[]> list && !alreadyChecked(table.columns(), rows)) {
            for (int i = 0; i < list.size(); i++) {
                try {
                    checked(table.columns(), list.get(i), i);
                } catch (LocatedFailure e) {
                    throw new LoadException(i, e.original());
                }
            }
        }
    }

    /**
     * Every row of {@code rows} as {@link #checked} leaves it, in order; the first refused is a LocatedFailure naming
     * its index. Rows {@link CheckedRows} checked for these columns are returned as they are.
     */
    static List<Object[]> checkedList(List<Column> columns, List<Object[]> rows) throws LocatedFailure {
        if (alreadyChecked(columns, rows)) {
            return rows;
        }
        List<Object[]> checked = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            checked.add(checked(columns, rows.get(i), i));
        }
        return checked;
    }

    /** True for rows {@link CheckedRows} checked for exactly these columns: checking them again would find nothing. */
    static boolean alreadyChecked(List<Column> columns, Iterable<Object[]> rows) {
        return rows instanceof CheckedRows checked && checked.checkedFor(columns);
    }

    private static LocatedFailure rejected(long index, String sqlState, String message) {
        return new LocatedFailure(index, new SQLDataException(message, sqlState));
    }
}
