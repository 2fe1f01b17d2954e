package org.pgingest.results;

import org.pgingest.exit.ShutdownHook;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Where a result goes, and the one way a result reaches it: written aside (a hidden sibling of the path, same
 * directory, so same file system), then renamed over the path in one step. An earlier result at the path is
 * replaced only by a complete one; a run that fails, is refused or is interrupted leaves it as it was, and its
 * aside file is removed (by a shutdown hook on Ctrl-C or SIGTERM). {@link #problem(Path)} checks before a run
 * that the result could be written at all, so that a bad path is found before the run rather than after it.
 */
public final class ResultPath {
    private static final String PARTIAL = ".partial-";
    private final Path path;
    private final Path aside;
    private final AtomicBoolean settled = new AtomicBoolean();
    private final ShutdownHook discardOnExit;

    private ResultPath(Path path) {
        this.path = path;
        Path name = path.getFileName();
        this.aside = path.resolveSibling("." + name + PARTIAL + ProcessHandle.current().pid());
        this.discardOnExit = ShutdownHook.add("pg-ingest-bench-discard-" + name, this::deleteAside);
    }

    /**
     * A result to come at {@code path}; write it to {@link #aside()}, then {@link #commit()} or {@link #discard()}.
     *
     * @throws IOException when the path cannot take a result ({@link #problem(Path)}'s line)
     */
    public static ResultPath of(Path path) throws IOException {
        Optional<String> problem = problem(path);
        if (problem.isPresent()) {
            throw new IOException(problem.get());
        }
        Path absolute = path.toAbsolutePath().normalize();
        Files.createDirectories(absolute.getParent());
        ResultPath result = new ResultPath(absolute);
        result.removeAsidesOfGoneProcesses();
        return result;
    }

    /**
     * A process killed outright ({@code kill -9}) runs no hook and leaves its aside file: removed by the next result
     * for the same path, once the process that wrote it is gone.
     */
    private void removeAsidesOfGoneProcesses() throws IOException {
        String prefix = "." + path.getFileName() + PARTIAL;
        try (Stream<Path> siblings = Files.list(path.getParent())) {
            for (Path sibling : siblings.toList()) {
                String name = sibling.getFileName().toString();
                if (name.startsWith(prefix) && name.substring(prefix.length()).matches("\\d+")
                        && ProcessHandle.of(Long.parseLong(name.substring(prefix.length()))).isEmpty()) {
                    Files.deleteIfExists(sibling);
                }
            }
        }
    }

    /** Writes a whole result through the aside file and renames it over {@code path}. */
    public static void write(Path path, ContentWriter content) throws IOException {
        ResultPath result = of(path);
        try (OutputStream out = Files.newOutputStream(result.aside())) {
            content.writeTo(out);
        } catch (IOException | RuntimeException e) {
            result.discard();
            throw e;
        }
        result.commit();
    }

    /** What a result is written with. */
    @FunctionalInterface
    public interface ContentWriter {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Why no result could be written at {@code path}, in one line, or empty when one can. Nothing is left behind: a
     * file is created and removed in its directory, or, when that directory is missing, a directory in its nearest
     * existing ancestor (permission bits alone do not tell: root ignores them, and a read-only mount does not show
     * in them); the directory itself is created only when a result is written, so a run refused after this check
     * leaves none.
     */
    public static Optional<String> problem(Path path) {
        if (path.toString().isBlank()) {
            return Optional.of("no file name given");
        }
        Path absolute = path.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            return Optional.of(path + " is a directory; name a file");
        }
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(absolute, LinkOption.NOFOLLOW_LINKS)) {
            // The result is renamed over the path: a link, or as root a device such as /dev/null, would be replaced.
            return Optional.of(path + " is " + (Files.isSymbolicLink(absolute) ? "a symbolic link" : "a device, pipe or "
                    + "socket") + ", which the result would replace; name a regular file");
        }
        Path directory = absolute.getParent();
        if (!Files.isDirectory(directory)) {
            Path existing = directory;
            while (!Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (!Files.isDirectory(existing)) {
                return Optional.of("cannot create the directory " + directory + " ("
                        + (existing.equals(directory) ? "it" : existing) + " is a file)");
            }
            try {
                Files.delete(Files.createTempDirectory(existing, ".pg-ingest-bench-probe"));
            } catch (IOException e) {
                return Optional.of("cannot create the directory " + directory + " (" + reason(e) + ")");
            }
            return Optional.empty();
        }
        try {
            Files.delete(Files.createTempFile(directory, ".pg-ingest-bench-probe", ""));
        } catch (IOException e) {
            return Optional.of("cannot write in " + directory + " (" + reason(e) + ")");
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute) && !Files.isWritable(directory)) {
            return Optional.of(path + " cannot be replaced (no write permission)");
        }
        return Optional.empty();
    }

    /**
     * Why no files could be written into the directory {@code dir} (created if need be, as an export's), in one line,
     * or empty when they can: its nearest existing ancestor must be a directory that takes new files.
     */
    public static Optional<String> directoryProblem(Path dir) {
        Path existing = dir.toAbsolutePath().normalize();
        while (!Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (!Files.isDirectory(existing)) {
            return Optional.of(existing + " is a file, not a directory");
        }
        try {
            Files.delete(Files.createTempFile(existing, ".pg-ingest-bench-probe", ""));
        } catch (IOException e) {
            return Optional.of("cannot write in " + existing + " (" + reason(e) + ")");
        }
        return Optional.empty();
    }

    private static String reason(IOException e) {
        if (e instanceof FileAlreadyExistsException) {
            return "it is a file";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(Locale.ROOT);
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    Path path() {
        return path;
    }

    /** The file to write the result to, in the same directory. */
    public Path aside() {
        return aside;
    }

    /**
     * Puts the aside file in the path's place in one step; what was there before is replaced. A result of no file
     * (nothing was written aside: a run whose forks recorded no facts) removes the earlier one, which belonged to
     * another run.
     */
    public void commit() throws IOException {
        if (settled.getAndSet(true)) {
            return;
        }
        if (!Files.exists(aside)) {
            Files.deleteIfExists(path);
            discardOnExit.remove();
            return;
        }
        try {
            Files.move(aside, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // Same directory, so same file system: not expected; a plain replace is the closest there is.
            Files.move(aside, path, StandardCopyOption.REPLACE_EXISTING);
        }
        discardOnExit.remove();
    }

    /** Leaves the path as it was and removes the aside file. */
    public void discard() throws IOException {
        if (settled.getAndSet(true)) {
            return;
        }
        Files.deleteIfExists(aside);
        discardOnExit.remove();
    }

    private void deleteAside() {
        if (!settled.get()) {
            try {
                Files.deleteIfExists(aside);
            } catch (IOException e) {
                System.err.println("pg-ingest-bench: could not remove " + aside + ": " + e.getMessage());
            }
        }
    }
}
