package org.pgingest.server;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import java.util.Map;

/** HikariCP pools over a target's data source. */
public final class Pools {
    private Pools() {
    }

    /** A fixed-size pool: benchmarks should not pay for connection creation inside a measured window. */
    public static HikariDataSource create(PostgresTarget target, int size) {
        return create(target, size, Map.of());
    }

    /** The same over connections with extra pgjdbc options (a loader's, e.g. reWriteBatchedInserts). */
    public static HikariDataSource create(PostgresTarget target, int size, Map<String, String> driverOptions) {
        if (size < 1) {
            throw new IllegalArgumentException("pool size must be at least 1, was " + size);
        }
        HikariConfig config = new HikariConfig();
        config.setPoolName("pg-ingest-bench-" + target.kind().id());
        config.setDataSource(target.dataSource(driverOptions));
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setAutoCommit(true);
        config.setConnectionTimeout(10_000);
        return new HikariDataSource(config);
    }
}
