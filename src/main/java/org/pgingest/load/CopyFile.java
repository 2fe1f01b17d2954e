package org.pgingest.load;

import org.pgingest.workload.Table;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Rows written to a file in a COPY format by the same encoder {@link CopyLoader} streams with, and loaded by the
 * server reading that file itself ({@code COPY ... FROM '/path'}): no client encoding and no protocol in the
 * load, which makes it the ceiling a client's COPY of the same rows can be measured against. The server opens
 * the file as its own operating-system user, so it must be on the server's host and readable there; the role
 * needs superuser or {@code pg_read_server_files} (PostgreSQL 11+).
 */
public final class CopyFile {
    private final CopyFormat format;
    private final Path path;

    public CopyFile(CopyFormat format, Path path) {
        this.format = format;
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** Writes the (checked) rows in this file's format, replacing what the file held; returns the rows written. */
    public long write(Table table, Iterable<Object[]> rows) throws IOException, LoadException {
        RowCheck.checkAll(table, rows);
        long written = 0;
        try (OutputStream file = Files.newOutputStream(path);
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(file, CopyWriter.FLUSH_BYTES))) {
            StringBuilder scratch = new StringBuilder(256);
            format.writeHeader(out);
            for (Object[] row : rows) {
                format.writeRow(out, table.columns(), row, scratch);
                written++;
            }
            format.writeTrailer(out);
        }
        return written;
    }

    /** The server loads the file into {@code table} (autocommit: one transaction); returns the rows it loaded. */
    public long load(Connection connection, Table table) throws SQLException {
        // A file name is a string literal in COPY, never a bind parameter; quotes in it are doubled.
        String source = "'" + path.toAbsolutePath().toString().replace("'", "''") + "'";
        try (Statement s = connection.createStatement()) {
            return s.executeLargeUpdate(format.copyFromSql(table.qualifiedName(), table.columnList(), source));
        }
    }
}
