package org.pgingest.exit;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** This JVM's child processes (JMH's forks, and what they started), as a launcher's shutdown hooks stop them. */
public final class Forks {
    private Forks() {
    }

    /**
     * Stops them and waits for them (20 s each at most), before a hook removes what they write into: a SIGTERM to
     * the launcher alone (not to its process group, as Ctrl-C sends) leaves them running, and a fork ending with the
     * launcher can still write its facts into a directory being removed (an adversarial pass found a preset's parts
     * directory left with one file).
     */
    public static void stop() {
        List<ProcessHandle> forks = ProcessHandle.current().descendants().toList();
        forks.forEach(ProcessHandle::destroy);
        for (ProcessHandle fork : forks) {
            fork.onExit().completeOnTimeout(fork, 20, TimeUnit.SECONDS).join();
        }
    }
}
