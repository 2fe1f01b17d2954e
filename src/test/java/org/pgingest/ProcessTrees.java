package org.pgingest;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.pgingest.exit.Descendants;

/**
 * Stops a child launcher together with what it started. Killing only the launcher leaves its JMH forks running
 * (a fork waits on its host forever), and each fork holds an embedded server; SIGTERM first lets a fork's
 * shutdown hook stop that server and remove its directory.
 */
public final class ProcessTrees {
    private ProcessTrees() {
    }

    /**
     * Whether this JVM ignores SIGINT, as its children then do (Linux: the SigIgn mask of /proc/self/status; a shell
     * without job control starts background jobs so). A test that sends SIGINT says so when it fails.
     */
    public static boolean ignoresSigint() {
        try {
            return java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("SigIgn:"))
                    .anyMatch(l -> (Long.parseUnsignedLong(l.substring(7).trim(), 16) & 0x2) != 0);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /**
     * Whether a process still runs: alive, and not a zombie. A process orphaned to init (a postmaster pg_ctl
     * daemonised) that has exited stays in the process table until init reaps it, and {@code isAlive()} is true until
     * then: this machine's init (process_api) reaps orphans up to 2 s after they exit (a comparison's postmaster was
     * taken for one it left running).
     */
    public static boolean running(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", Long.toString(process.pid()), "stat"));
            // pid (comm) state ...: the command may hold ')' itself, the state follows the last one.
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.nio.file.NoSuchFileException e) {
            return false;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static void stop(Process process) throws InterruptedException {
        List<ProcessHandle> tree = Descendants.of(process);
        tree.forEach(ProcessHandle::destroy);
        process.destroy();
        for (ProcessHandle p : tree) {
            p.onExit().completeOnTimeout(p, 20, TimeUnit.SECONDS).join();
            p.destroyForcibly();
        }
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
