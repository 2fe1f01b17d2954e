package org.pgingest.server;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Without Docker. Real containers: {@link LocalImageContainerTest}, {@link ContainerLeftoversTest}. */
class ContainerTargetTest {

    @Test
    void withoutDockerItSaysSoInOneLineWithoutWaitingOutTimeouts() throws Exception {
        assumeFalse(ContainerTarget.dockerAvailable(), "skipped: a Docker engine answers on this machine");
        // In a fresh JVM: Testcontainers remembers its answer, so only a first detection shows its speed.
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), ContainerProbeProcess.class.getName())
                .redirectErrorStream(true).start();
        child.getOutputStream().close();
        List<String> lines = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .filter(l -> !l.startsWith("WARN") && !l.isBlank()).toList();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).isEqualTo("the container target needs a running Docker engine and none answered; use "
                + "-Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
        assertThat(lines.get(0)).startsWith("ELAPSED ");
        // Without the suite's own check Testcontainers tries each Docker strategy with its timeouts; the bound
        // says none was waited out. It is not a speed target (1.15 s was seen once beside another build).
        assertThat(Duration.ofMillis(Long.parseLong(lines.get(0).substring("ELAPSED ".length()))))
                .isLessThan(Duration.ofSeconds(10));
    }
}
