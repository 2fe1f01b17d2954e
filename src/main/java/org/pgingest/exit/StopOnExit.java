package org.pgingest.exit;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stops what the suite started (a container, a PgBouncer, a Citus cluster, a schema on a user's server) exactly once:
 * when its owner closes it, or when the JVM shuts down first (Ctrl-C, SIGTERM) once {@linkplain #register registered}.
 */
public final class StopOnExit implements AutoCloseable {
    private final String name;
    private final Runnable stop;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private volatile ShutdownHook hook;

    /** @param name the hook thread's name, as a thread dump shows it */
    public StopOnExit(String name, Runnable stop) {
        this.name = name;
        this.stop = stop;
    }

    /** From now on a shutdown of the JVM stops it. */
    public void register() {
        hook = ShutdownHook.add(name, this::stopOnce);
    }

    /** Stops it, if nothing has yet; the hook, if registered, is no longer needed. */
    @Override
    public void close() {
        stopOnce();
        ShutdownHook registered = hook;
        if (registered != null) {
            registered.remove();
        }
    }

    private void stopOnce() {
        if (!stopped.getAndSet(true)) {
            stop.run();
        }
    }
}
