package org.pgingest.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks that a command's output files and directories can be written before it reads, judges or prints anything:
 * a gate that printed PASS and wrote its Markdown, then failed on {@code --json}, left half its outputs behind.
 * Writability is tried, not inferred: a file is created and removed in the directory (permission bits say nothing
 * to root, nor about a read-only mount).
 */
final class OutputPaths {
    private OutputPaths() {
    }

    /** A file {@code option} will write: not a directory, in a directory that exists and takes new files. */
    static void requireWritableFile(Path file, String option) {
        if (Files.isDirectory(file)) {
            throw new UsageException(option + " " + file + ": is a directory; give a file name");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent)) {
            throw new UsageException(option + " " + file + ": directory " + parent + " does not exist");
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new UsageException(option + " " + file + ": the file cannot be written");
        }
        probe(parent, option + " " + file);
    }

    /** A directory {@code option} will write into, created if need be: its nearest existing ancestor takes files. */
    static void requireWritableDirectory(Path dir, String option) {
        Path existing = dir.toAbsolutePath();
        while (!Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (!Files.isDirectory(existing)) {
            throw new UsageException(option + " " + dir + ": " + existing + " is a file, not a directory");
        }
        probe(existing, option + " " + dir);
    }

    private static void probe(Path dir, String what) {
        try {
            Files.delete(Files.createTempFile(dir, ".pg-ingest-bench-", ".probe"));
        } catch (IOException | SecurityException e) {
            throw new UsageException(what + ": cannot write in " + dir + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }
}
