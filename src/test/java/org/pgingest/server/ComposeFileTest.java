package org.pgingest.server;

import org.junit.jupiter.api.Test;
import org.pgingest.ChildProcess;
import org.pgingest.LocalImages;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.testcontainers.DockerClientFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker/compose.yaml run for real with the image {@link LocalImages} found or got: up, the external target
 * against it (its settings read back match docker/postgresql.conf), down, nothing left.
 */
@RequiresPart({Part.DOCKER, Part.COMPOSE, Part.LOCAL_IMAGES})
class ComposeFileTest {
    private static final String PROJECT = "pgingest-compose-test";
    private static final String PASSWORD = "compose-Test-pw-1";
    private static final int MAJOR = 18;

    @Test
    void upExternalTargetMatchesSettingsFileDownLeavesNothing() throws Exception {
        List<String> compose = Part.composeCommand().orElseThrow();
        // A free port, not the file's default 55432: a full run once found that taken ("already in use", twice)
        int port;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        try {
            run(compose, port, "up", "-d");
            TargetConfig external = TargetConfig.defaults()
                    .withExternal("jdbc:postgresql://localhost:" + port + "/bench", "bench", Secret.of(PASSWORD));
            try (PostgresTarget target = openWhenReady(external)) {
                assertThat(target.facts().versionNum() / 10000).isEqualTo(MAJOR);
                assertThat(target.facts().differences()).isEmpty();
                assertThat(target.facts().durabilityOff()).isEmpty();
            }
        } finally {
            run(compose, port, "down", "-v");
        }
        var docker = DockerClientFactory.instance().client();
        String projectLabel = "com.docker.compose.project=" + PROJECT;
        assertThat(docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of(projectLabel)).exec()).isEmpty();
        assertThat(docker.listVolumesCmd().withFilter("label", List.of(projectLabel)).exec().getVolumes()).isNullOrEmpty();
    }

    /** The server inside needs a moment after `up -d` returns; the first connections are refused. */
    private static PostgresTarget openWhenReady(TargetConfig config) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (true) {
            try {
                return PostgresTarget.open(config);
            } catch (TargetException e) {
                if (Instant.now().isAfter(deadline)) {
                    throw e;
                }
                Thread.sleep(500);
            }
        }
    }

    private static void run(List<String> compose, int port, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(compose);
        command.addAll(List.of("-p", PROJECT, "-f", Path.of("docker", "compose.yaml").toString()));
        command.addAll(List.of(args));
        String image = LocalImages.image(MAJOR);
        ProcessBuilder pb = new ProcessBuilder(command);
        // compose.yaml names the image ${PGIB_IMAGE}:${PG_MAJOR}
        pb.environment().putAll(Map.of("PGIB_IMAGE", image.substring(0, image.lastIndexOf(':')),
                "PG_MAJOR", Integer.toString(MAJOR), "PGIB_PASSWORD", PASSWORD, "PGIB_PORT", Integer.toString(port)));
        ChildProcess.Finished finished = ChildProcess.run(pb, Duration.ofMinutes(2));
        assertThat(finished.exitCode()).as(String.join(" ", command) + ": " + finished.output()).isZero();
    }
}
