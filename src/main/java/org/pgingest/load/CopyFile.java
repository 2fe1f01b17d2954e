package org.pgingest.load;

import org.pgingest.workload.Table;

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

    /**
     * Writes the rows in this file's format, replacing what the file held; returns the rows written. A row that
     * cannot be stored exactly is a {@link LoadException} naming it, and the file is then removed.
     */
    public long write(Table table, Iterable<Object[]> rows) throws IOException, LoadException {
        try (OutputStream file = Files.newOutputStream(path)) {
            return format.encode(table.columns(), rows, file);
        } catch (LoadException e) {
            // Rows before the bad one are in the file already; a file the server could load in part is removed.
            Files.deleteIfExists(path);
            throw e;
        }
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
