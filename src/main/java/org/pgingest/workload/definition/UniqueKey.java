package org.pgingest.workload.definition;

import java.util.List;

/**
 * A set of columns whose values no two rows may share: a PRIMARY KEY, a UNIQUE constraint or a unique index.
 *
 * @param source       the constraint or index that makes it unique
 * @param kind         "primary key", "unique constraint" or "unique index"
 * @param keys         its keys as people read them: columns, or expressions for an expression index
 * @param columns      the table columns its keys (and predicate) read
 * @param plainColumns its key columns when every key is a plain column; empty when any is an expression
 * @param predicate    a partial index's WHERE; null when it covers every row
 */
public record UniqueKey(String source, String kind, List<String> keys, List<String> columns, List<String> plainColumns,
                        String predicate) {
    public UniqueKey {
        keys = List.copyOf(keys);
        columns = List.copyOf(columns);
        plainColumns = List.copyOf(plainColumns);
    }

    /** Keys that are plain columns, on every row: what ON CONFLICT (cols), DISTINCT ON and MERGE ... ON can name. */
    boolean plain() {
        return predicate == null && !plainColumns.isEmpty();
    }

    /** "primary key (a, b)": how people know it, whatever a copy named it. */
    String describe() {
        return kind + " (" + String.join(", ", keys) + ")";
    }
}
