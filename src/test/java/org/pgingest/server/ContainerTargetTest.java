package org.pgingest.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ChildProcess;
import org.pgingest.RequiredParts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Without Docker. Real containers: {@link LocalImageContainerTest}, {@link ContainerLeftoversTest}. */
class ContainerTargetTest {
    /** Where Testcontainers looks for a local engine when DOCKER_HOST is unset (UnixSocketClientProviderStrategy). */
    private static final Path ENGINE_SOCKET = Path.of("/var/run/docker.sock");

    @TempDir
    Path emptyHome;

    @Test
    void withoutDockerItSaysSoInOneLine() throws Exception {
        // In a fresh JVM: Testcontainers remembers its answer, so only a first detection shows what it says. Its home is
        // empty (no ~/.testcontainers.properties, no ~/.docker) and DOCKER_HOST unset, so it looks for no other engine.
        List<String> java = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + emptyHome, "-cp", System.getProperty("java.class.path"), ContainerProbeProcess.class.getName());
        ProcessBuilder probe = new ProcessBuilder(ContainerTarget.dockerAvailable() ? withEngineHidden(java) : java);
        probe.environment().remove("DOCKER_HOST");
        probe.environment().remove("XDG_RUNTIME_DIR");
        ChildProcess.Finished child = ChildProcess.run(probe, Duration.ofSeconds(60));
        List<String> lines = child.output().lines().filter(l -> !l.startsWith("WARN") && !l.isBlank()).toList();
        assertThat(lines).as(child.output()).hasSize(1);
        assertThat(lines.get(0)).isEqualTo("the container target needs a running Docker engine and none answered; use "
                + "-Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
    }

    /**
     * Where an engine answers, the child runs in its own mount namespace with the engine's socket covered by
     * /dev/null (util-linux unshare; as root, or in a user namespace where the kernel allows them), so it sees a
     * machine without Docker while every other process keeps the engine.
     */
    private static List<String> withEngineHidden(List<String> command) throws Exception {
        List<String> unshare = new ArrayList<>(List.of("unshare", "--mount"));
        if (new com.sun.security.auth.module.UnixSystem().getUid() != 0) {
            unshare.add("--map-root-user");
        }
        List<String> check = new ArrayList<>(unshare);
        check.addAll(List.of("mount", "--bind", "/dev/null", ENGINE_SOCKET.toString()));
        Optional<String> cannotHide = Files.exists(ENGINE_SOCKET) ? cannotRun(check)
                : Optional.of("the engine answers, but not at " + ENGINE_SOCKET);
        RequiredParts.require("a way to hide the Docker engine from a child process (unshare --mount, as root)", cannotHide);
        List<String> wrapped = new ArrayList<>(unshare);
        wrapped.addAll(List.of("sh", "-c", "mount --bind /dev/null " + ENGINE_SOCKET + " && exec \"$@\"", "sh"));
        wrapped.addAll(command);
        return wrapped;
    }

    private static Optional<String> cannotRun(List<String> command) throws Exception {
        try {
            ChildProcess.Finished finished = ChildProcess.run(new ProcessBuilder(command), Duration.ofSeconds(30));
            return finished.exitCode() == 0 ? Optional.empty()
                    : Optional.of(String.join(" ", command) + " failed: " + finished.output().strip());
        } catch (java.io.IOException e) {
            return Optional.of("unshare could not start: " + e.getMessage());
        }
    }
}
