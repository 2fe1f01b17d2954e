package org.pgingest.server;

import org.pgingest.results.WorkDirectory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;

/**
 * A directory of the suite's own, holding one embedded server's data directory (or one PgBouncer's configuration,
 * pid file and log) and a note of which JVM owns it. A directory whose owner is gone (for example after
 * {@code kill -9}) is a leftover that {@link LeftoverSweeper} may remove.
 */
final class RunDirectory {
    static final String PREFIX = "run-";
    private static final String OWNER_FILE = "owner.properties";

    private final Path path;

    private RunDirectory(Path path) {
        this.path = path;
    }

    /**
     * ${java.io.tmpdir}/pg-ingest-bench, or -Dpg.run.root; refused ({@link TrustedDirectory}) when another user could
     * have put a data directory or template there, whose configuration the servers started from it would run.
     */
    static Path root() {
        String configured = System.getProperty("pg.run.root");
        Path root = configured != null && !configured.isBlank()
                ? Path.of(configured)
                : Path.of(System.getProperty("java.io.tmpdir"), "pg-ingest-bench");
        TrustedDirectory.require(root, "the directory of the suite's data directories and initdb templates",
                "use a directory of your own with -Djava.io.tmpdir=DIR");
        return root;
    }

    /** A new directory under {@link #root()}, owned by this JVM. */
    static RunDirectory create() {
        ProcessHandle self = ProcessHandle.current();
        Path dir = root().resolve(PREFIX + self.pid() + "-" + UUID.randomUUID().toString().substring(0, 8));
        try {
            Files.createDirectories(dir);
            Properties owner = new Properties();
            owner.setProperty("pid", Long.toString(self.pid()));
            owner.setProperty("start", self.info().startInstant().map(Instant::toString).orElse(""));
            // Written aside and moved into place in one step: another launcher's sweep reads the note at any moment,
            // and a note it found half-written would name no owner and have a live run's directory removed.
            Path note = dir.resolve(OWNER_FILE + ".writing");
            try (OutputStream out = Files.newOutputStream(note)) {
                owner.store(out, "JVM that owns this pg-ingest-bench run directory");
            }
            Files.move(note, dir.resolve(OWNER_FILE), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create run directory " + dir, e);
        }
        return new RunDirectory(dir);
    }

    static RunDirectory existing(Path path) {
        return new RunDirectory(path);
    }

    Path path() {
        return path;
    }

    Path dataDirectory() {
        return path.resolve("data");
    }

    /**
     * True when the JVM that created this directory is no longer running. A live process with the same pid
     * but another start time is a reused pid, so the owner is gone too. A directory without an owner note (or with
     * one that names no pid) is only taken for a leftover once it is a minute old (it may be being created now).
     */
    boolean ownerGone() {
        Properties owner = new Properties();
        try (InputStream in = Files.newInputStream(path.resolve(OWNER_FILE))) {
            owner.load(in);
        } catch (NoSuchFileException e) {
            return ageSeconds() > 60;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path.resolve(OWNER_FILE), e);
        }
        if (owner.getProperty("pid") == null) {
            return ageSeconds() > 60;
        }
        long pid = Long.parseLong(owner.getProperty("pid"));
        String start = owner.getProperty("start", "");
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        String liveStart = process.get().info().startInstant().map(Instant::toString).orElse("");
        return !start.isEmpty() && !liveStart.isEmpty() && !start.equals(liveStart);
    }

    private long ageSeconds() {
        try {
            return (System.currentTimeMillis() - Files.getLastModifiedTime(path).toMillis()) / 1000;
        } catch (IOException e) {
            return 0; // gone meanwhile: nothing left to judge old
        }
    }

    /**
     * Removes the directory and everything in it. Another launcher's sweep may be removing the same leftover at the
     * same time: an entry it removed first (gone when listed, visited or deleted) is not an error.
     */
    void delete() {
        try {
            WorkDirectory.deleteTree(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete run directory " + path, e);
        }
    }

}
