package org.pgingest.workload.types;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An array value a Java List cannot describe: more than one dimension, or lower bounds other than 1
 * ({@code [0:1]={7,8}}, {@code {{1,2},{3,4}}}). One-dimensional arrays from 1 stay Lists. Public: an application
 * hands one to a loader for such a column (docs/methods.md).
 *
 * @param lengths     each dimension's length, outermost first (1 to 6 of them: MAXDIM, PostgreSQL 14-18)
 * @param lowerBounds each dimension's lower bound
 * @param elements    the elements in row-major order (the order array_out prints them), null for NULL
 */
public record PgArray(List<Integer> lengths, List<Integer> lowerBounds, List<Object> elements) {
    /** MAXDIM in utils/array.h. */
    static final int MAX_DIMENSIONS = 6;

    public PgArray {
        lengths = List.copyOf(lengths);
        lowerBounds = List.copyOf(lowerBounds);
        elements = Collections.unmodifiableList(new ArrayList<>(elements));
        if (lengths.isEmpty() || lengths.size() != lowerBounds.size()) {
            throw new IllegalArgumentException("an array needs a length and a lower bound for each of its dimensions, had "
                    + lengths + " and " + lowerBounds);
        }
        long count = 1;
        for (int length : lengths) {
            count *= length;
        }
        if (count != elements.size()) {
            throw new IllegalArgumentException("dimensions " + lengths + " hold " + count + " elements, not " + elements.size());
        }
    }

    /** Whether a Java List holds the same array: one dimension from 1. */
    boolean isPlainList() {
        return lengths.size() == 1 && lowerBounds.get(0) == 1;
    }
}
