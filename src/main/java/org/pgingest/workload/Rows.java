package org.pgingest.workload;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Canonical text of rows, for exact comparison of what was sent with what the table holds: floats by their
 * bits (so NaN equals NaN and -0.0 differs from 0.0), timestamps by instant, strings quoted and escaped so
 * that empty string and NULL differ and no separator is ambiguous.
 */
public final class Rows {
    private Rows() {
    }

    public static String canonical(Object[] row) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < row.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            appendValue(sb, row[i]);
        }
        return sb.append(')').toString();
    }

    private static void appendValue(StringBuilder sb, Object v) {
        if (v == null) {
            sb.append("NULL");
        } else if (v instanceof String s) {
            sb.append('"');
            s.codePoints().forEach(cp -> {
                if (cp == '"' || cp == '\\') {
                    sb.append('\\').appendCodePoint(cp);
                } else if (cp < 0x20 || cp == 0x7f) {
                    sb.append(String.format("\\x%02x", cp));
                } else {
                    sb.appendCodePoint(cp);
                }
            });
            sb.append('"');
        } else if (v instanceof Double d) {
            sb.append("d:").append(d).append('#').append(Long.toHexString(Double.doubleToLongBits(d)));
        } else if (v instanceof float[] fs) {
            sb.append('[');
            for (int i = 0; i < fs.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(Integer.toHexString(Float.floatToIntBits(fs[i])));
            }
            sb.append(']');
        } else if (v instanceof OffsetDateTime t) {
            sb.append("t:").append(t.toInstant());
        } else {
            sb.append(v.getClass().getSimpleName()).append(':').append(v);
        }
    }

    /** Canonical texts of all rows, sorted: equal lists mean equal multisets of rows. */
    public static List<String> canonicalSorted(Iterable<Object[]> rows) {
        List<String> result = new ArrayList<>();
        for (Object[] row : rows) {
            result.add(canonical(row));
        }
        Collections.sort(result);
        return result;
    }
}
