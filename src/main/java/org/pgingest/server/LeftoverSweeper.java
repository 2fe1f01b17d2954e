package org.pgingest.server;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Removes what an embedded server or a PgBouncer left behind when its JVM died without running shutdown hooks
 * ({@code kill -9}, OOM killer): pg_ctl daemonises the postmaster, so it outlives the JVM with its data
 * directory; a PgBouncer's watchdog stops it when the JVM dies, and a PgBouncer that outlived it all the same is
 * stopped here. Only the suite's own run directories are considered, and only a postgres process whose command
 * line names that data directory, or a pgbouncer whose command line names that directory's configuration.
 */
public final class LeftoverSweeper {
    private static final Logger LOG = LoggerFactory.getLogger(LeftoverSweeper.class);
    private static final Duration SMART_SHUTDOWN_WAIT = Duration.ofSeconds(15);

    private LeftoverSweeper() {
    }

    /** Sweeps the default root; returns the directories removed. */
    public static List<Path> sweep() {
        return sweep(RunDirectory.root());
    }

    static List<Path> sweep(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<Path> removed = new ArrayList<>();
        try (Stream<Path> children = Files.list(root)) {
            for (Path dir : children.filter(p -> p.getFileName().toString().startsWith(RunDirectory.PREFIX)).toList()) {
                RunDirectory run = RunDirectory.existing(dir);
                if (run.ownerGone()) {
                    stopPostmaster(run.dataDirectory());
                    PgBouncer.pidOf(run).ifPresent(pgbouncer -> {
                        LOG.info("stopping leftover pgbouncer {} of {}", pgbouncer.pid(), dir);
                        stop(pgbouncer);
                    });
                    run.delete();
                    removed.add(dir);
                    LOG.info("removed leftover run directory {}", dir);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
        return removed;
    }

    /** The running postmaster of this data directory, if any (from postmaster.pid, checked against /proc). */
    static Optional<ProcessHandle> postmasterOf(Path dataDirectory) {
        return PidFile.liveProcess(dataDirectory.resolve("postmaster.pid"), dataDirectory.toAbsolutePath().toString());
    }

    private static void stopPostmaster(Path dataDirectory) {
        Optional<ProcessHandle> postmaster = postmasterOf(dataDirectory);
        if (postmaster.isEmpty()) {
            return;
        }
        // SIGTERM is PostgreSQL's smart shutdown: the dead JVM's sessions are already gone, so it completes
        // at once and leaves a clean data directory.
        LOG.info("stopping leftover postgres {} of {}", postmaster.get().pid(), dataDirectory);
        stop(postmaster.get());
    }

    /**
     * SIGTERM (PostgreSQL's smart shutdown, PgBouncer's immediate one), then SIGKILL if the process has not exited
     * within {@link #SMART_SHUTDOWN_WAIT}.
     */
    static void stop(ProcessHandle p) {
        p.destroy();
        try {
            p.onExit().get(SMART_SHUTDOWN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("process {} did not stop within {}; killing it", p.pid(), SMART_SHUTDOWN_WAIT);
            p.destroyForcibly();
        }
    }
}
