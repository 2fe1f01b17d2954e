package org.pgingest.writers;

import org.pgingest.server.PostgresTarget;
import org.pgingest.server.Pools;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/** How a writer gets the connection for each call of its loader. */
public enum ConnectionMode {
    /** Borrowed from the trial's HikariCP pool (one connection per writer) and returned after the call. */
    POOLED {
        @Override
        DataSource create(PostgresTarget target, int writers, Map<String, String> driverOptions) {
            return Pools.create(target, writers, driverOptions);
        }
    },
    /**
     * A new connection per call, closed after it, as ingest code without a pool does: each call pays the TCP and
     * startup handshake and the server a new backend process.
     */
    NEW_PER_CALL {
        @Override
        DataSource create(PostgresTarget target, int writers, Map<String, String> driverOptions) {
            return target.dataSource(driverOptions);
        }
    };

    /** Where {@code writers} writers get their connections; closed by {@link Writers} when it is a pool. */
    abstract DataSource create(PostgresTarget target, int writers, Map<String, String> driverOptions);

    /** Parses a user-supplied name; an unknown name is an error listing the valid ones. */
    public static ConnectionMode parse(String name) {
        for (ConnectionMode m : values()) {
            if (m.name().equalsIgnoreCase(name.trim().replace('-', '_'))) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown connection mode '" + name + "': valid modes are "
                + Arrays.stream(values()).map(m -> m.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
    }
}
