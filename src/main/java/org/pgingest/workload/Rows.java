package org.pgingest.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Canonical text of rows as the server prints their values ({@code col::text}), for exact comparison of what a
 * table holds with what the server reads from what was sent: each value quoted and escaped, so that an empty
 * string and NULL differ and no separator is ambiguous.
 */
public final class Rows {
    private Rows() {
    }

    /** One row of server texts (null for NULL) as one string. */
    public static String canonical(String[] row) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < row.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            String v = row[i];
            if (v == null) {
                sb.append("NULL");
                continue;
            }
            sb.append('"');
            v.codePoints().forEach(cp -> {
                if (cp == '"' || cp == '\\') {
                    sb.append('\\').appendCodePoint(cp);
                } else if (cp < 0x20 || cp == 0x7f) {
                    sb.append(String.format("\\x%02x", cp));
                } else {
                    sb.appendCodePoint(cp);
                }
            });
            sb.append('"');
        }
        return sb.append(')').toString();
    }

    /** Canonical texts of all rows, sorted: equal lists mean equal multisets of rows. */
    public static List<String> canonicalSorted(Iterable<String[]> rows) {
        List<String> result = new ArrayList<>();
        for (String[] row : rows) {
            result.add(canonical(row));
        }
        Collections.sort(result);
        return result;
    }
}
