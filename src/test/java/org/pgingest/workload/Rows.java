package org.pgingest.workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Canonical text of rows as the server prints their values ({@code col::text}), for exact comparison of what a
 * table holds with what the server reads from what was sent: each value quoted and escaped, so that an empty
 * string and NULL differ and no separator is ambiguous.
 */
public final class Rows {
    private Rows() {
    }

    /**
     * Every row's loader columns of {@code table} as the server prints them ({@code col::text}, null for NULL), in no
     * particular order: what is compared with what was sent on the server's own text output.
     */
    public static List<String[]> readAll(Connection connection, Table table) throws SQLException {
        List<Column> columns = table.columns();
        List<String[]> rows = new ArrayList<>();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT " + columns.stream().map(c -> c.quoted() + "::text")
                     .collect(Collectors.joining(", ")) + " FROM " + table.qualifiedName())) {
            while (rs.next()) {
                String[] row = new String[columns.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = rs.getString(i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
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
