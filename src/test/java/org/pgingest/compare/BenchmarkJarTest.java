package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Mode;
import org.pgingest.cli.UsageException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchmarkJarTest {
    @TempDir
    Path dir;

    @Test
    void aMissingJarIsOneLine() {
        Path missing = dir.resolve("nope.jar");
        assertThatThrownBy(() -> BenchmarkJar.open(Side.BASELINE, missing)).isInstanceOf(UsageException.class)
                .hasMessage("--baseline " + missing + ": no such file (give the target/benchmarks.jar of a build of this suite)");
    }

    @Test
    void aFileThatIsNoJarIsOneLine() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        assertThatThrownBy(() -> BenchmarkJar.open(Side.CANDIDATE, text)).isInstanceOf(UsageException.class)
                .hasMessageStartingWith("--candidate " + text + ": not a jar (");
    }

    @Test
    void aJarWithoutBenchmarksIsOneLine() throws Exception {
        Path jar = SuiteJars.write(dir.resolve("library.jar"), null, true);
        assertThatThrownBy(() -> BenchmarkJar.open(Side.CANDIDATE, jar)).isInstanceOf(UsageException.class)
                .hasMessage("--candidate " + jar + ": no JMH benchmark list inside (META-INF/BenchmarkList); give the "
                        + "target/benchmarks.jar that ./mvnw package builds");
    }

    @Test
    void anotherProjectsBenchmarkJarIsOneLine() throws Exception {
        Path jar = SuiteJars.write(dir.resolve("other.jar"), SuiteJars.benchmarkList(), false);
        assertThatThrownBy(() -> BenchmarkJar.open(Side.BASELINE, jar)).isInstanceOf(UsageException.class)
                .hasMessage("--baseline " + jar + ": a JMH jar, but not of this suite (no org.pgingest.cli.BenchMain inside)");
    }

    /** Each trial has one value per param: the -p values where given, the benchmark's default elsewhere. */
    @Test
    void trialsAreTheParamCombinationsOfTheSelection() throws Exception {
        BenchmarkJar jar = BenchmarkJar.open(Side.BASELINE, SuiteJars.write(dir.resolve("a.jar"), line -> true));
        List<Trial> trials = jar.trials(List.of("IngestBenchmark"), List.of(),
                Map.of("method", List.of("BATCH", "COPY_BINARY"), "rows", List.of("50", "5000")));
        assertThat(trials).extracting(t -> t.params().get("method") + "/" + t.params().get("rows"))
                .containsExactlyInAnyOrder("BATCH/50", "BATCH/5000", "COPY_BINARY/50", "COPY_BINARY/5000");
        assertThat(trials).allSatisfy(t -> {
            assertThat(t.benchmark()).isEqualTo("org.pgingest.bench.IngestBenchmark.load");
            assertThat(t.mode()).isEqualTo(Mode.Throughput);
            assertThat(t.params()).containsKeys("shape", "indexes", "batchSize", "commitEvery", "hostileShare");
        });
        Trial one = trials.get(0);
        assertThat(one.jmhArgs()).startsWith("^\\Qorg.pgingest.bench.IngestBenchmark.load\\E$", "-bm", "thrpt")
                .contains("-p", "method=" + one.params().get("method"));
    }

    @Test
    void aJarWithoutSomeBenchmarksHasNoTrialsOfThem() throws Exception {
        BenchmarkJar full = BenchmarkJar.open(Side.BASELINE, SuiteJars.write(dir.resolve("a.jar"), line -> true));
        BenchmarkJar fewer = BenchmarkJar.open(Side.CANDIDATE, SuiteJars.write(dir.resolve("b.jar"),
                line -> !line.contains("RoundTripBenchmark")));
        List<String> quick = List.of("org\\.pgingest\\.bench\\.(RoundTripBenchmark|IngestBenchmark)\\..*");
        assertThat(full.trials(quick, List.of(), Map.of())).extracting(Trial::benchmark)
                .contains("org.pgingest.bench.RoundTripBenchmark.selectOne");
        assertThat(fewer.trials(quick, List.of(), Map.of())).extracting(Trial::benchmark)
                .doesNotContain("org.pgingest.bench.RoundTripBenchmark.selectOne")
                .contains("org.pgingest.bench.IngestBenchmark.load");
    }
}
