package org.pgingest.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/** A pid file of a server the suite started (PostgreSQL's postmaster.pid, PgBouncer's), and the process it names. */
final class PidFile {
    private PidFile() {
    }

    /**
     * The live process whose pid is the file's first line and whose command line contains {@code mark} (its data
     * directory or configuration file): a pid the system has since given to another process is none of the suite's.
     * Empty when the file is absent (not written yet, removed as the process exited) or half-written.
     */
    static Optional<ProcessHandle> liveProcess(Path pidFile, String mark) {
        long pid;
        try (Stream<String> lines = Files.lines(pidFile)) {
            pid = Long.parseLong(lines.findFirst().orElse("-1").trim());
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().map(cmd -> cmd.contains(mark)).orElse(false));
    }
}
