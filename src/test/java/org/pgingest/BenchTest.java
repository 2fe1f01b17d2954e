package org.pgingest;

import org.junit.jupiter.api.Test;
import org.pgingest.compare.RankMain;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which command line ./bench ranks (a user's table without JMH's run options) and which it hands to JMH. */
class BenchTest {
    @Test
    void aTableWithoutJmhRunOptionsIsRanked() {
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders"))).isTrue();
        // options without a value take none: what follows them is the next option
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders", "--no-report", "--json", "v.json",
                "--seed", "7"))).isTrue();
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--drop-foreign-keys", "--table", "orders", "--seed", "7")))
                .isTrue();
        assertThat(Bench.ranks(List.of("-Dpg.version=16", "--ddl", "s.sql", "--table", "orders", "-p", "rows=500",
                "--budget", "5m"))).isTrue();
    }

    /** {@code ./bench --budget 3m}: the quick ranking in three minutes, as a newcomer shortening it means. */
    @Test
    void aRankingsTuningAloneTunesTheQuickRanking() {
        assertThat(RankMain.tunesQuick(List.of("--budget", "3m"))).isTrue();
        assertThat(RankMain.tunesQuick(List.of("--seed", "7", "--no-report", "--delta", "5"))).isTrue();
        assertThat(RankMain.tunesQuick(List.of("--budget"))).isFalse();
        assertThat(RankMain.tunesQuick(List.of("-p", "method=BATCH,UNNEST"))).isFalse();
        assertThat(RankMain.tunesQuick(List.of("--variant", "a=BATCH", "--variant", "b=BATCH"))).isFalse();
        assertThat(RankMain.tunesQuick(List.of("--preset", "quick"))).isFalse();
        assertThat(RankMain.tunesQuick(List.of("Ingest"))).isFalse();
        // a reader's find (2026-12-03): docs/running.md offers ./bench -Dpg.conf.NAME=VALUE beside ./bench
        assertThat(RankMain.tunesQuick(List.of("-Dpg.conf.synchronous_commit=off"))).isTrue();
        assertThat(RankMain.tunesQuick(List.of("-Dpg.version=16", "--budget", "4m"))).isTrue();
        assertThat(RankMain.tunesQuick(List.of("-Dpg.version=16", "Ingest"))).isFalse();
        assertThat(RankMain.tunesQuick(List.of("-Dpg.version=16", "-p", "method=BATCH"))).isFalse();
        assertThat(RankMain.quickArgs(List.of("-Dpg.version=16", "--seed", "7"))).startsWith("-Dpg.version=16", "-p")
                .containsSubsequence("--budget", "5m", "--seed", "7");
        assertThat(RankMain.quickArgs(List.of("--budget", "3m"))).containsSubsequence("--budget", "3m")
                .containsOnlyOnce("--budget");
        assertThat(RankMain.quickArgs(List.of("--seed", "7"))).containsSubsequence("--budget", "5m", "--seed", "7");
    }

    /**
     * {@code ./bench -p method=A,B --budget 2m} asks for separate trials (no table, so not a ranking), where JMH would
     * say "budget is not a recognized option" (a new user's pass, 2026-12-03): one line naming ./bench rank, exit 2.
     */
    @Test
    void aRankingsOptionAmongSeparateTrialsArgumentsIsOneLineNamingRank() throws Exception {
        for (String option : List.of("--budget", "--variant", "--seed")) {
            ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Bench.class.getName(), "-p", "method=COPY_BINARY,BATCH",
                    option, "x");
            ChildProcess.Finished finished = ChildProcess.run(builder, Duration.ofSeconds(60));
            assertThat(finished.exitCode()).as(finished.output()).isEqualTo(2);
            assertThat(finished.output().lines().toList()).containsExactly("pg-ingest-bench: " + option + " is an option "
                    + "of a ranking, and these arguments ask for separate JMH trials (-p, a benchmark or a JMH option, "
                    + "without a table): rank chosen methods with ./bench rank -p method=A,B,... " + option + " ..., or "
                    + "leave " + option + " out");
        }
    }

    /**
     * A rate preset takes rate's options, --json among them, as documented (an adversarial pass, 2026-12-03: it was
     * refused as a ranking's option): here rate's own refusal of the rate, which only the ladder's first cell gives.
     */
    @Test
    void aRatePresetTakesJson() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Bench.class.getName(), "--preset", "rates", "--json",
                "target/never-written.json", "--rows-per-second", "0");
        ChildProcess.Finished finished = ChildProcess.run(builder, Duration.ofSeconds(60));
        assertThat(finished.exitCode()).as(finished.output()).isEqualTo(2);
        assertThat(finished.output()).contains("pg-ingest-bench rate: --rows-per-second must be a number above 0, was 0.0")
                .doesNotContain("is an option of a ranking");
        assertThat(Path.of("target/never-written.json.cells")).as("nothing left of a refused ladder").doesNotExist();
    }

    /** A misspelt long option names the suite's (JMH had said "budjet is not a recognized option"; a new user). */
    @Test
    void aMisspeltLongOptionNamesTheSuitesOwn() {
        assertThat(Bench.unknownLongOption(List.of("-p", "method=BATCH", "--budjet", "4m"))).hasValueSatisfying(line ->
                assertThat(line).startsWith("unknown option --budjet: the suite's are --preset, --no-report, --jmh-log, "
                        + "--ddl, --table, --rows, --sample, --drop-foreign-keys, --keep-schema, --variant, --budget, ")
                        .endsWith("; JMH's take one dash (./bench -h lists them)")
                        .as("each option once (a reader's find, 2026-12-03)").containsOnlyOnce("--no-report"));
        assertThat(Bench.unknownLongOption(List.of("--ddl", "s.sql", "--table", "t", "--budget", "4m"))).isEmpty();
        assertThat(Bench.unknownLongOption(List.of("-jvmArgsAppend", "--add-opens=java.base/java.lang=ALL-UNNAMED")))
                .as("a JVM argument").isEmpty();
    }

    @Test
    void jmhRunOptionsOrABenchmarkNameAskForSeparateTrials() {
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders", "-i", "3"))).isFalse();
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders", "Encoder"))).isFalse();
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders", "-t", "2"))).isFalse();
        assertThat(Bench.ranks(List.of("Ingest", "-p", "method=BATCH"))).isFalse();
        assertThat(Bench.ranks(List.of("--preset", "quick"))).isFalse();
    }

    /** The script starts a command only when its name comes first: after -D options, one line says where it goes. */
    @Test
    void aCommandAfterDOptionsIsSentFirst() {
        assertThat(Bench.misplacedCommand(List.of("-Djmh.ignoreLock=true", "rank", "-p", "method=COPY_BINARY,BATCH")))
                .hasValue("rank must come first, its -D options after it: ./bench rank -Djmh.ignoreLock=true ...");
        assertThat(Bench.misplacedCommand(List.of("rank", "-Djmh.ignoreLock=true"))).isEmpty();
        assertThat(Bench.misplacedCommand(List.of("-Dpg.version=16", "Ingest"))).isEmpty();
        assertThat(Bench.misplacedCommand(List.of("-Dpg.version=16"))).isEmpty();
    }
}
