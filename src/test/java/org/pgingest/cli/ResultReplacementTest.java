package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.rate.RateLadder;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** An earlier result file is replaced only by a complete result (issue 19, item 6). */
class ResultReplacementTest {
    private static final String EARLIER = "[ {\"benchmark\" : \"an earlier run's result\"} ]";

    @Test
    void aRunWhoseOnlyTrialFailsLeavesTheEarlierResultAndFactsAsTheyWere(@TempDir Path dir) throws Exception {
        Path result = Files.writeString(dir.resolve("result.json"), EARLIER);
        Path facts = Files.writeString(dir.resolve("result.json.server.jsonl"), "{\"earlier\":true}\n");
        // MERGE needs PostgreSQL 15: on 14 the trial fails in its fork.
        var o = BenchMainTest.launch(Duration.ofMinutes(2), Map.of(), "-Dpg.version=14", "\\.IngestBenchmark\\.",
                "-p", "method=MERGE_UPSERT", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-rff", result.toString());
        assertThat(o.exit()).as(o.stderr()).isEqualTo(1);
        assertThat(o.stderr()).contains("1 of 1 trials failed and have no results").contains(result + " left as it was");
        assertThat(Files.readString(result)).isEqualTo(EARLIER);
        assertThat(Files.readString(facts)).isEqualTo("{\"earlier\":true}\n");
        try (Stream<Path> files = Files.list(dir)) {
            // The run's JMH log (result.jmh.log, issue 15) stays: it is where the failure is told in full.
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("result.json",
                    "result.json.server.jsonl", "result.jmh.log");
        }
    }

    @Test
    void aRefusedRatesPresetLeavesTheEarlierMergedFile(@TempDir Path dir) throws Exception {
        Path result = Files.writeString(dir.resolve("rates.json"), EARLIER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RateLadder.RATES.run(List.of("--workers", "0", "--json", result.toString()), false,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(2);
        assertThat(Files.readString(result)).isEqualTo(EARLIER);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("no cell gave a result; " + result + " left as it was");
    }
}
