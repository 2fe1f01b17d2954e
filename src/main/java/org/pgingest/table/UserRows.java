package org.pgingest.table;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.pgingest.workload.definition.ColumnDefinition;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.SampleRows;
import org.pgingest.workload.definition.TableDefinition;
import org.pgingest.workload.RowGenerator;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows and statistics of a user's own: a CSV sample ({@code --rows}), rows read from a live table ({@code --sample}),
 * and a live table's NULL shares (pg_stats). Reads only: the live table in a read-only transaction.
 */
public final class UserRows {
    /** Most rows a sample holds: they travel to every fork in the run's resolved-tables file. */
    public static final int MAX_ROWS = 100_000;

    private UserRows() {
    }

    /**
     * The rows of a CSV file as {@code COPY ... TO ... CSV HEADER} writes them (PostgreSQL's CSV: a header of column
     * names; an unquoted empty field is NULL, a quoted empty one the empty string). Throws {@link DefinitionException}
     * with one line naming the file and what is wrong.
     */
    public static SampleRows fromCsv(Path file) {
        CSVFormat format = CSVFormat.POSTGRESQL_CSV.builder().setHeader().setSkipHeaderRecord(true).get();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.builder().setReader(reader).setFormat(format).get()) {
            List<String> header = parser.getHeaderNames();
            if (header.isEmpty()) {
                throw new DefinitionException("--rows " + file + ": no header line naming the columns");
            }
            List<List<String>> rows = new ArrayList<>();
            for (CSVRecord record : parser) {
                if (record.size() != header.size()) {
                    throw new DefinitionException("--rows " + file + " line " + (record.getRecordNumber() + 1) + ": "
                            + record.size() + " fields, the header names " + header.size());
                }
                if (rows.size() == MAX_ROWS) {
                    break;
                }
                List<String> row = new ArrayList<>(header.size());
                for (int i = 0; i < header.size(); i++) {
                    row.add(record.get(i));
                }
                rows.add(row);
            }
            if (rows.isEmpty()) {
                throw new DefinitionException("--rows " + file + " holds a header but no rows");
            }
            return new SampleRows("--rows " + file.getFileName(), header, rows);
        } catch (IOException | java.io.UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            throw new DefinitionException("--rows " + file + " is not CSV as COPY ... CSV HEADER writes it: " + e.getMessage());
        }
    }

    /**
     * {@code count} rows of a live table's columns the loaders write, as the server prints them, read with
     * {@code TABLESAMPLE SYSTEM} in a read-only transaction (nothing written, no lock beyond a reader's).
     */
    public static SampleRows fromLiveTable(Connection connection, TableDefinition table, int count) throws SQLException {
        List<ColumnDefinition> written = table.writtenColumns();
        double percent = samplePercent(connection, table, count);
        String sql = "SELECT " + String.join(", ", written.stream().map(c -> c.quoted() + "::text").toList()) + " FROM "
                + table.name().quoted() + " TABLESAMPLE SYSTEM (" + percent + ") REPEATABLE (" + RowGenerator.SEED + ") LIMIT " + count;
        List<List<String>> rows = new ArrayList<>();
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        connection.setReadOnly(true);
        try (PreparedStatement ps = connection.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                List<String> row = new ArrayList<>(written.size());
                for (int i = 0; i < written.size(); i++) {
                    row.add(rs.getString(i + 1));
                }
                rows.add(row);
            }
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
                .toList(), rows);
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
