package org.pgingest.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** What a child JVM's embedded server leaves behind after SIGTERM and after kill -9. */
class LifecycleTest {

    @TempDir
    Path root;

    @Test
    void sigtermStopsTheServerAndRemovesItsDirectory() throws Exception {
        Child child = Child.start(root);
        child.process.destroy(); // SIGTERM: the JVM runs its shutdown hooks
        assertThat(child.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(LeftoverSweeper.postmasterOf(child.dataDirectory)).isEmpty();
        assertThat(Files.exists(child.dataDirectory.getParent())).isFalse();
    }

    @Test
    void afterKillMinusNineTheNextStartSweepsTheLeftovers() throws Exception {
        Child child = Child.start(root);
        child.process.destroyForcibly(); // SIGKILL: no hooks run; pg_ctl's daemonised postmaster survives
        assertThat(child.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Optional<ProcessHandle> orphan = LeftoverSweeper.postmasterOf(child.dataDirectory);
        assertThat(orphan).as("postmaster outlives a killed JVM").isPresent();

        List<Path> removed = LeftoverSweeper.sweep(root);

        assertThat(removed).containsExactly(child.dataDirectory.getParent());
        assertThat(orphan.get().isAlive()).isFalse();
        assertThat(Files.exists(child.dataDirectory.getParent())).isFalse();
    }

    @Test
    void theSweepLeavesALiveOwnersDirectoryAlone() throws Exception {
        Child child = Child.start(root);
        try {
            assertThat(LeftoverSweeper.sweep(root)).isEmpty();
            assertThat(LeftoverSweeper.postmasterOf(child.dataDirectory)).isPresent();
        } finally {
            child.process.destroy();
            assertThat(child.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
    }

    private record Child(Process process, Path dataDirectory) {
        static Child start(Path root) throws IOException {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    "-Dpg.run.root=" + root, "-Dpg.binaries.dir=" + System.getProperty("pg.binaries.dir"),
                    EmbeddedServerProcess.class.getName());
            pb.redirectError(ProcessBuilder.Redirect.INHERIT);
            Process process = pb.start();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("READY ")) {
                    return new Child(process, Path.of(line.substring("READY ".length())));
                }
            }
            throw new IllegalStateException("child JVM ended before its server was ready, exit " + process.onExit().join().exitValue());
        }
    }
}
