package org.pgingest.server;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A target whose benchmark connections (data sources and pools) pay a {@link RoundTripDelay} on every round trip;
 * the monitor's connections do not, because reading counters at a window's edge is not part of the measured work.
 * It wraps any target, a pooled one included (the delay is then between the client and the pooler). Closing it
 * closes the delay, and the target too when it owns it.
 */
public final class DelayedTarget implements PostgresTarget {
    private final PostgresTarget target;
    private final RoundTripDelay delay;
    private final boolean ownsTarget;

    private DelayedTarget(PostgresTarget target, RoundTripDelay delay, boolean ownsTarget) {
        this.target = target;
        this.delay = delay;
        this.ownsTarget = ownsTarget;
    }

    /** {@code target} with {@code rttMs} added to each round trip; owns the target from now on. */
    public static DelayedTarget wrap(PostgresTarget target, double rttMs) {
        return new DelayedTarget(target, RoundTripDelay.open(rttMs), true);
    }

    /**
     * {@code target} with {@code rttMs} added; closing the result closes the delay only, the target stays with its
     * owner (a benchmark trial's server).
     */
    public static DelayedTarget borrow(PostgresTarget target, double rttMs) {
        return new DelayedTarget(target, RoundTripDelay.open(rttMs), false);
    }

    RoundTripDelay delay() {
        return delay;
    }

    /** The same target without the delay: the reference round trip. */
    PostgresTarget direct() {
        return target;
    }

    @Override
    public Optional<PgBouncer> pooler() {
        return target.pooler();
    }

    @Override
    public TargetKind kind() {
        return target.kind();
    }

    @Override
    public Endpoint endpoint() {
        return target.endpoint();
    }

    @Override
    public String schema() {
        return target.schema();
    }

    @Override
    public DataSource dataSource(Map<String, String> driverOptions) {
        Map<String, String> options = new HashMap<>(driverOptions);
        options.putAll(delay.driverOptions());
        return target.dataSource(options);
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
            delay.close();
        } finally {
            if (ownsTarget) {
                target.close();
            }
        }
    }
}
