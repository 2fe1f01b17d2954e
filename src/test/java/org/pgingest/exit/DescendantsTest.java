package org.pgingest.exit;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An ended process's pid given to another process with a child (as pid reuse does on a busy machine): none of that
 * child is the ended process's to stop. The pid is handed on with the kernel's ns_last_pid (root; the next process
 * created takes the pid after it), retried while other processes take it first.
 */
class DescendantsTest {
    private static final Path LAST_PID = Path.of("/proc/sys/kernel/ns_last_pid");

    @Test
    void anEndedProcessWhosePidWasReusedHasNoDescendants() throws Exception {
        assertThat(Files.isWritable(LAST_PID)).as(LAST_PID + " is writable (the tests run as root)").isTrue();
        Process ended = new ProcessBuilder("true").start();
        assertThat(ended.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Process reuser = null;
        for (int attempt = 0; attempt < 50 && reuser == null; attempt++) {
            Files.writeString(LAST_PID, Long.toString(ended.pid() - 1));
            Process p = new ProcessBuilder("sh", "-c", "sleep 60 & wait").start();
            if (p.pid() == ended.pid()) {
                reuser = p;
            } else {
                p.destroyForcibly().waitFor();
            }
        }
        assertThat(reuser).as("a process given pid " + ended.pid()).isNotNull();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (reuser.children().findAny().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(reuser.children().findAny()).as("the reusing shell's child").isPresent();

            assertThat(Descendants.of(ended)).isEmpty();
            assertThat(Descendants.of(reuser)).hasSize(1);
        } finally {
            Descendants.of(reuser).forEach(ProcessHandle::destroyForcibly);
            reuser.destroyForcibly().waitFor();
        }
    }
}
