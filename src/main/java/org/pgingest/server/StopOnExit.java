package org.pgingest.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Stops what the suite started (a container, a PgBouncer, a Citus cluster) exactly once: when its owner closes it,
 * or when the JVM shuts down first (Ctrl-C, SIGTERM) once {@linkplain #register registered}.
 */
final class StopOnExit implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StopOnExit.class);

    private final Runnable stop;
    private final Thread hook;
    private final AtomicBoolean stopped = new AtomicBoolean();

    /** @param name the hook thread's name, as a thread dump shows it */
    StopOnExit(String name, Runnable stop) {
        this.stop = stop;
        this.hook = new Thread(this::stopOnce, name);
    }

    /** From now on a shutdown of the JVM stops it. */
    void register() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Stops it, if nothing has yet; the hook is no longer needed. */
    @Override
    public void close() {
        stopOnce();
        removeShutdownHook(hook);
    }

    private void stopOnce() {
        if (!stopped.getAndSet(true)) {
            stop.run();
        }
    }

    /**
     * Removes a shutdown hook once its owner has stopped what it guards. During shutdown the hook has run or is
     * running, and the JVM refuses the removal: nothing to do.
     */
    static void removeShutdownHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            LOG.debug("shutdown in progress; hook not removed", e);
        }
    }
}
