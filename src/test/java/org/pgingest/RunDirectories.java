package org.pgingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The embedded servers' run directories ({@code <tmpdir>/pg-ingest-bench/run-<pid>-...}), as tests look for them. */
public final class RunDirectories {
    private static final Path ROOT = Path.of(System.getProperty("java.io.tmpdir"), "pg-ingest-bench");

    private RunDirectories() {
    }

    /** The run directories the process {@code pid} made (one per server or PgBouncer it runs), none when none. */
    public static List<Path> of(long pid) {
        if (!Files.isDirectory(ROOT)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(ROOT)) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("run-" + pid + "-")).toList();
        } catch (NoSuchFileException e) {
            return List.of(); // the root went while it was listed: its last run ended
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The postmaster of the server in {@code runDirectory}, once its pid file names it and while that pid is a
     * postgres of this data directory (a test signals it: a pid file outlives its process, and pids are reused).
     */
    public static Optional<Long> postmasterOf(Path runDirectory) {
        Path data = runDirectory.resolve("data");
        try {
            // initdb's standalone backend writes its pid negated; the postmaster's is positive.
            long pid = Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
            return (pid > 0 ? ProcessHandle.of(pid) : Optional.<ProcessHandle>empty())
                    .filter(p -> p.info().commandLine().map(c -> c.contains(data.toString())).orElse(false))
                    .map(ProcessHandle::pid);
        } catch (IOException | IndexOutOfBoundsException | NumberFormatException e) {
            return Optional.empty(); // not written yet, or removed
        }
    }

    /** No run directory of the process {@code pid} is left: every server it started was stopped and removed. */
    public static void assertNoneOf(long pid) {
        assertThat(of(pid)).as("run directories of process " + pid).isEmpty();
    }
}
