package org.pgingest;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessTreesTest {
    /**
     * A child of a process that never waits for it stays a zombie: exited, yet {@code isAlive()}, as an orphan is until
     * init reaps it.
     */
    @Test
    void aZombieDoesNotRunAndALiveProcessDoes() throws Exception {
        Process parent = new ProcessBuilder("sh", "-c", "sleep 0.1 & exec sleep 30").start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            ProcessHandle child = null;
            while (child == null && System.nanoTime() < deadline) {
                child = parent.children().findFirst().orElse(null);
            }
            assertThat(child).as("sleep 0.1, the shell's child").isNotNull();
            assertThat(ProcessTrees.running(parent.toHandle())).isTrue();
            while (ProcessTrees.running(child) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(ProcessTrees.running(child)).as("sleep 0.1, ended").isFalse();
            assertThat(child.isAlive()).as("a zombie, not reaped by the exec'd sleep 30").isTrue();
            assertThat(ProcessTrees.running(parent.toHandle())).isTrue();
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }
}
