package org.pgingest.results;

import org.pgingest.exit.Forks;
import org.pgingest.exit.ShutdownHook;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
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

    /**
     * A new directory in {@code parent} (created if missing) whose name starts with {@code prefix}. Those of earlier
     * runs killed before they could remove theirs (SIGKILL runs no hook: an adversarial pass, 2026-12-03, found a
     * rank's left for good) are removed first: a directory whose owner, as its {@link #OWNER} file names it, is no
     * longer running. A kept one has no owner file and stays.
     */
    public static WorkDirectory in(Path parent, String prefix) throws IOException {
        Files.createDirectories(parent);
        sweep(parent, prefix);
        Path path = Files.createTempDirectory(parent, prefix).toAbsolutePath();
        ProcessHandle self = ProcessHandle.current();
        Files.writeString(path.resolve(OWNER), self.pid() + " " + self.info().startInstant().map(Object::toString)
                .orElse("?"));
        return new WorkDirectory(path);
    }

    /** The file naming the process a directory belongs to: its pid and start instant (a pid is reused). */
    static final String OWNER = ".owner";

    private static void sweep(Path parent, String prefix) throws IOException {
        List<Path> left;
        try (Stream<Path> siblings = Files.list(parent)) {
            left = siblings.filter(d -> d.getFileName().toString().startsWith(prefix) && Files.isDirectory(d)
                    && !Files.isSymbolicLink(d) && Files.isRegularFile(d.resolve(OWNER))).toList();
        }
        for (Path dir : left) {
            String[] owner = Files.readString(dir.resolve(OWNER)).trim().split(" ", 2);
            boolean running;
            try {
                running = ProcessHandle.of(Long.parseLong(owner[0])).filter(ProcessHandle::isAlive)
                        .map(p -> owner.length < 2 || p.info().startInstant().map(Object::toString).orElse("?")
                                .equals(owner[1])).orElse(false);
            } catch (NumberFormatException e) {
                running = true; // not a file this class wrote: left alone
            }
            if (!running) {
                deleteTree(dir);
            }
        }
    }

    /** A new directory beside {@code result}, named after it ({@code table-t.json.parts-123/}). */
    public static WorkDirectory beside(Path result) throws IOException {
        Path absolute = result.toAbsolutePath().normalize();
        return in(absolute.getParent(), absolute.getFileName() + ".parts-");
    }

    public Path path() {
        return path;
    }

    /**
     * Takes the owner mark out, for a run that moves the directory into place as its result (a comparison's
     * {@code --results}): what it moves holds the run's files alone.
     */
    public void handOver() throws IOException {
        Files.deleteIfExists(path.resolve(OWNER));
    }

    /** Leaves the directory where it is when the run ends, for good: no later run removes it. */
    public void keep() throws IOException {
        if (!settled.getAndSet(true)) {
            removeOnExit.remove();
            Files.deleteIfExists(path.resolve(OWNER));
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
        Forks.stop();
        try {
            delete();
        } catch (IOException e) {
            System.err.println("pg-ingest-bench: could not remove " + path + ": " + e.getMessage());
        }
    }

    private void delete() throws IOException {
        deleteTree(path);
    }

    /**
     * Removes {@code root} and everything in it, if it is there, following no link; an entry another process removed
     * first is not an error (two runs may sweep the same leftover at once, two launchers remove the same damaged
     * initdb template).
     */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
                    if (exc instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw exc;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    if (exc != null && !(exc instanceof NoSuchFileException)) {
                        throw exc;
                    }
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException e) {
            // the whole directory went while this walk started: the other remover finished first
        }
    }
}
