package org.pgingest.bench;

import org.pgingest.load.CopyFormat;
import org.pgingest.load.CopyLoader;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The rows a benchmark's table holds before the measured ones ({@code existingRows}), as in the published index
 * ladder, which inserted 50,000 rows into a table that already held 1,000,000. They are loaded once per trial,
 * outside any measurement, with keys of their own (row numbers no measured row takes), in one binary COPY, then
 * VACUUM ANALYZE sets their visibility and statistics so that no measured statement does it for them.
 *
 * <p>Between iterations the table goes back to exactly those rows without loading them again: the measured rows
 * (every row not inserted by the fill's transaction, found by {@code xmin}) are deleted and VACUUM removes them from
 * the heap and from every index, truncating the heap back to the fill's pages; all outside the measured window, whose
 * checkpoint then writes those pages before it opens. So every iteration inserts into a table of the same rows and
 * the same heap size, and its indexes hold the same keys. What does carry over is the space in index pages that
 * earlier iterations split: the first iteration after the fill splits pages that later ones find room in. The
 * warm-up iteration takes that first pass; measured iterations see an index in its steady state, as a table with
 * ongoing inserts and deletes is. Loading the fill again before every iteration would make each one see a freshly
 * filled table, at the price of a million-row load per iteration, many times the measured work.
 */
final class ExistingRows {
    private final long count;
    /** The fill's transaction id, as text; null without a fill. */
    private String fillTransaction;

    ExistingRows(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("existingRows must be 0 or more, was " + count);
        }
        this.count = count;
    }

    long count() {
        return count;
    }

    /** Loads the rows into the freshly created, empty {@code table}; nothing without any. */
    void fill(Connection connection, Table table, RowGenerator generator) throws SQLException {
        if (count == 0) {
            return;
        }
        long loaded = new CopyLoader(CopyFormat.BINARY).load(connection, table, generator.stream(count));
        if (loaded != count) {
            throw new IllegalStateException("the fill loaded " + loaded + " rows of " + count);
        }
        try (Statement st = connection.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT xmin::text FROM " + table.qualifiedName() + " LIMIT 1")) {
                rs.next();
                fillTransaction = rs.getString(1);
            }
            st.execute("VACUUM (ANALYZE) " + table.qualifiedName());
        }
    }

    /** Takes the table back to the fill's rows (an empty table without a fill) before an iteration. */
    void reset(Connection connection, Table table) throws SQLException {
        if (count == 0) {
            table.truncate(connection);
            return;
        }
        try (PreparedStatement delete = connection.prepareStatement(
                "DELETE FROM " + table.qualifiedName() + " WHERE xmin::text <> ?")) {
            delete.setString(1, fillTransaction);
            delete.executeUpdate();
        }
        try (Statement st = connection.createStatement()) {
            st.execute("VACUUM " + table.qualifiedName());
        }
    }
}
