package org.pgingest.workload.definition;

import java.util.List;

/**
 * Rows of a user's own ({@code --rows FILE.csv}, or {@code --sample N} rows read from a live table), as text: the
 * form the server prints and reads each value in, null for NULL.
 *
 * @param source where they came from, for people
 * @param header the column names, in the rows' order
 * @param rows   the rows, each as long as the header
 */
public record SampleRows(String source, List<String> header, List<List<String>> rows) {
    public SampleRows {
        header = List.copyOf(header);
        rows = List.copyOf(rows);
    }
}
