package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.ProcessTrees;
import org.pgingest.RequiresPart;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The container target started as {@code java -cp target/benchmarks.jar ...BenchMain}, without the Testcontainers
 * variables ./bench used to export (issue 19, item 14a): the launcher behaves as through ./bench (no Ryuk or alpine
 * pull where no registry answers) and refuses an image the engine lacks before any fork, in one line and seconds.
 */
@RequiresPart(Part.DOCKER)
class ContainerLaunchTest {

    @Test
    void aMissingImageIsOneLineWithinSecondsWithoutTestcontainersVariables() throws Exception {
        Path out = Files.createTempFile("container-launch", ".txt");
        Path err = Files.createTempFile("container-launch", ".err");
        ProcessBuilder pb = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), BenchMain.class.getName(),
                "-Dpg.target=container", "-Dpg.image=pg-ingest-bench/no-such-image", "Ingest", "-p", "method=BATCH"))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("TESTCONTAINERS_") || k.startsWith("PGIB_"));
        long started = System.nanoTime();
        Process p = pb.start();
        try {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("finished within a minute").isTrue();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertThat(p.exitValue()).as(Files.readString(err)).isEqualTo(2);
            assertThat(Files.readString(err)).isEqualTo("pg-ingest-bench: Docker answers but has no image "
                    + "pg-ingest-bench/no-such-image:17: run 'docker pull pg-ingest-bench/no-such-image:17', or build one "
                    + "here with 'docker/build-image.sh 17' and add -Dpg.image=pg-ingest-bench/postgres, or use -Dpg.target=embedded\n");
            assertThat(Files.readString(out)).as("nothing started").isEmpty();
            assertThat(took).as("no pull retried").isLessThan(Duration.ofSeconds(30));
        } finally {
            ProcessTrees.stop(p);
            Files.delete(out);
            Files.delete(err);
        }
    }
}
