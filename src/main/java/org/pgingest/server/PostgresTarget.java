package org.pgingest.server;

import com.zaxxer.hikari.HikariDataSource;

import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A running PostgreSQL server prepared for the suite: production-like settings applied (or, on an external
 * server, compared), the suite's schema ready, effective settings read back. Closing it stops what it
 * started and removes what it created on disk; an external server is left as it was, but for the suite's
 * schema.
 */
public interface PostgresTarget extends AutoCloseable {

    TargetKind kind();

    /** The database benchmarks write to. */
    Endpoint endpoint();

    /** The suite's own schema in {@link #endpoint()}'s database; connections use it as search_path. */
    String schema();

    /** Unpooled connections to the benchmark database, search_path set to {@link #schema()}. */
    default DataSource dataSource() {
        return dataSource(Map.of());
    }

    /**
     * The same with extra pgjdbc options (for example {@code reWriteBatchedInserts=true}, which a connection
     * cannot change once open).
     */
    DataSource dataSource(Map<String, String> driverOptions);

    /**
     * Connections for reading server counters, kept apart from the benchmark database where the target
     * allows it, so that their own transactions do not land in the benchmark database's commit count.
     */
    DataSource monitorDataSource();

    /** Server version and effective settings, read back with the server's own SHOW at start. */
    ServerFacts facts();

    /** A HikariCP pool of {@code size} connections over {@link #dataSource()}; the caller closes it. */
    default HikariDataSource pool(int size) {
        return Pools.create(this, size);
    }

    /**
     * The pooler the benchmark connections go through ({@code -Dpg.via}), if any; the monitor's never do. Server
     * cost windows use it to reach the server connections the pooler holds.
     */
    default Optional<PgBouncer> pooler() {
        return Optional.empty();
    }

    /**
     * Whether this target's server coordinates a Citus cluster (the citus target, or an external target at a
     * coordinator), whether or not its nodes can be measured ({@link #citusNodes}).
     */
    default boolean coordinatesCitus() {
        return !facts().cluster().isEmpty();
    }

    /**
     * The nodes of the Citus cluster this target's server coordinates, where every node can be measured on its own;
     * empty for one server, behind a pooler, and on a cluster where a worker cannot be reached.
     */
    default Optional<CitusNodes> citusNodes() {
        return Optional.empty();
    }

    /** Opens the target that {@code config} names, behind the pooler {@code config.via()} names, if any. */
    static PostgresTarget open(TargetConfig config) {
        return config.via().open(config.kind().open(config), config.pgbouncer());
    }

    @Override
    void close();
}
