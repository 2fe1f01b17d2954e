package org.pgingest.server;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.pgingest.exit.ShutdownHook;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One embedded server's life in this JVM, from before initdb to its stop: a shutdown hook registered before the
 * start, so that Ctrl-C or SIGTERM while the server starts (seconds: initdb, then pg_ctl) stops it and removes its
 * run directory as it does for a running one. Hooks run while the starting thread goes on, and initdb and pg_ctl,
 * child processes, do not get a SIGTERM sent to this JVM: the hook waits for the start to end before it stops what
 * was started (removed earlier, the directory would be refilled by initdb, or a postmaster started into it).
 */
final class ServerLifetime {
    private static final Logger LOG = LoggerFactory.getLogger(ServerLifetime.class);
    /** The longest a shutdown waits for a start under way: initdb, and zonky's startup wait (60 s). */
    private static final Duration START_WAIT = Duration.ofSeconds(90);

    private final CountDownLatch startEnded = new CountDownLatch(1);
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final ShutdownHook hook;
    private volatile RunDirectory run;
    private volatile EmbeddedPostgres postgres;

    /** @throws IllegalStateException when the JVM is already shutting down */
    private ServerLifetime() {
        this.hook = ShutdownHook.add("pg-ingest-bench-embedded-shutdown", this::onShutdown);
    }

    /**
     * The life of a server about to start: its hook registered, then its run directory made (in this order, so that
     * no signal finds a directory without a hook).
     *
     * @throws TargetException when the JVM is already shutting down (nothing is made)
     */
    static ServerLifetime begin() {
        ServerLifetime life;
        try {
            life = new ServerLifetime();
        } catch (IllegalStateException e) {
            throw new TargetException("the embedded server was not started: this JVM is shutting down", e);
        }
        try {
            life.run = RunDirectory.create();
        } catch (RuntimeException e) {
            life.startFailed();
            throw e;
        }
        return life;
    }

    /** The server's run directory. */
    RunDirectory run() {
        return run;
    }

    /** The start succeeded. */
    void started(EmbeddedPostgres server) {
        postgres = server;
        startEnded.countDown();
    }

    /** The start failed: what it left goes (a postmaster zonky stopped waiting for, the directory). */
    void startFailed() {
        startEnded.countDown();
        close();
    }

    /** Whether the server was stopped already: by its owner, or by the shutdown hook (a signal) as it started. */
    boolean stopped() {
        return stopped.get();
    }

    /** Stops the server and removes its directory; the hook is no longer needed. */
    void close() {
        stop();
        hook.remove();
    }

    private void onShutdown() {
        try {
            if (!startEnded.await(START_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("the embedded server in {} was still starting after {}; stopping what is there", run.path(),
                        START_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stop();
    }

    /**
     * Stops this JVM's child processes working in {@code path} (an initdb or pg_ctl the start left running when a
     * signal ended it), and waits for them: a directory removed while one still writes is left half removed (seen
     * under load, SIGTERM 3 to 4 s into a start).
     */
    private static void stopChildrenIn(java.nio.file.Path path) {
        String where = path.toString();
        for (ProcessHandle child : ProcessHandle.current().descendants().toList()) {
            if (child.info().commandLine().map(c -> c.contains(where)).orElse(false)) {
                LeftoverSweeper.stop(child);
            }
        }
    }

    private void stop() {
        if (stopped.getAndSet(true) || run == null) {
            return;
        }
        try {
            if (postgres != null) {
                postgres.close();
            }
        } catch (IOException e) {
            LOG.error("could not stop embedded PostgreSQL in {}", run.path(), e);
        } finally {
            // A postmaster zonky does not know of (its start failed after pg_ctl ran) or one that did not stop.
            LeftoverSweeper.postmasterOf(run.dataDirectory()).ifPresent(LeftoverSweeper::stop);
            stopChildrenIn(run.path());
            if (LeftoverSweeper.postmasterOf(run.dataDirectory()).isPresent()) {
                LOG.error("embedded PostgreSQL in {} is still running after stop; the next start will sweep it",
                        run.path());
            } else {
                run.delete();
            }
        }
    }
}
