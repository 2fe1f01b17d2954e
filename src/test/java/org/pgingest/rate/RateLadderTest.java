package org.pgingest.rate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.results.RateRecord;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The rates preset: which cells it runs, how the user's options replace its own, and one real cell end to end. */
class RateLadderTest {

    @Test
    void theLadderIsThePublishedMethodListAtFourRatesWithFiftyWriters() {
        List<List<String>> cells = RateLadder.RATES.cells(List.of(), Path.of("cells"));

        assertThat(cells).hasSize(24);
        assertThat(cells.get(0)).containsExactly("--method", "autocommit_row", "--batch", "1", "--rows-per-second", "500",
                "--workers", "50", "--duration", "20s", "--json", Path.of("cells", "autocommit_row-1-500.json").toString());
        assertThat(cells.get(23)).startsWith("--method", "copy_binary", "--batch", "10", "--rows-per-second", "5000");
        assertThat(cells).extracting(c -> c.get(c.indexOf("--json") + 1)).doesNotHaveDuplicates();
    }

    @Test
    void thePipelineIsTheTradeOffTablesBatchSizesAtOneSteadyRate() {
        List<List<String>> cells = RateLadder.PIPELINE.cells(List.of(), Path.of("cells"));

        assertThat(cells).extracting(c -> c.get(1) + "/" + c.get(3)).containsExactly("autocommit_row/1", "batch/100",
                "batch/500", "batch/1000", "copy_binary/10000");
        assertThat(cells).allSatisfy(cell -> assertThat(cell).containsSubsequence("--rows-per-second", "1000")
                .containsSubsequence("--shape", "articles").contains("--measure-batch-memory")
                .containsSubsequence("--workers", "1"));
        assertThat(RateLadder.named("pipeline")).contains(RateLadder.PIPELINE);
    }

    @Test
    void theUsersOptionsReplaceTheLaddersAndSuiteOptionsPassThrough() {
        List<List<String>> cells = RateLadder.RATES.cells(List.of("--duration", "60s", "-Dpg.version=16", "--json", "all.json"),
                Path.of("cells"));

        assertThat(cells).hasSize(24).allSatisfy(cell -> {
            assertThat(cell).containsSubsequence("--duration", "60s").contains("-Dpg.version=16", "--workers")
                    .doesNotContain("20s", "all.json");
            assertThat(cell.stream().filter("--json"::equals)).hasSize(1);
        });
        List<List<String>> one = RateLadder.RATES.cells(List.of("--method", "batch", "--batch", "10",
                "--rows-per-second", "200"), Path.of("cells"));
        assertThat(one).containsExactly(List.of("--method", "batch", "--batch", "10", "--rows-per-second", "200",
                "--workers", "50", "--duration", "20s", "--json", Path.of("cells", "batch-10-200.json").toString()));
        // --batch alone (an adversarial pass, 2026-12-03: the cell's own --batch and the user's collided): every
        // method of the ladder once, at the user's batch
        List<List<String>> batched = RateLadder.PIPELINE.cells(List.of("--batch", "100"), Path.of("cells"));
        assertThat(batched).extracting(cell -> cell.get(1)).containsExactly("autocommit_row", "batch", "copy_binary");
        assertThat(batched).allSatisfy(cell -> assertThat(cell.stream().filter("--batch"::equals)).hasSize(1));
    }

    @Test
    void oneCellRunsOnTheEmbeddedServerAndLandsInTheMergedFile(@TempDir Path dir) throws Exception {
        Path result = dir.resolve("rates.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RateLadder.RATES.run(List.of("--method", "batch", "--batch", "10", "--rows-per-second", "200",
                        "--workers", "2", "--duration", "1s", "--progress-every", "1s", "--json", result.toString()),
                false, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        List<RateRecord> cells = RateRecord.read(result);
        assertThat(cells).hasSize(1);
        assertThat(cells.get(0).method()).isEqualTo("BATCH");
        assertThat(cells.get(0).askedRowsPerSecond()).isEqualTo(200);
        assertThat(dir.resolve("rates.json.cells").resolve("batch-10-200.json")).exists();
        // whether the rate was held is the machine's answer; the summary must say the cell's
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("preset rates, cell 1 of 1").contains("1 of 1 cells in")
                .contains(cells.get(0).held() ? "The rate was held." : "The rate was NOT held.");
    }

    @Test
    void badInputStopsTheLadderAtTheFirstCellWithRatesOwnLine(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RateLadder.RATES.run(List.of("--rows-per-second", "0", "--json", dir.resolve("r.json").toString()),
                false, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("pg-ingest-bench rate: --rows-per-second must be a number above 0, was 0.0");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("cell 1 of 6").doesNotContain("cell 2 of 6")
                .contains("no cell gave a result; " + dir.resolve("r.json") + " left as it was");
    }
}
