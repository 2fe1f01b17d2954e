package org.pgingest;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChildProcessTest {

    /**
     * A child that fills its output (a megabyte, far past a pipe's 64 KB) and then hangs: its limit fires, it is
     * stopped, and what it printed is in the failure. Reading its pipe to the end before waiting would wait the
     * whole minute.
     */
    @Test
    void aHungChildFailsAtItsLimitWithWhatItPrinted() {
        assertThatThrownBy(() -> ChildProcess.run(new ProcessBuilder("sh", "-c",
                "echo started; head -c 1000000 /dev/zero | tr '\\0' x; echo; echo hanging; exec sleep 60"), Duration.ofSeconds(2)))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageStartingWith("sh -c echo started;").hasMessageContaining("did not finish in 2 s; its output so far:\nstarted\nxxx")
                .hasMessageContaining("\nhanging\n");
    }

    @Test
    void aFinishedChildGivesItsExitCodeAndOutput() throws Exception {
        ChildProcess.Finished child = ChildProcess.run(new ProcessBuilder(List.of("sh", "-c", "echo out; echo err >&2; exit 3")),
                Duration.ofSeconds(30));
        assertThat(child.exitCode()).isEqualTo(3);
        assertThat(child.output()).isEqualTo("out\nerr\n");
    }
}
