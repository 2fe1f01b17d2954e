package org.pgingest.exit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Work the JVM does when it shuts down first (Ctrl-C, SIGTERM): stopping what a run started, removing its working
 * files. Its owner, having done the work itself, {@linkplain #remove removes} it. Public for the packages that own such
 * work (server, compare, results), nothing else.
 */
public final class ShutdownHook {
    private static final Logger LOG = LoggerFactory.getLogger(ShutdownHook.class);

    private final Thread thread;

    private ShutdownHook(Thread thread) {
        this.thread = thread;
    }

    /**
     * Registered at once.
     *
     * @param name the hook thread's name, as a thread dump shows it
     * @throws IllegalStateException when the JVM is already shutting down (nothing registered)
     */
    public static ShutdownHook add(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        Runtime.getRuntime().addShutdownHook(thread);
        return new ShutdownHook(thread);
    }

    /** Whether the JVM is shutting down (Ctrl-C, SIGTERM): the JVM takes no hook then, its only sign of it. */
    public static boolean jvmShuttingDown() {
        Thread probe = new Thread(() -> { }, "pg-ingest-bench-shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
        } catch (IllegalStateException e) {
            return true;
        }
        Runtime.getRuntime().removeShutdownHook(probe);
        return false;
    }

    /**
     * The owner has done the work: the JVM need not. During shutdown the hook has run or is running and the JVM refuses
     * the removal; every owner's work is done once however many times it is asked for, so nothing is left to do.
     */
    public void remove() {
        try {
            Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException e) {
            LOG.debug("shutdown in progress; hook {} not removed", thread.getName(), e);
        }
    }
}
