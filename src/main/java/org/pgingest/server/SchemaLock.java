package org.pgingest.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * A run's hold on its schema on an external server. Two runs in one schema create, truncate and drop each other's
 * tables mid-measurement; JMH's lock file keeps apart the runs of one machine only, while CI jobs on several machines
 * may share a server. The hold is a session-level advisory lock (PostgreSQL 14-18: kept until released or until its
 * session ends, so a launcher that is killed frees it) on a session of its own, taken before the run touches the
 * server and kept to its end; a second run in the schema is refused in one line. Launchers nest (a table run's parts
 * are runs of their own), so a JVM takes the lock once and counts its holders.
 */
public final class SchemaLock implements AutoCloseable {
    /** The lock's session as pg_stat_activity names it: idle for the whole run, not one of its connections. */
    public static final String APPLICATION_NAME = "pg-ingest-bench schema lock";
    private static final Map<String, Held> HELD = new HashMap<>();

    private record Held(Connection session, int holders) {
    }

    private final String key;
    private boolean closed;

    private SchemaLock(String key) {
        this.key = key;
    }

    /**
     * Holds {@code config}'s schema until {@link #close}; on any target but external (a server the suite starts for
     * the run) there is nothing to hold.
     *
     * @throws TargetException when another run holds it, naming the schema and the way out
     */
    public static SchemaLock take(TargetConfig config) {
        if (config.kind() != TargetKind.EXTERNAL) {
            return new SchemaLock(null);
        }
        String key = config.externalUrl() + " " + config.schema();
        synchronized (HELD) {
            Held held = HELD.get(key);
            if (held == null) {
                held = new Held(lock(config), 0);
            }
            HELD.put(key, new Held(held.session(), held.holders() + 1));
        }
        return new SchemaLock(key);
    }

    private static Connection lock(TargetConfig config) {
        Connection session = ExternalTarget.session(config, APPLICATION_NAME);
        boolean locked;
        try (PreparedStatement st = session.prepareStatement("SELECT pg_catalog.pg_try_advisory_lock(?)")) {
            st.setLong(1, key(config.schema()));
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                locked = rs.getBoolean(1);
            }
            if (locked && session.getMetaData().getDatabaseMajorVersion() >= 15) {
                // On 15+ a transaction that touched no relation leaves its commit unreported until the session ends,
                // which for a ranking's candidate is mid-ranking, in another's window. The catalog row puts an entry
                // on the pending list, so the forced flush reports it now (as the cost meter's flush does); on 14
                // a backend's first report goes at once.
                try (Statement flush = session.createStatement()) {
                    flush.execute("SELECT pg_catalog.pg_stat_force_next_flush() FROM pg_catalog.pg_am LIMIT 1");
                }
            }
        } catch (SQLException e) {
            throw closing(session, new TargetException("external server: cannot take the lock on schema '"
                    + config.schema() + "': " + TargetException.oneLine(config.externalPassword().scrub(e.getMessage())), e));
        }
        if (!locked) {
            throw closing(session, new TargetException("another pg-ingest-bench run is using schema '" + config.schema()
                    + "' on this server: two runs in one schema would drop each other's tables; wait for it to end, "
                    + "or give this run a schema of its own with -Dpg.schema=NAME"));
        }
        return session;
    }

    /**
     * The lock's key for a schema: 64 bits of SHA-256 over the suite's name and the schema's, so that two schemas (or
     * an application's own advisory locks) share one only by a 2^-64 chance; a 32-bit string hash let two schema
     * names found by a short random search refuse each other.
     */
    static long key(String schema) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(("pg-ingest-bench schema " + schema).getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** {@code refusal}, after closing the session it was found on (a failure to close is kept beside it). */
    private static TargetException closing(Connection session, TargetException refusal) {
        try {
            session.close();
        } catch (SQLException e) {
            refusal.addSuppressed(e);
        }
        return refusal;
    }

    /**
     * Lets go of the schema once the last holder in this JVM has (closing the session releases the lock). Nothing is
     * asked of the session first: a ranking's candidate lets go while the others measure, and any transaction would
     * be counted in their window.
     */
    @Override
    public void close() {
        if (key == null || closed) {
            return;
        }
        closed = true;
        Connection last;
        synchronized (HELD) {
            Held held = HELD.remove(key);
            if (held.holders() > 1) {
                HELD.put(key, new Held(held.session(), held.holders() - 1));
                return;
            }
            last = held.session();
        }
        try {
            last.close();
        } catch (SQLException e) {
            // The session is gone either way, and with it the lock.
            throw new TargetException("external server: closing the schema lock's session: "
                    + TargetException.oneLine(e.getMessage()), e);
        }
    }
}
