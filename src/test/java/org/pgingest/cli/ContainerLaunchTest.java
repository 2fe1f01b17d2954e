package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.ProcessTrees;
import org.pgingest.RequiresPart;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The container target started as {@code java -cp target/benchmarks.jar ...BenchMain}, without the Testcontainers
 * variables ./bench used to export (issue 19, item 14a): the launcher behaves as through ./bench (no Ryuk or alpine
 * pull where no registry answers) and refuses an image the engine lacks before any fork, in one line.
 */
@RequiresPart(Part.DOCKER)
class ContainerLaunchTest {

    @Test
    void aMissingImageIsOneLineWithoutTestcontainersVariables() throws Exception {
        Path out = Files.createTempFile("container-launch", ".txt");
        Path err = Files.createTempFile("container-launch", ".err");
        ProcessBuilder pb = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), BenchMain.class.getName(),
                "-Dpg.target=container", "-Dpg.image=pg-ingest-bench/no-such-image", "Ingest", "-p", "method=BATCH"))
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("TESTCONTAINERS_") || k.startsWith("PGIB_"));
        Process p = pb.start();
        try {
            // A guard against a hang, which ends the child in the finally block (the suite's own limit abandons the
            // test's thread and would leave it running): not a claim about how long the refusal takes.
            assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("finished").isTrue();
            assertThat(p.exitValue()).as(Files.readString(err)).isEqualTo(2);
            assertThat(Files.readString(err)).isEqualTo("pg-ingest-bench: Docker answers but has no image "
                    + "pg-ingest-bench/no-such-image:17: run 'docker pull pg-ingest-bench/no-such-image:17', or build one "
                    + "here with 'docker/build-image.sh 17' and add -Dpg.image=pg-ingest-bench/postgres, or use -Dpg.target=embedded\n");
            // No pull retried: Testcontainers (2.0) warns "Retrying pull for image" on stderr (slf4j-simple at warn) at
            // every retry of a pull (Ryuk's, alpine's), which the exact line above leaves no room for.
            assertThat(Files.readString(out)).as("nothing started").isEmpty();
        } finally {
            ProcessTrees.stop(p);
            Files.delete(out);
            Files.delete(err);
        }
    }
}
