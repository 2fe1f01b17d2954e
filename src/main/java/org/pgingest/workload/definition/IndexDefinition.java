package org.pgingest.workload.definition;

import java.util.List;

/**
 * An index that backs no constraint.
 *
 * @param name       its name
 * @param unique     UNIQUE
 * @param predicate  a partial index's WHERE expression; null for a whole-table index
 * @param keys       each key column or expression as {@code pg_get_indexdef(oid, k, true)} prints it
 * @param plainKeys  the key columns when every key is a plain column; empty when any is an expression
 * @param columns    the table columns it reads, in keys, expressions or predicate (for choosing key values)
 * @param method     "USING ..." and everything after it in {@code pg_get_indexdef}: the index on any table of the
 *                   same columns
 */
public record IndexDefinition(String name, boolean unique, String predicate, List<String> keys, List<String> plainKeys,
                              List<String> columns, String method) {
    public IndexDefinition {
        keys = List.copyOf(keys);
        plainKeys = List.copyOf(plainKeys);
        columns = List.copyOf(columns);
    }
}
