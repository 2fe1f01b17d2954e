package org.pgingest.load;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Streams rows through {@code COPY ... FROM STDIN}: rows are encoded into a buffer of about
 * {@value #FLUSH_BYTES} bytes that is handed to the driver and reused, so client memory does not grow with
 * the number of rows. A rejected row is located from the server's error context ("COPY t, line N"): N counts
 * tuples in binary format and lines in text, where a row is one line; in CSV a quoted newline inside a value
 * counts as a line too, so the rows holding such newlines are remembered (the only client memory that grows
 * with the input, and only with rows that contain line breaks).
 */
final class CopyWriter {
    static final int FLUSH_BYTES = 64 * 1024;
    private static final Pattern LINE = Pattern.compile("COPY [^,]+, line (\\d+)");

    private CopyWriter() {
    }

    /** Exposes the buffer without copying it. */
    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(FLUSH_BYTES + 8 * 1024);
        }

        byte[] bytes() {
            return buf;
        }
    }

    /**
     * COPY of the (checked) rows into {@code qualifiedTarget}, a table with {@code table}'s loader columns (the
     * table itself or a staging table), in {@code format} with any extra options (e.g. FREEZE).
     */
    static long copy(Connection connection, String qualifiedTarget, Table table, CopyFormat format,
                     Iterable<Object[]> rows, String... extraOptions) throws SQLException {
        return copy(connection, format.copySql(qualifiedTarget, table.columnList(), extraOptions), format,
                table.columns(), rows);
    }

    private static long copy(Connection connection, String copySql, CopyFormat format, List<Column> columns,
                             Iterable<Object[]> rows) throws SQLException {
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(copySql);
        Buffer buffer = new Buffer();
        DataOutputStream out = new DataOutputStream(buffer);
        StringBuilder scratch = new StringBuilder(256);
        LineBreaks lineBreaks = new LineBreaks();
        long index = 0;
        try {
            format.writeHeader(out);
            for (Object[] row : rows) {
                lineBreaks.add(index++, format.writeRow(out, columns, row, scratch));
                if (buffer.size() >= FLUSH_BYTES) {
                    copy.writeToCopy(buffer.bytes(), 0, buffer.size());
                    buffer.reset();
                }
            }
            format.writeTrailer(out);
            if (buffer.size() > 0) {
                copy.writeToCopy(buffer.bytes(), 0, buffer.size());
            }
            return copy.endCopy();
        } catch (SQLException e) {
            cancel(copy, e);
            throw located(e, lineBreaks);
        } catch (IOException e) {
            // DataOutputStream over a ByteArrayOutputStream does not do I/O; this cannot happen.
            throw new UncheckedIOException(e);
        } catch (Throwable e) {
            // A row the check refused, or an Error: end the COPY so the connection can roll back.
            cancel(copy, e);
            throw e;
        }
    }

    private static void cancel(CopyIn copy, Throwable failure) {
        if (copy.isActive()) {
            try {
                copy.cancelCopy();
            } catch (SQLException cancelFailure) {
                failure.addSuppressed(cancelFailure);
            }
        }
    }

    /** The row the server names in its error context, as a {@link LocatedFailure}; otherwise the error. */
    static SQLException located(SQLException e, LineBreaks lineBreaks) {
        if (e instanceof PSQLException p) {
            ServerErrorMessage server = p.getServerErrorMessage();
            if (server != null && server.getWhere() != null) {
                Matcher m = LINE.matcher(server.getWhere());
                if (m.find()) {
                    return new LocatedFailure(lineBreaks.rowOfLine(Long.parseLong(m.group(1))), e);
                }
            }
        }
        return e;
    }

    /** Rows that contain line breaks PostgreSQL counts, one entry per break, in input order. */
    static final class LineBreaks {
        private long[] rowOfBreak = new long[0];
        private int size;

        void add(long row, int breaks) {
            for (int i = 0; i < breaks; i++) {
                if (size == rowOfBreak.length) {
                    rowOfBreak = Arrays.copyOf(rowOfBreak, Math.max(16, size * 2));
                }
                rowOfBreak[size++] = row;
            }
        }

        /**
         * The 0-based row on which the server's 1-based {@code line} falls. Row r ends on line
         * r + 1 + (breaks in rows 0..r), so the answer is the first row that ends on or after {@code line}.
         */
        long rowOfLine(long line) {
            long breaksBefore = 0;
            int i = 0;
            while (i < size) {
                long row = rowOfBreak[i];
                if (line <= row + breaksBefore) {
                    break; // ends in a break-free row before this one
                }
                int breaks = 0;
                while (i < size && rowOfBreak[i] == row) {
                    breaks++;
                    i++;
                }
                if (line <= row + 1 + breaksBefore + breaks) {
                    return row;
                }
                breaksBefore += breaks;
            }
            return line - 1 - breaksBefore;
        }
    }
}
