package org.pgingest.server;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Starts zonky's server with its output in a log file and gives up as soon as the server refuses to start.
 * zonky (2.2) runs {@code pg_ctl -w start} but ignores pg_ctl's outcome: it polls for a connection for the whole
 * startup wait (60 s). pg_ctl itself returns within a fraction of a second with "could not start server" when
 * the postmaster exits during startup (an invalid setting, an unknown setting name), right after the server's
 * own FATAL line. So a watcher reads the log while zonky waits and interrupts the wait when pg_ctl gave up;
 * the server's complaint becomes the message.
 */
final class StartupWatch {
    /** pg_ctl's words when the postmaster exited before accepting connections (14-18). */
    private static final String PG_CTL_GAVE_UP = "pg_ctl: could not start server";
    private static final long POLL_MS = 50;
    /** The postmaster's program name, which starts the lines it writes to stderr itself. */
    private static final String POSTMASTER = "postgres";

    private StartupWatch() {
    }

    /**
     * Starts the server; {@code builder}'s output must go to {@code log}.
     *
     * @throws TargetException with the server's FATAL (and HINT/DETAIL) lines when it refused to start
     */
    static EmbeddedPostgres start(EmbeddedPostgres.Builder builder, Path log, String version) throws IOException {
        Thread starter = Thread.currentThread();
        Watcher watcher = new Watcher(log, starter);
        watcher.start();
        EmbeddedPostgres postgres = null;
        try {
            postgres = builder.start();
        } finally {
            watcher.finish();
        }
        if (watcher.gaveUp) {
            // zonky returns normally from an interrupted wait; the flag must not leak into the caller.
            Thread.interrupted();
            // Nothing to stop: the postmaster has exited, and zonky's close() would only fail on pg_ctl stop.
            throw new TargetException("PostgreSQL " + version + " refused to start: " + complaint(log));
        }
        return postgres;
    }

    /**
     * The server's FATAL line with its HINT and DETAIL, without timestamps, as one line. Checks the postmaster makes
     * before its logging starts (max_connections against the reserved connections, for one) are written to stderr
     * as "postgres: ..." with no severity (PostgreSQL 14-18, postmaster.c's write_stderr); those count too. Without
     * either, the log's last lines: the log itself is removed with the run directory.
     */
    static String complaint(Path log) {
        List<String> lines = read(log).lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        String reasons = lines.stream()
                .map(l -> l.replaceFirst("^.*?\\b(FATAL|HINT|DETAIL|ERROR|PANIC):\\s+", "$1: "))
                // pg_ctl's "waiting for server to start...." ends without a newline, so the postmaster's line follows it.
                .map(l -> l.replaceFirst("^(waiting for server to start\\.*)?" + POSTMASTER + ":\\s+", "FATAL: "))
                .filter(l -> l.matches("^(FATAL|HINT|DETAIL|ERROR|PANIC): .*"))
                .distinct()
                .collect(Collectors.joining("; "));
        if (!reasons.isEmpty()) {
            return reasons;
        }
        List<String> last = lines.stream().filter(l -> !l.startsWith("pg_ctl:") && !l.startsWith("Examine the log")).toList();
        return "pg_ctl gave up and the server named no reason" + (last.isEmpty() ? "" : "; its log ended with: "
                + String.join(" / ", last.subList(Math.max(0, last.size() - 3), last.size())));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return "";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the server log " + log, e);
        }
    }

    /** Polls the log while zonky waits; interrupts the starting thread once pg_ctl gave up. */
    private static final class Watcher extends Thread {
        private final Path log;
        private final Thread starter;
        private volatile boolean finished;
        private volatile boolean gaveUp;

        Watcher(Path log, Thread starter) {
            super("pg-ingest-bench-startup-watch");
            setDaemon(true);
            this.log = log;
            this.starter = starter;
        }

        @Override
        public void run() {
            while (!finished) {
                if (read(log).contains(PG_CTL_GAVE_UP)) {
                    gaveUp = true;
                    starter.interrupt();
                    return;
                }
                try {
                    Thread.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        /** Stops watching; after this, {@link #gaveUp} is final. */
        void finish() {
            finished = true;
            interrupt();
            try {
                join();
            } catch (InterruptedException e) {
                // The starter itself was interrupted by the watcher (or by its caller); gaveUp says which.
                Thread.currentThread().interrupt();
            }
        }
    }
}
