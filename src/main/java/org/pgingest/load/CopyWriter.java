package org.pgingest.load;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;
import org.pgingest.workload.Column;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Streams rows through {@code COPY ... FROM STDIN}: rows are encoded into a buffer of about
 * {@value #FLUSH_BYTES} bytes that is handed to the driver and reused, so client memory does not grow with
 * the number of rows. A rejected row is located from the server's error context ("COPY t, line N"), which
 * counts rows (tuples in binary format, logical lines in CSV) from 1.
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

    static long copy(Connection connection, String copySql, CopyFormat format, List<Column> columns,
                     Iterable<Object[]> rows) throws SQLException {
        CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(copySql);
        Buffer buffer = new Buffer();
        DataOutputStream out = new DataOutputStream(buffer);
        StringBuilder scratch = new StringBuilder(256);
        try {
            format.writeHeader(out);
            for (Object[] row : rows) {
                if (row.length != columns.size()) {
                    throw new IllegalArgumentException("row has " + row.length + " values, the table takes " + columns.size());
                }
                format.writeRow(out, columns, row, scratch);
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
            throw located(e);
        } catch (IOException e) {
            // DataOutputStream over a ByteArrayOutputStream does not do I/O; this cannot happen.
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            cancel(copy, e);
            throw e;
        }
    }

    private static void cancel(CopyIn copy, Exception failure) {
        if (copy.isActive()) {
            try {
                copy.cancelCopy();
            } catch (SQLException cancelFailure) {
                failure.addSuppressed(cancelFailure);
            }
        }
    }

    /** The row the server names in its error context, as a {@link LocatedFailure}; otherwise the error. */
    static SQLException located(SQLException e) {
        if (e instanceof PSQLException p) {
            ServerErrorMessage server = p.getServerErrorMessage();
            if (server != null && server.getWhere() != null) {
                Matcher m = LINE.matcher(server.getWhere());
                if (m.find()) {
                    return new LocatedFailure(Long.parseLong(m.group(1)) - 1, e);
                }
            }
        }
        return e;
    }
}
