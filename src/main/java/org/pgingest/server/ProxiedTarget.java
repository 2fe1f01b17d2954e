package org.pgingest.server;

import java.util.Map;
import javax.sql.DataSource;

/**
 * A target reached through a {@link LatencyProxy}: the benchmark's connections (data sources and pools) go
 * through the proxy and pay its round-trip time; the monitor's stay direct, because reading counters at a
 * window's edge is not part of the measured work. Closing it closes the proxy, then the target.
 */
public final class ProxiedTarget implements PostgresTarget {
    private final TargetBase target;
    private final LatencyProxy proxy;
    private final Endpoint endpoint;
    private final DataSource dataSource;
    private final boolean ownsTarget;

    /** @param ownsTarget whether closing this closes {@code target} too (tests keep one server for many proxies) */
    ProxiedTarget(TargetBase target, LatencyProxy proxy, boolean ownsTarget) {
        this.target = target;
        this.ownsTarget = ownsTarget;
        this.proxy = proxy;
        this.endpoint = proxy.route(target.endpoint());
        this.dataSource = target.dataSourceAt(endpoint, Map.of());
    }

    /** {@code target} behind a new proxy that adds {@code rttMs} to each round trip; owns both from now on. */
    public static ProxiedTarget wrap(PostgresTarget target, double rttMs) {
        if (!(target instanceof TargetBase base)) {
            throw new IllegalArgumentException("cannot put a proxy in front of " + target.getClass().getName());
        }
        return new ProxiedTarget(base, LatencyProxy.inFrontOf(target.endpoint(), rttMs), true);
    }

    /**
     * {@code target} behind a new proxy that adds {@code rttMs}; closing the result closes the proxy only, the
     * target stays with its owner (a benchmark trial's server).
     */
    public static ProxiedTarget borrow(PostgresTarget target, double rttMs) {
        if (!(target instanceof TargetBase base)) {
            throw new IllegalArgumentException("cannot put a proxy in front of " + target.getClass().getName());
        }
        return new ProxiedTarget(base, LatencyProxy.inFrontOf(target.endpoint(), rttMs), false);
    }

    public LatencyProxy proxy() {
        return proxy;
    }

    /** The target behind the proxy, for direct connections (the reference round trip). */
    public PostgresTarget direct() {
        return target;
    }

    @Override
    public TargetKind kind() {
        return target.kind();
    }

    /** The proxy's address, with the target's database and role. */
    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public String schema() {
        return target.schema();
    }

    @Override
    public DataSource dataSource(Map<String, String> driverOptions) {
        if (driverOptions.isEmpty()) {
            return dataSource;
        }
        return target.dataSourceAt(endpoint, driverOptions);
    }

    @Override
    public DataSource monitorDataSource() {
        return target.monitorDataSource();
    }

    @Override
    public ServerFacts facts() {
        return target.facts();
    }

    @Override
    public void close() {
        try {
            proxy.close();
        } finally {
            if (ownsTarget) {
                target.close();
            }
        }
    }
}
