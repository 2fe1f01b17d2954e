package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.gate.GateResult;
import org.pgingest.results.HandMadeJmh;
import org.pgingest.results.ResultFile;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What a finished comparison's verdict says about the options it was judged by, on hand-made JMH results. */
class ComparisonReportTest {
    private static final double[] SCORES = {100, 104, 98, 102, 101, 99, 103, 97};
    @TempDir
    Path dir;

    private ResultFile side(String name) throws Exception {
        HandMadeJmh jmh = new HandMadeJmh();
        jmh.entry("org.pgingest.bench.IngestBenchmark.load", "thrpt", "method=COPY_BINARY", "rows=500")
                .primary("ops/s", SCORES)
                .secondary("wal.bytes/row", "B/row", 196, 196, 196, 196, 196, 196, 196, 196)
                .facts(170011, "on", "on", "on", "off");
        return ResultFile.read(jmh.write(dir.resolve(name)));
    }

    private ComparisonReport report(String... options) throws Exception {
        String[] args = new String[options.length + 4];
        System.arraycopy(new String[] {"--baseline", "a.jar", "--candidate", "b.jar"}, 0, args, 0, 4);
        System.arraycopy(options, 0, args, 4, options.length);
        CompareOptions o = CompareOptions.parse(args);
        Map<Side, BenchmarkJar> jars = Map.of(Side.BASELINE, new BenchmarkJar(Side.BASELINE, Path.of("a.jar"), ""),
                Side.CANDIDATE, new BenchmarkJar(Side.CANDIDATE, Path.of("b.jar"), ""));
        ComparisonReport.Run run = new ComparisonReport.Run(jars,
                Map.of(Side.BASELINE, SideOptions.none(Side.BASELINE), Side.CANDIDATE, SideOptions.none(Side.CANDIDATE)),
                Map.of(Side.BASELINE, Map.of(), Side.CANDIDATE, Map.of()), List.of(),
                Map.of(Side.BASELINE, List.of(), Side.CANDIDATE, List.of()), "PostgreSQL 17.11", o, 60);
        return ComparisonReport.of(run, Map.of(Side.BASELINE, side("a.json"), Side.CANDIDATE, side("b.json")));
    }

    @Test
    void aRuleThatMatchesNoFigureMakesTheComparisonUnusable() throws Exception {
        assertThat(report("--rule", "wal.bytes/*=2%").exitCode()).as("a pattern that matches judges").isEqualTo(GateResult.PASS);

        ComparisonReport r = report("--rule", "wal.bytes/*=2%", "--rule", "wal.byte/row=2%");
        assertThat(r.exitCode()).isEqualTo(GateResult.UNUSABLE);
        assertThat(r.summary()).isEqualTo("UNUSABLE: --rule pattern 'wal.byte/row' matches no figure of either side's results");
        assertThat(r.markdown()).startsWith("## Paired comparison: UNUSABLE\n")
                .contains("**Not judged as asked**: --rule pattern `wal.byte/row` matches no figure of either side's "
                        + "results (score, wal.bytes/row); exit 2.");
        JsonNode json = new ObjectMapper().readTree(r.json());
        assertThat(json.get("outcome").asText()).isEqualTo("unusable");
        assertThat(json.get("exitCode").asInt()).isEqualTo(2);
    }
}
