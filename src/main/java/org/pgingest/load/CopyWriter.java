package org.pgingest.load;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Streams rows through {@code COPY ... FROM STDIN}: rows are encoded into a buffer of about
 * {@value CopyFormat#FLUSH_BYTES} bytes that is handed to the driver and reused, so client memory does not grow
 * with the number of rows. A rejected row is located from the server's error context ("COPY t, line N"): N counts
 * tuples in binary format and lines in text, where a row is one line; in CSV a quoted newline inside a value
 * counts as a line too, so the rows holding such newlines are remembered (the only client memory that grows
 * with the input, and only with rows that contain line breaks).
 */
final class CopyWriter {
    private static final Pattern LINE = Pattern.compile("COPY [^,]+, line (\\d+)");

    private CopyWriter() {
    }

    /**
     * COPY of the (checked) rows into {@code qualifiedTarget}, a table with {@code table}'s loader columns (the
     * table itself or a staging table), in {@code format} with any extra options (e.g. FREEZE).
     */
    static long copy(Connection connection, String qualifiedTarget, Table table, CopyFormat format,
                     Iterable<Object[]> rows, String... extraOptions) throws SQLException {
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn(format.copySql(qualifiedTarget, table.columnList(), extraOptions));
        LineBreaks lineBreaks = new LineBreaks();
        try {
            format.stream(table.columns(), rows, (bytes, length) -> copy.writeToCopy(bytes, 0, length), lineBreaks);
            return copy.endCopy();
        } catch (SQLException e) {
            cancel(copy, e);
            throw located(e, lineBreaks);
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
    static final class LineBreaks implements CopyFormat.LineBreakSink {
        private long[] rowOfBreak = new long[0];
        private int size;

        @Override
        public void add(long row, int breaks) {
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
