package org.pgingest.load;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reading generated ids back. */
final class Returned {
    private Returned() {
    }

    /** Runs the query and stores its first column into {@code ids[offset ...]}, checking the count. */
    static void readIds(PreparedStatement ps, long[] ids, int offset, int expected) throws SQLException {
        int n = 0;
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                if (n == expected) {
                    throw new IllegalStateException("the server returned more than " + expected + " ids");
                }
                ids[offset + n++] = rs.getLong(1);
            }
        }
        if (n != expected) {
            throw new IllegalStateException("the server returned " + n + " ids for " + expected + " rows");
        }
    }
}
