package org.pgingest.workload.definition;

import java.util.List;

/**
 * Rows of a user's own ({@code --rows FILE.csv}, or {@code --sample N} rows read from a live table), as text: the
 * form the server prints and reads each value in, null for NULL.
 *
 * @param source where they came from, for people
 * @param header the column names, in the rows' order
 * @param rows   the rows, each as long as the header
 * @param lines  each row's (first) line in its file; empty for rows read from a table
 */
public record SampleRows(String source, List<String> header, List<List<String>> rows, List<Long> lines) {
    public SampleRows {
        header = List.copyOf(header);
        rows = List.copyOf(rows);
        lines = List.copyOf(lines);
        if (!lines.isEmpty() && lines.size() != rows.size()) {
            throw new IllegalArgumentException(lines.size() + " lines for " + rows.size() + " rows");
        }
    }

    /** Where the row at {@code index} is, for people: {@code --rows r.csv line 7}, {@code --sample 100 of t, row 3}. */
    public String row(int index) {
        return lines.isEmpty() ? source + ", row " + (index + 1) : source + " line " + lines.get(index);
    }
}
