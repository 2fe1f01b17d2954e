package org.pgingest.load;

import org.pgingest.workload.Column;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The three COPY formats and their row encoders. Escaping follows the COPY documentation exactly; the
 * tests feed every character the formats treat specially through each.
 */
public enum CopyFormat {
    /**
     * Tab-separated, {@code \N} for NULL; backslash, newline, carriage return and tab are backslash-escaped
     * (so the end-of-data marker {@code \.} can never appear on a line of its own).
     */
    TEXT("") {
        @Override
        int writeRow(DataOutputStream out, List<Column> columns, Object[] row, StringBuilder scratch) throws IOException {
            scratch.setLength(0);
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    scratch.append('\t');
                }
                Object v = row[i];
                if (v == null) {
                    scratch.append("\\N");
                    continue;
                }
                String s = columns.get(i).type().text(v);
                for (int j = 0; j < s.length(); j++) {
                    char ch = s.charAt(j);
                    switch (ch) {
                        case '\\' -> scratch.append("\\\\");
                        case '\n' -> scratch.append("\\n");
                        case '\r' -> scratch.append("\\r");
                        case '\t' -> scratch.append("\\t");
                        default -> scratch.append(ch);
                    }
                }
            }
            scratch.append('\n');
            out.write(scratch.toString().getBytes(StandardCharsets.UTF_8));
            return 0;
        }
    },
    /**
     * Comma-separated; NULL is an unquoted empty field and every non-null value is quoted (quotes doubled),
     * so the empty string stays distinct from NULL and a quoted {@code \.} is data, not end-of-data.
     */
    CSV("FORMAT csv") {
        @Override
        int writeRow(DataOutputStream out, List<Column> columns, Object[] row, StringBuilder scratch) throws IOException {
            scratch.setLength(0);
            int lineBreaks = 0;
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    scratch.append(',');
                }
                Object v = row[i];
                if (v == null) {
                    continue;
                }
                String s = columns.get(i).type().text(v);
                scratch.append('"');
                for (int j = 0; j < s.length(); j++) {
                    char ch = s.charAt(j);
                    if (ch == '"') {
                        scratch.append('"');
                    } else if (ch == '\n') {
                        lineBreaks++;
                    }
                    scratch.append(ch);
                }
                scratch.append('"');
            }
            scratch.append('\n');
            out.write(scratch.toString().getBytes(StandardCharsets.UTF_8));
            return lineBreaks;
        }
    },
    /**
     * PostgreSQL's binary tuple format: 11-byte signature, flags and header-extension length, then per row
     * a field count and per field its length (-1 for NULL) and send form; trailer -1. Types must match the
     * columns exactly (int4 is not int8). pgjdbc does not encode rows; the encoder is the suite's own
     * ({@code ColumnType.writeBinary} on a big-endian DataOutputStream) because the format is small and the
     * types few, where the library alternative (pgbulkinsert, last released for Java 11) brings a mapping
     * model of its own.
     */
    BINARY("FORMAT binary") {
        private final byte[] signature = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};

        @Override
        void writeHeader(DataOutputStream out) throws IOException {
            out.write(signature);
            out.writeInt(0);
            out.writeInt(0);
        }

        @Override
        int writeRow(DataOutputStream out, List<Column> columns, Object[] row, StringBuilder scratch) throws IOException {
            out.writeShort(row.length);
            for (int i = 0; i < row.length; i++) {
                if (row[i] == null) {
                    out.writeInt(-1);
                } else {
                    columns.get(i).type().writeBinary(out, row[i]);
                }
            }
            return 0;
        }

        @Override
        void writeTrailer(DataOutputStream out) throws IOException {
            out.writeShort(-1);
        }
    };

    private final String option;

    CopyFormat(String option) {
        this.option = option;
    }

    /** COPY table (cols) FROM STDIN with this format and any extra options (e.g. FREEZE). */
    String copySql(String qualifiedTable, String columnList, String... extraOptions) {
        return copyFromSql(qualifiedTable, columnList, "STDIN", extraOptions);
    }

    /** The same from {@code source}: STDIN, or a quoted file name the server opens itself. */
    String copyFromSql(String qualifiedTable, String columnList, String source, String... extraOptions) {
        StringBuilder options = new StringBuilder(option);
        for (String extra : extraOptions) {
            if (!options.isEmpty()) {
                options.append(", ");
            }
            options.append(extra);
        }
        return "COPY " + qualifiedTable + " (" + columnList + ") FROM " + source + (options.isEmpty() ? "" : " (" + options + ")");
    }

    void writeHeader(DataOutputStream out) throws IOException {
    }

    /**
     * Writes one row and returns how many line breaks PostgreSQL will count inside it (beyond the one that
     * ends it): only CSV's quoted newlines count, and they shift the "line N" of the server's errors.
     */
    abstract int writeRow(DataOutputStream out, List<Column> columns, Object[] row, StringBuilder scratch) throws IOException;

    void writeTrailer(DataOutputStream out) throws IOException {
    }
}
