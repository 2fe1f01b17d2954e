package org.pgingest.table;

import org.pgingest.secret.SecretBearing;
import org.pgingest.workload.definition.ColumnDefinition;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.SampleRows;
import org.pgingest.workload.definition.TableDefinition;
import org.pgingest.workload.RowGenerator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows and statistics of a user's own: a CSV sample ({@code --rows}), rows read from a live table ({@code --sample}),
 * and a live table's NULL shares (pg_stats). Reads only: the live table in a read-only transaction.
 */
public final class UserRows {
    /** SQLSTATE of "query would be affected by row-level security policy" under row_security = off. */
    private static final String INSUFFICIENT_PRIVILEGE = "42501";
    /** Most rows a sample holds: they travel to every fork in the run's resolved-tables file. */
    public static final int MAX_ROWS = 100_000;
    /**
     * Longest value a sample holds: a 20 MB field made every fork end without a word and the run outlive its budget
     * (an adversarial pass, 2026-12-02).
     */
    static final int MAX_FIELD_CHARS = 1 << 20;

    private UserRows() {
    }

    /**
     * The rows of a CSV file as {@code COPY ... FROM ... CSV HEADER} reads them ({@link PgCsv}: an unquoted empty
     * field is NULL, a quoted empty one the empty string), after a header line of column names (a UTF-8 byte order
     * mark before it is not part of the first name: COPY skips the header line whole). Throws
     * {@link DefinitionException} with one line naming the file and what is wrong.
     */
    public static SampleRows fromCsv(Path file) {
        String text;
        try {
            text = utf8(file, Files.readAllBytes(file));
        } catch (IOException e) {
            throw new DefinitionException("--rows " + file + " cannot be read: " + e.getMessage());
        }
        List<PgCsv.Record> records;
        try {
            records = PgCsv.records(text.startsWith("\uFEFF") ? text.substring(1) : text, MAX_ROWS + 1);
        } catch (PgCsv.Malformed e) {
            throw new DefinitionException("--rows " + file + " " + e.getMessage());
        }
        if (records.isEmpty()) {
            throw new DefinitionException("--rows " + file + ": no header line naming the columns");
        }
        List<String> header = records.get(0).fields();
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i) == null || header.get(i).isEmpty()) {
                throw new DefinitionException("--rows " + file + " line 1: column " + (i + 1) + " of the header has no name");
            }
            if (header.indexOf(header.get(i)) < i) {
                throw new DefinitionException("--rows " + file + " line 1: the header names "
                        + SecretBearing.maskedIn(header.get(i)) + " twice");
            }
        }
        List<List<String>> rows = new ArrayList<>();
        List<Long> lines = new ArrayList<>();
        for (PgCsv.Record record : records.subList(1, records.size())) {
            if (record.fields().size() != header.size()) {
                throw new DefinitionException("--rows " + file + " line " + record.line() + ": "
                        + record.fields().size() + " fields, the header names " + header.size());
            }
            for (int i = 0; i < header.size(); i++) {
                String field = record.fields().get(i);
                if (field != null && field.indexOf('\u0000') >= 0) {
                    throw new DefinitionException("--rows " + file + " line " + record.line() + ", column "
                            + SecretBearing.maskedIn(header.get(i)) + ": a NUL character (U+0000), which no PostgreSQL "
                            + "text or value holds; remove it");
                }
                if (field != null && field.length() > MAX_FIELD_CHARS) {
                    throw new DefinitionException(String.format(java.util.Locale.ROOT, "--rows %s line %d, column %s: "
                            + "a value of %,d characters; the suite carries values of up to %,d (a limit of the suite: "
                            + "the rows travel to every fork, and each call holds hundreds of them)", file, record.line(),
                            SecretBearing.maskedIn(header.get(i)), field.length(), MAX_FIELD_CHARS));
                }
            }
            rows.add(record.fields());
            lines.add((long) record.line());
        }
        if (rows.isEmpty()) {
            throw new DefinitionException("--rows " + file + " holds a header but no rows");
        }
        return new SampleRows("--rows " + file.getFileName(), header, rows, lines);
    }

    /**
     * The file's text; bytes that are not UTF-8 are a {@link DefinitionException} naming the line and the byte (the
     * decoder's own message is "Input length = 1").
     */
    private static String utf8(Path file, byte[] bytes) {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length);
        java.nio.charset.CoderResult result = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).decode(in, out, true);
        if (result.isError()) {
            int at = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            throw new DefinitionException(String.format("--rows %s line %d, byte %d of the line (0x%02X): not UTF-8; "
                    + "write the file in UTF-8 (COPY ... TO ... WITH (ENCODING 'UTF8'))", file, line, at - lineStart + 1,
                    bytes[at] & 0xFF));
        }
        return out.flip().toString();
    }

    /**
     * {@code count} rows of a live table's columns the loaders write, as the server prints them, read with
     * {@code TABLESAMPLE SYSTEM} in a read-only transaction (nothing written, no lock beyond a reader's).
     */
    public static SampleRows fromLiveTable(Connection connection, TableDefinition table, int count) throws SQLException {
        List<String> foreign = foreignTablesRead(connection, table);
        if (!foreign.isEmpty()) {
            throw new DefinitionException("--sample " + count + ": " + table.name() + " has foreign tables among its "
                    + "partitions or children (" + String.join(", ", foreign) + "): reading them runs their wrapper's "
                    + "work on the server's side (file_fdw's program, postgres_fdw's queries elsewhere), which the "
                    + "suite does not start; drop --sample to generate rows, or give --rows FILE with rows exported "
                    + "from the table");
        }
        List<ColumnDefinition> written = table.writtenColumns();
        double percent = samplePercent(connection, table, count);
        String sql = "SELECT " + String.join(", ", written.stream().map(c -> c.quoted() + "::text").toList()) + " FROM "
                + table.name().quoted() + " TABLESAMPLE SYSTEM (" + percent + ") REPEATABLE (" + RowGenerator.SEED + ") LIMIT " + count;
        List<List<String>> rows = new ArrayList<>();
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        connection.setReadOnly(true);
        try (Statement noPolicies = connection.createStatement()) {
            // A row-level security policy's expression runs on every row read, as the reader (a function of the
            // user's that writes elsewhere, through dblink even in a read-only transaction: an adversarial pass,
            // 2026-12-03). Off, PostgreSQL (9.5-18) refuses a query policies would apply to instead of running them.
            noPolicies.execute("SET LOCAL row_security = off");
            try (PreparedStatement ps = connection.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    List<String> row = new ArrayList<>(written.size());
                    for (int i = 0; i < written.size(); i++) {
                        row.add(rs.getString(i + 1));
                    }
                    rows.add(row);
                }
            }
        } catch (SQLException e) {
            if (!INSUFFICIENT_PRIVILEGE.equals(e.getSQLState()) || e.getMessage() == null
                    || !e.getMessage().contains("row-level security")) {
                throw e;
            }
            throw new DefinitionException("--sample " + count + ": " + table.name() + " has row-level security "
                    + "policies that apply to this role: reading it would run their expressions (and any function they "
                    + "call) on the server, which the suite does not start; drop --sample to generate rows, or give "
                    + "--rows FILE with rows exported from the table", e);
        } finally {
            connection.rollback();
            connection.setReadOnly(false);
            connection.setAutoCommit(autoCommit);
        }
        if (rows.isEmpty()) {
            throw new DefinitionException("--sample " + count + ": " + table.name() + " gave no rows (it is empty, or "
                    + "too few of its pages were sampled); drop --sample to generate rows");
        }
        return new SampleRows("--sample " + count + " of " + table.name(), written.stream().map(ColumnDefinition::name)
                .toList(), rows, List.of());
    }

    /**
     * The foreign tables a read of the table reads too: its partitions and its inheritance children, at any level
     * (both are pg_inherits rows; a read of a parent reads its children unless ONLY).
     */
    private static List<String> foreignTablesRead(Connection connection, TableDefinition table) throws SQLException {
        List<String> foreign = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("WITH RECURSIVE tree(relid) AS (SELECT ?::regclass::oid "
                + "UNION SELECT i.inhrelid FROM pg_catalog.pg_inherits i JOIN tree t ON i.inhparent = t.relid) "
                + "SELECT t.relid::regclass::text FROM tree t JOIN pg_catalog.pg_class c ON c.oid = t.relid "
                + "WHERE c.relkind = 'f' ORDER BY 1")) {
            ps.setString(1, table.name().quoted());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    foreign.add(rs.getString(1));
                }
            }
        }
        return foreign;
    }

    /**
     * The share of pages to sample for about {@code count} rows: twice what the planner's row estimate asks (pages
     * hold rows unevenly), all of them where the table was never analyzed.
     */
    private static double samplePercent(Connection connection, TableDefinition table, int count) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT reltuples FROM pg_class WHERE oid = ?::regclass")) {
            ps.setString(1, table.name().quoted());
            try (ResultSet rs = ps.executeQuery()) {
                double tuples = rs.next() ? rs.getDouble(1) : -1;
                return tuples <= 0 ? 100 : Math.min(100, Math.ceil(200.0 * count / tuples * 100) / 100);
            }
        }
    }

    /**
     * The NULL share of each column the planner's statistics know (pg_stats.null_frac; a partitioned table's from
     * its inheritance statistics); read only.
     */
    public static Map<String, Double> nullShares(Connection connection, TableDefinition table) throws SQLException {
        Map<String, Double> shares = new LinkedHashMap<>();
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT attname, null_frac FROM pg_stats WHERE schemaname = ? AND tablename = ? ORDER BY inherited")) {
            ps.setString(1, table.name().schema());
            ps.setString(2, table.name().name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    shares.put(rs.getString(1), rs.getDouble(2));
                }
            }
        }
        return shares;
    }
}
