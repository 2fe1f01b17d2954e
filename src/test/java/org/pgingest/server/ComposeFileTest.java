package org.pgingest.server;

import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * docker/compose.yaml run for real with the locally built image: up, the external target against it (its
 * settings read back match docker/postgresql.conf), down, nothing left.
 */
class ComposeFileTest {
    private static final String PROJECT = "pgingest-compose-test";
    private static final String PASSWORD = "compose-Test-pw-1";

    @Test
    void upExternalTargetMatchesSettingsFileDownLeavesNothing() throws Exception {
        assumeTrue(ContainerTarget.dockerAvailable(), "skipped: no Docker engine answers on this machine");
        List<String> compose = composeCommand();
        assumeTrue(compose != null, "skipped: neither 'docker compose' nor 'docker-compose' is installed");
        try {
            run(compose, "up", "-d");
            TargetConfig external = TargetConfig.defaults()
                    .withExternal("jdbc:postgresql://localhost:55432/bench", "bench", Secret.of(PASSWORD));
            try (PostgresTarget target = openWhenReady(external)) {
                assertThat(target.facts().versionNum() / 10000).isEqualTo(18);
                assertThat(target.facts().differences()).isEmpty();
                assertThat(target.facts().durabilityOff()).isEmpty();
            }
        } finally {
            run(compose, "down", "-v");
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

    private static List<String> composeCommand() throws InterruptedException {
        for (List<String> candidate : List.of(List.of("docker", "compose"), List.of("docker-compose"))) {
            List<String> probe = new ArrayList<>(candidate);
            probe.add("version");
            try {
                Process p = new ProcessBuilder(probe).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    return candidate;
                }
            } catch (IOException notInstalled) {
                // try the next spelling
            }
        }
        return null;
    }

    private static void run(List<String> compose, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(compose);
        command.addAll(List.of("-p", PROJECT, "-f", Path.of("docker", "compose.yaml").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(Map.of("PGIB_IMAGE", "pg-ingest-bench/postgres", "PG_MAJOR", "18", "PGIB_PASSWORD", PASSWORD));
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ": " + output).isZero();
    }
}
