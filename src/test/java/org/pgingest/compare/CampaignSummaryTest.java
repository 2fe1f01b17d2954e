package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The campaign's summary (the figures docs/compare.md quotes) from a hand-made campaign directory: two A/A
 * comparisons of the quick selection and two planted comparisons of BATCH at 5 %, each with its verdict and the
 * gate's, and the planted ones with both sides' JMH results.
 */
class CampaignSummaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INGEST = "org.pgingest.bench.IngestBenchmark.load";

    /** A verdict's score comparison of BATCH. */
    private static ObjectNode score(String verdict, double ratio, double detectable) {
        ObjectNode c = JSON.createObjectNode().put("benchmark", INGEST).put("metric", "score").put("kind", "timed")
                .put("verdict", verdict).put("baseline", 1000.0).put("current", 1000.0 * ratio).put("ratio", ratio)
                .put("ratioLow", ratio - 0.01).put("ratioHigh", ratio + 0.01).put("pairs", 3)
                .put("detectableChange", detectable).put("confidence", 0.99);
        c.putObject("params").put("method", "BATCH");
        return c;
    }

    private static void comparison(Path dir, int exit, double seconds, JsonNode score, String gateVerdict)
            throws IOException {
        Files.createDirectories(dir);
        ObjectNode verdict = JSON.createObjectNode().put("exitCode", exit);
        verdict.putObject("comparison").put("seconds", seconds);
        verdict.putArray("comparisons").add(score);
        JSON.writeValue(dir.resolve("verdict.json").toFile(), verdict);
        if (gateVerdict != null) {
            ObjectNode gate = JSON.createObjectNode();
            gate.putArray("comparisons").add(((ObjectNode) score.deepCopy()).put("verdict", gateVerdict));
            JSON.writeValue(dir.resolve("gate.json").toFile(), gate);
        }
    }

    /** A recorded JMH result of one trial with {@code iterations} as its measured iterations. */
    private static void result(Path file, double... iterations) throws IOException {
        ArrayNode recorded;
        try (InputStream in = CampaignSummaryTest.class.getResourceAsStream("/org/pgingest/results/ingest-pg14.json")) {
            recorded = (ArrayNode) JSON.readTree(in);
        }
        ArrayNode raw = ((ObjectNode) recorded.get(0).get("primaryMetric")).putArray("rawData").addArray();
        for (double v : iterations) {
            raw.add(v);
        }
        JSON.writeValue(file.toFile(), recorded);
    }

    @Test
    void theSummaryCountsFalseAlarmsDetectionsAndTheDetectableChange(@TempDir Path campaign) throws Exception {
        // A/A: one quiet, one the comparison calls a regression (exit 1), which the gate also does on the first
        comparison(campaign.resolve("aa").resolve("001"), 0, 100, score("same", 1.0, 0.04), "regressed");
        comparison(campaign.resolve("aa").resolve("002"), 1, 200, score("regressed", 0.97, 0.06), null);
        // Planted BATCH 5 %: both found by the comparison, one by the gate; the sides' log iterations are -0.02, 0 and
        // 0.02 around their mean, the candidate's 5 % lower.
        Campaign.Planted planted = new Campaign.Planted("BATCH", 0.05, 2000);
        double[] baseline = {Math.exp(-0.02), 1, Math.exp(0.02)};
        double[] candidate = {0.95 * Math.exp(-0.02), 0.95, 0.95 * Math.exp(0.02)};
        for (String n : List.of("001", "002")) {
            Path d = campaign.resolve("planted").resolve(planted.name()).resolve(n);
            comparison(d, 1, 300, score("regressed", n.equals("001") ? 0.95 : 0.93, n.equals("001") ? 0.03 : 0.05),
                    n.equals("001") ? "regressed" : "noise");
            result(d.resolve("baseline.json"), baseline);
            result(d.resolve("candidate.json"), candidate);
        }
        Campaign.Settings settings = new Campaign.Settings(2, 2, 0, 3, List.of(0.05), List.of("BATCH"), 1000, 2, List.of());

        CampaignSummary.write(campaign, settings, List.of(planted), Map.of(), Map.of(planted.name(), Map.of("slowdown", 0.048)),
                "2026-11-26T00:00:00Z", 600);

        JsonNode summary = JSON.readTree(campaign.resolve("summary.json").toFile());
        JsonNode alarms = summary.get("falseAlarms");
        assertThat(alarms.get("comparisons").asInt()).isEqualTo(2);
        assertThat(alarms.get("compareTimed").asInt()).isEqualTo(1);
        assertThat(alarms.get("gateTimed").asInt()).isEqualTo(1);
        assertThat(alarms.get("unusable").asInt()).isZero();
        assertThat(alarms.get("secondsMedian").asDouble()).isEqualTo(150.0);
        assertThat(summary.get("quickDetectableChange").get("IngestBenchmark.load BATCH").asDouble()).isEqualTo(0.05);

        JsonNode row = summary.get("planted").get(0);
        assertThat(row.get("method").asText()).isEqualTo("BATCH");
        assertThat(row.get("comparisons").asInt()).isEqualTo(2);
        assertThat(row.get("compareDetected").asInt()).isEqualTo(2);
        assertThat(row.get("gateDetected").asInt()).isEqualTo(1);
        assertThat(row.get("trueSlowdown").asDouble()).isEqualTo(0.048);
        assertThat(row.get("compareMeanEstimate").asDouble()).isCloseTo(0.06, within(1e-12));
        assertThat(row.get("detectablePairedMedian").asDouble()).isCloseTo(0.04, within(1e-12));
        // Welch on the logs: each side's variance 0.0004 over 3 iterations, 4 degrees of freedom;
        // exp((t(0.995, 4) + t(0.9, 4)) * sqrt(2 * 0.0004 / 3)) - 1 with the tables' 4.604095 and 1.533206.
        double unpaired = Math.expm1((4.604095 + 1.533206) * Math.sqrt(2 * 0.0004 / 3));
        assertThat(row.get("detectableUnpairedMedian").asDouble()).isCloseTo(unpaired, within(1e-5));
        assertThat(summary.get("minimumDetectable").get("BATCH").get("smallestFoundNineInTen").asDouble()).isEqualTo(0.05);
        assertThat(summary.get("comparisons")).hasSize(4);

        assertThat(Files.readString(campaign.resolve("summary.md")))
                .contains("| `./bench compare` (defaults) | 1 of 2 | 0 |")
                .contains("| BATCH | 5.0 % | 2000 | 4.8 % | 2 of 2 | 6.0 % | 1 of 2 | 0 of 2 | 4.0 % | ");
    }
}
