package org.pgingest.workload.types;

/**
 * A codec whose checked values have the order of their PostgreSQL type (the subtype's btree order a range
 * uses), and for a discrete type the next value, as a range's canonical function computes it.
 */
interface OrderedCodec extends TypeCodec {
    /** Compares two checked non-null values as the type's default btree operator class does. */
    int compare(Object a, Object b);

    /**
     * The value after {@code v} for a discrete type (int4, int8, date), {@code v} itself for a value the canonical
     * function leaves alone (date 'infinity'); null for a continuous type.
     */
    default Object next(Object v) {
        return null;
    }
}
