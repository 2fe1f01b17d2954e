package org.pgingest.exit;

import java.util.List;

/** The processes a child process started, found so that they can be stopped with it. */
public final class Descendants {
    private Descendants() {
    }

    /**
     * {@code process}'s descendants while it runs; none once it has ended (its orphans have gone to init by then).
     * JDK 17's {@code descendants()} of an ended process lists the children of whichever process has since been given
     * its pid (the parent's start time is read from the live process table, not from the handle), and pids come round
     * within minutes on a busy machine (pid_max 32768): stopping such a list sent SIGTERM to another run's postgres
     * backends ("terminating connection due to administrator command"). An unreaped child keeps its pid, so a process
     * alive before and after the scan is the one scanned.
     */
    public static List<ProcessHandle> of(Process process) {
        if (!process.isAlive()) {
            return List.of();
        }
        List<ProcessHandle> found = process.descendants().toList();
        return process.isAlive() ? found : List.of();
    }
}
