package org.pgingest.results;

import org.pgingest.exit.ShutdownHook;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * One run's own working files (the parts' JSON, the resolved table its forks read, candidates' logs): a directory
 * of a new name per run, so that two runs at once, in one checkout, never read or replace each other's files (two
 * runs of tables with the same name once shared {@code table-t.json.parts/tables.json}, and a fork read the other
 * run's table). Removed when the run ends, and by a shutdown hook on Ctrl-C or SIGTERM; {@link #keep()} keeps it
 * (logs worth reading).
 */
public final class WorkDirectory implements AutoCloseable {
    private final Path path;
    private final AtomicBoolean settled = new AtomicBoolean();
    private final ShutdownHook removeOnExit;

    private WorkDirectory(Path path) {
        this.path = path;
        this.removeOnExit = ShutdownHook.add("pg-ingest-bench-remove-" + path.getFileName(), this::removeAtExit);
    }

    /** A new directory in {@code parent} (created if missing) whose name starts with {@code prefix}. */
    public static WorkDirectory in(Path parent, String prefix) throws IOException {
        Files.createDirectories(parent);
        return new WorkDirectory(Files.createTempDirectory(parent, prefix).toAbsolutePath());
    }

    /** A new directory beside {@code result}, named after it ({@code table-t.json.parts-123/}). */
    public static WorkDirectory beside(Path result) throws IOException {
        Path absolute = result.toAbsolutePath().normalize();
        return in(absolute.getParent(), absolute.getFileName() + ".parts-");
    }

    public Path path() {
        return path;
    }

    /** Leaves the directory where it is when the run ends. */
    public void keep() {
        if (!settled.getAndSet(true)) {
            removeOnExit.remove();
        }
    }

    /** Removes the directory and everything in it, unless kept. */
    @Override
    public void close() throws IOException {
        if (settled.getAndSet(true)) {
            return;
        }
        delete();
        removeOnExit.remove();
    }

    private void removeAtExit() {
        if (settled.getAndSet(true)) {
            return;
        }
        try {
            delete();
        } catch (IOException e) {
            System.err.println("pg-ingest-bench: could not remove " + path + ": " + e.getMessage());
        }
    }

    private void delete() throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
