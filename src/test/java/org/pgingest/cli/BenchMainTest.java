package org.pgingest.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The launcher as a user meets it: a child JVM, its exit code and what it prints. */
class BenchMainTest {

    record Outcome(int exit, String stdout, String stderr) {
    }

    private static Outcome launch(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Outcome(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void unknownTargetIsOneLineAndExitTwo() throws Exception {
        Outcome o = launch(Map.of(), "-Dpg.target=docker");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).isEqualTo("pg-ingest-bench: unknown target 'docker': valid targets are embedded, container, external\n");
        assertThat(o.stdout).isEmpty();
    }

    @Test
    void unknownVersionIsOneLineAndExitTwo() throws Exception {
        Outcome o = launch(Map.of(), "-Dpg.version=13");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).startsWith("pg-ingest-bench: unknown pg.version '13': use a major (14, 15, 16, 17, 18)")
                .hasLineCount(1);
    }

    @Test
    void unreachableExternalServerNamesHostAndPortButNotThePassword() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Outcome o = launch(Map.of("PGIB_JDBC_URL", "jdbc:postgresql://127.0.0.1:" + port + "/bench",
                "PGIB_USER", "someone", "PGIB_PASSWORD", "Never-Printed-42"), "-Dpg.target=external");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).startsWith("pg-ingest-bench: cannot reach PostgreSQL at 127.0.0.1:" + port).hasLineCount(1);
        assertThat(o.stdout + o.stderr).doesNotContain("Never-Printed-42");
    }

    @Test
    void badJmhOptionIsOneLineAndExitTwo() throws Exception {
        Outcome o = launch(Map.of(), "-wi", "many");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).startsWith("pg-ingest-bench: ").hasLineCount(1);
    }

    @Test
    void noMatchingBenchmarkIsOneLineAndExitTwo() throws Exception {
        Outcome o = launch(Map.of(), "NoSuchBenchmarkAnywhere");
        assertThat(o.exit).isEqualTo(2);
        assertThat(o.stderr).isEqualTo("pg-ingest-bench: no benchmark matches the given regex; list them with -l\n");
    }
}
