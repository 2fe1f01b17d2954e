package org.pgingest.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A target whose benchmark connections (data sources and pools) go through a {@link PgBouncer} the suite started in
 * front of it; the monitor's connections do not: server costs are read from the server itself, not through the
 * pooler. The facts are the server's, with the pooler, its version and pool mode. Closing it stops PgBouncer, then
 * closes the target.
 */
final class PooledTarget implements PostgresTarget {
    /** Server connections a transaction pool keeps open from the start ({@link PgBouncer}'s min_pool_size). */
    static final int MINIMUM_POOL = 2;
    private static final long POOL_FILLED_WITHIN_MS = 10_000;

    private final TargetBase target;
    private final PgBouncer pgbouncer;
    private final Endpoint endpoint;
    private final ServerFacts facts;
    private final boolean ownsTarget;

    private PooledTarget(TargetBase target, PgBouncer pgbouncer, boolean ownsTarget) {
        this.target = target;
        this.pgbouncer = pgbouncer;
        this.ownsTarget = ownsTarget;
        this.endpoint = pgbouncer.route(target.endpoint());
        this.facts = target.facts().withPooler(pgbouncer.facts());
    }

    /** {@code target} behind a PgBouncer started now in {@code via}'s pool mode; closes the target if it cannot start. */
    static PooledTarget start(PostgresTarget target, Via via, PgBouncerSetup setup) {
        try {
            return open(target, via, setup, true);
        } catch (RuntimeException e) {
            target.close();
            throw e;
        }
    }

    /** The same, where closing the result stops PgBouncer only and the target stays with its owner (tests). */
    static PooledTarget borrow(PostgresTarget target, Via via, PgBouncerSetup setup) {
        return open(target, via, setup, false);
    }

    private static PooledTarget open(PostgresTarget target, Via via, PgBouncerSetup setup, boolean ownsTarget) {
        if (!(target instanceof TargetBase base)) {
            throw new IllegalArgumentException("cannot put a pooler in front of " + target.getClass().getName());
        }
        PgBouncer pgbouncer = PgBouncer.start(base.endpoint(), base.schema(), via, setup);
        PooledTarget pooled = new PooledTarget(base, pgbouncer, ownsTarget);
        try {
            if (via == Via.PGBOUNCER_TRANSACTION) {
                pooled.awaitMinimumPool();
            }
            return pooled;
        } catch (RuntimeException e) {
            pgbouncer.close();
            throw e;
        }
    }

    /**
     * PgBouncer opens a pool's server connections beyond the first one at its next maintenance pass after the first
     * client logged in (about a second later in 1.18). Until then a transaction pool has a single server connection,
     * and one client's transactions would all land on it; so a client logs in here and the pool is awaited: its own
     * server connections, by their application_name, not other sessions of the role on a shared server.
     */
    private void awaitMinimumPool() {
        long deadline = System.nanoTime() + POOL_FILLED_WITHIN_MS * 1_000_000;
        // the client's login creates the pool
        try (Connection client = dataSource(Map.of()).getConnection();
             Connection monitor = target.monitorDataSource().getConnection();
             PreparedStatement backends = monitor.prepareStatement("SELECT count(*) FROM pg_stat_activity "
                     + "WHERE datname = ? AND usename = ? AND application_name = ? AND backend_type = 'client backend'")) {
            backends.setString(1, target.endpoint().database());
            backends.setString(2, target.endpoint().user());
            backends.setString(3, pgbouncer.applicationName());
            while (true) {
                try (ResultSet rs = backends.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) >= MINIMUM_POOL) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new TargetException(pgbouncer.describe() + " did not open its " + MINIMUM_POOL
                            + " server connections within " + POOL_FILLED_WITHIN_MS / 1000 + " s");
                }
                Thread.sleep(20);
            }
        } catch (SQLException e) {
            throw new TargetException("cannot connect through " + pgbouncer.describe() + ": "
                    + target.endpoint().password().scrub(e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("interrupted while " + pgbouncer.describe() + " opened its pool", e);
        }
    }

    @Override
    public Optional<PgBouncer> pooler() {
        return Optional.of(pgbouncer);
    }

    @Override
    public TargetKind kind() {
        return target.kind();
    }

    /** PgBouncer's address, with the target's database and role. */
    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public String schema() {
        return target.schema();
    }

    /** Clients of PgBouncer, named as its server connections are ({@link PgBouncer#applicationName()}). */
    @Override
    public DataSource dataSource(Map<String, String> driverOptions) {
        Map<String, String> named = new LinkedHashMap<>(driverOptions);
        named.put("ApplicationName", pgbouncer.applicationName());
        return target.dataSourceAt(endpoint, named);
    }

    @Override
    public DataSource monitorDataSource() {
        return target.monitorDataSource();
    }

    @Override
    public ServerFacts facts() {
        return facts;
    }

    @Override
    public void close() {
        try {
            pgbouncer.close();
        } finally {
            if (ownsTarget) {
                target.close();
            }
        }
    }
}
