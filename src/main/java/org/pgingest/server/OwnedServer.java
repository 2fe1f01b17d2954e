package org.pgingest.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Preparation of a server the suite started itself (embedded, container), where it may create a database
 * and extensions. An external server gets none of this.
 */
final class OwnedServer {
    /** Benchmarks write here; the monitor reads counters from the maintenance database "postgres". */
    static final String BENCHMARK_DATABASE = "bench";
    static final String MONITOR_DATABASE = "postgres";

    private OwnedServer() {
    }

    /**
     * Creates the benchmark database and pg_stat_statements where the target's monitor reads, then reads the
     * facts and prepares the suite's schema.
     */
    static void prepare(TargetBase target, TargetConfig config) throws SQLException {
        try (Connection admin = target.monitorDataSource().getConnection()) {
            createDatabaseAndExtension(admin);
            target.prepare(admin, config);
        }
    }

    /**
     * Creates the benchmark database and installs pg_stat_statements in the monitor's database (its view
     * shows every database's statements, filtered later by dbid).
     */
    private static void createDatabaseAndExtension(Connection admin) throws SQLException {
        boolean exists;
        try (PreparedStatement ps = admin.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            ps.setString(1, BENCHMARK_DATABASE);
            try (ResultSet rs = ps.executeQuery()) {
                exists = rs.next();
            }
        }
        try (Statement st = admin.createStatement()) {
            if (!exists) {
                st.execute("CREATE DATABASE " + BENCHMARK_DATABASE);
            }
            st.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        }
    }
}
