package org.pgingest.server;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What stands between the loaders and the target ({@code -Dpg.via}, env {@code PGIB_VIA}): nothing, or a PgBouncer
 * the suite starts in session or transaction pooling mode ({@link PgBouncer}). Server costs are read directly from
 * the server either way.
 */
public enum Via {
    /** The loaders connect to the server itself (default). */
    DIRECT("direct", null),
    /** PgBouncer, pool_mode=session: each client keeps one server connection from login to logout. */
    PGBOUNCER_SESSION("pgbouncer-session", "session"),
    /** PgBouncer, pool_mode=transaction: a client holds a server connection only for each transaction. */
    PGBOUNCER_TRANSACTION("pgbouncer-transaction", "transaction");

    /** The benchmark parameter by which a trial chooses its own pooler (PoolerBenchmark's {@code -p via}). */
    public static final String PARAMETER = "via";

    private final String id;
    private final String poolMode;

    Via(String id, String poolMode) {
        this.id = id;
        this.poolMode = poolMode;
    }

    /** The option's value: "direct", "pgbouncer-session", "pgbouncer-transaction". */
    public String id() {
        return id;
    }

    /** PgBouncer's pool_mode; null for {@link #DIRECT}. */
    String poolMode() {
        return poolMode;
    }

    /** Every valid value, as the one-line errors list them. */
    public static String validValues() {
        return Arrays.stream(values()).map(Via::id).collect(Collectors.joining(", "));
    }

    /**
     * {@code target} as the loaders reach it this way: itself, or behind a PgBouncer started now (closing the
     * result stops PgBouncer, then the target). The target is closed when PgBouncer cannot start.
     */
    PostgresTarget open(PostgresTarget target) {
        return open(target, PgBouncerSetup.installed());
    }

    /** The same through the PgBouncer {@code setup} names. */
    PostgresTarget open(PostgresTarget target, PgBouncerSetup setup) {
        if (this == DIRECT) {
            return target;
        }
        return PooledTarget.start(target, this, setup);
    }

    /**
     * Throws the one-line reason this way cannot be taken on this machine (PgBouncer not installed, with the command
     * that installs it, or not in the directory {@code setup} names); nothing for {@link #DIRECT}. The launcher calls
     * it before any fork.
     */
    public void requireAvailable(PgBouncerSetup setup) {
        if (this != DIRECT) {
            setup.requireBinary(this);
        }
    }

    /** Parses a value of {@code -Dpg.via}; anything else is one line naming the valid values. */
    public static Via parse(String value) {
        for (Via via : values()) {
            if (via.id.equals(value.trim().toLowerCase(Locale.ROOT))) {
                return via;
            }
        }
        throw new TargetException("-Dpg.via=" + value + ": no such way to the server; valid: " + validValues());
    }
}
