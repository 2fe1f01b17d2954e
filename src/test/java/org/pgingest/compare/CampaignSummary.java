package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.statistics.distribution.TDistribution;
import org.pgingest.gate.PairedRatio;
import org.pgingest.results.ResultFile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads a {@link Campaign}'s comparisons back and writes {@code summary.json} and {@code summary.md}: the false alarms
 * of the A/A comparisons, the detection rate of each planted slowdown, the smallest slowdown detectable, how long the
 * comparisons took, and the gate's verdicts on the same pairs beside them.
 *
 * <p>The gain of pairing is measured on the same iterations: each planted comparison's detectable change from its
 * pairs (the comparison's own interval) against the detectable change of the same iterations taken as two separate
 * samples (Welch's unequal-variance standard error on the log scale, the same confidence and power), which is what a
 * gate on two runs can at best do with them.
 */
final class CampaignSummary {
    private CampaignSummary() {
    }

    /** One comparison's outcome, as the summary counts it. */
    record Outcome(Path dir, int exit, double seconds, int timedRegressions, int countedRegressions,
                   int gateTimedRegressions, int gateMatchedTimedRegressions, Map<String, JsonNode> scores,
                   Map<String, String> gateScores, Map<String, String> gateMatchedScores) {
    }

    static Outcome read(Path dir) {
        JsonNode v = Campaign.read(dir.resolve("verdict.json"));
        int timed = 0;
        int counted = 0;
        Map<String, JsonNode> scores = new TreeMap<>();
        for (JsonNode c : v.get("comparisons")) {
            boolean regressed = c.get("verdict").asText().equals("regressed");
            timed += regressed && c.get("kind").asText().equals("timed") ? 1 : 0;
            counted += regressed && c.get("kind").asText().equals("counted") ? 1 : 0;
            if (c.get("metric").asText().equals("score")) {
                scores.put(label(c), c);
            }
        }
        Map<String, String> gateScores = new TreeMap<>();
        Map<String, String> gateMatchedScores = new TreeMap<>();
        int gateTimed = gateTimed(dir.resolve("gate.json"), gateScores);
        int gateMatched = gateTimed(dir.resolve("gate-at-2pct.json"), gateMatchedScores);
        return new Outcome(dir, v.get("exitCode").asInt(), v.get("comparison").get("seconds").asDouble(), timed, counted,
                gateTimed, gateMatched, scores, gateScores, gateMatchedScores);
    }

    private static String label(JsonNode c) {
        String b = c.get("benchmark").asText();
        String shortName = b.substring(b.lastIndexOf('.', b.lastIndexOf('.') - 1) + 1);
        JsonNode method = c.get("params").get("method");
        return shortName + (method == null ? "" : " " + method.asText());
    }

    private static int gateTimed(Path gate, Map<String, String> scores) {
        if (!Files.isRegularFile(gate)) {
            return -1;
        }
        int timed = 0;
        for (JsonNode c : Campaign.read(gate).get("comparisons")) {
            if (c.get("verdict").asText().equals("regressed") && c.get("kind").asText().equals("timed")) {
                timed++;
            }
            if (c.get("metric").asText().equals("score")) {
                scores.put(label(c), c.get("verdict").asText());
            }
        }
        return timed;
    }

    private static List<Outcome> all(Path parent) throws IOException {
        if (!Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(parent)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("verdict.json"))).sorted().map(CampaignSummary::read)
                    .toList();
        }
    }

    /**
     * The detectable change of the same iterations taken as two separate samples: Welch's standard error of the
     * difference of the sides' mean log values, with Welch-Satterthwaite degrees of freedom.
     */
    static double unpairedDetectable(double[] baseline, double[] candidate, double confidence) {
        double[] a = Arrays.stream(baseline).filter(x -> x > 0).map(Math::log).toArray();
        double[] b = Arrays.stream(candidate).filter(x -> x > 0).map(Math::log).toArray();
        double va = variance(a) / a.length;
        double vb = variance(b) / b.length;
        double df = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        TDistribution t = TDistribution.of(df);
        return Math.expm1((t.inverseSurvivalProbability((1 - confidence) / 2)
                + t.inverseCumulativeProbability(PairedRatio.DETECTION_POWER)) * Math.sqrt(va + vb));
    }

    private static double variance(double[] x) {
        double mean = Arrays.stream(x).average().orElseThrow();
        return Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1);
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().filter(Double::isFinite).sorted().toList();
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    static void write(Path dir, Campaign.Settings settings, List<Campaign.Planted> planted, Map<String, Object> calibration,
                      Map<String, Object> trueEffects, String firstStart, double seconds) throws IOException {
        Map<String, Object> summary = new LinkedHashMap<>();
        StringBuilder md = new StringBuilder("# Paired comparison campaign\n\n");
        md.append(String.format(Locale.ROOT, "Started %s, finished %s (this last part took %s) in %s; commit_delay %d "
                + "us with commit_siblings 0 plants the slowdowns. Every comparison's verdict, both sides' JMH results and "
                + "the gate's verdicts are in the directories below this file.%n%n", firstStart, java.time.Instant.now(),
                CompareMain.minutes(seconds), dir, settings.delay()));
        summary.put("started", firstStart);
        summary.put("finished", java.time.Instant.now().toString());
        summary.put("seconds", seconds);
        summary.put("settings", settings);
        summary.put("calibration", calibration);
        summary.put("trueEffects", trueEffects);

        List<Outcome> aa = all(dir.resolve("aa"));
        Map<String, Object> falseAlarms = new LinkedHashMap<>();
        long compareAlarms = aa.stream().filter(o -> o.timedRegressions() > 0).count();
        long countedAlarms = aa.stream().filter(o -> o.countedRegressions() > 0).count();
        long gateAlarms = aa.stream().filter(o -> o.gateTimedRegressions() > 0).count();
        long gateMatchedAlarms = aa.stream().filter(o -> o.gateMatchedTimedRegressions() > 0).count();
        falseAlarms.put("comparisons", aa.size());
        falseAlarms.put("compareTimed", compareAlarms);
        falseAlarms.put("compareCounted", countedAlarms);
        falseAlarms.put("gateTimed", gateAlarms);
        falseAlarms.put("gateAt2PctTimed", gateMatchedAlarms);
        falseAlarms.put("unusable", aa.stream().filter(o -> o.exit() == 2).count());
        List<Double> aaSeconds = aa.stream().map(Outcome::seconds).toList();
        falseAlarms.put("secondsMedian", median(aaSeconds));
        double longest = aaSeconds.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        falseAlarms.put("secondsMax", longest);
        summary.put("falseAlarms", falseAlarms);
        Map<String, List<Double>> aaDetectable = new TreeMap<>();
        for (Outcome o : aa) {
            o.scores().forEach((label, c) -> aaDetectable.computeIfAbsent(label, k -> new ArrayList<>())
                    .add(c.path("detectableChange").asDouble(Double.NaN)));
        }
        Map<String, Double> aaMde = new LinkedHashMap<>();
        aaDetectable.forEach((label, values) -> aaMde.put(label, median(values)));
        md.append("## False alarms: ").append(aa.size()).append(" A/A comparisons of the quick selection\n\n");
        if (aa.isEmpty()) {
            md.append("None in this campaign (`--aa 0`).\n\n");
        } else {
            md.append("| judged by | comparisons with a timed regression | with a counted regression |\n|---|---:|---:|\n")
                    .append("| `./bench compare` (defaults) | ").append(compareAlarms).append(" of ").append(aa.size())
                    .append(" | ").append(countedAlarms).append(" |\n")
                    .append("| `./bench gate` (defaults) on the two sides' results | ").append(gateAlarms).append(" of ")
                    .append(aa.size()).append(" | ").append(countedAlarms).append(" (same rules) |\n")
                    .append("| `./bench gate --timed 2%` on the two sides' results | ").append(gateMatchedAlarms)
                    .append(" of ").append(aa.size()).append(" | |\n\n");
            md.append(String.format(Locale.ROOT, "A comparison of the quick selection took %s (median), %s at most.%n%n",
                    CompareMain.minutes(median(aaSeconds)), CompareMain.minutes(longest)));
            md.append("Smallest slowdown each trial of the quick selection would show 9 times in 10 (median over the "
                    + "A/A comparisons, from each comparison's own noise):\n\n| trial | detectable change |\n|---|---:|\n");
            aaMde.forEach((label, value) -> md.append("| ").append(label).append(" | ").append(percent(value))
                    .append(" |\n"));
            md.append('\n');
        }
        summary.put("quickDetectableChange", aaMde);

        md.append("## Planted slowdowns\n\n| method | asked | rows per call | true slowdown (long separate runs) | "
                + "compare detected | compare's mean estimate | gate (defaults) detected | gate --timed 2% detected | "
                + "detectable change, paired | same iterations unpaired | gain |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<Map<String, Object>> plantedRows = new ArrayList<>();
        List<Map<String, Object>> each = new ArrayList<>();
        aa.forEach(o -> each.add(comparisonRecord(dir, o)));
        for (Campaign.Planted p : planted) {
            List<Outcome> outcomes = all(dir.resolve("planted").resolve(p.name()));
            outcomes.forEach(o -> each.add(comparisonRecord(dir, o)));
            int detected = 0;
            int gateDetected = 0;
            int gateMatchedDetected = 0;
            List<Double> estimates = new ArrayList<>();
            List<Double> paired = new ArrayList<>();
            List<Double> unpaired = new ArrayList<>();
            List<Double> pairCounts = new ArrayList<>();
            for (Outcome o : outcomes) {
                JsonNode score = o.scores().values().stream().findFirst().orElse(null);
                if (score == null || score.get("ratio") == null) {
                    continue;
                }
                detected += score.get("verdict").asText().equals("regressed") ? 1 : 0;
                gateDetected += o.gateScores().values().stream().anyMatch("regressed"::equals) ? 1 : 0;
                gateMatchedDetected += o.gateMatchedScores().values().stream().anyMatch("regressed"::equals) ? 1 : 0;
                estimates.add(1 - score.get("ratio").asDouble());
                paired.add(score.get("detectableChange").asDouble());
                pairCounts.add(score.get("pairs").asDouble());
                double confidence = score.get("confidence").asDouble();
                ResultFile a = ResultFile.read(o.dir().resolve("baseline.json"));
                ResultFile b = ResultFile.read(o.dir().resolve("candidate.json"));
                unpaired.add(unpairedDetectable(a.results().get(0).primary().iterations(),
                        b.results().get(0).primary().iterations(), confidence));
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> truth = (Map<String, Object>) trueEffects.get(p.name());
            double trueSlowdown = truth == null ? Double.NaN : (double) truth.get("slowdown");
            int n = outcomes.size();
            double gain = median(unpaired) / median(paired);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("method", p.method());
            row.put("asked", p.size());
            row.put("rows", p.rows());
            row.put("pairs", median(pairCounts));
            row.put("trueSlowdown", trueSlowdown);
            row.put("comparisons", n);
            row.put("compareDetected", detected);
            row.put("compareMeanEstimate", estimates.isEmpty() ? Double.NaN : Campaign.mean(estimates));
            row.put("gateDetected", gateDetected);
            row.put("gateAt2PctDetected", gateMatchedDetected);
            row.put("detectablePairedMedian", median(paired));
            row.put("detectableUnpairedMedian", median(unpaired));
            row.put("gain", gain);
            plantedRows.add(row);
            // The A/A rows (nothing planted) count false alarms in the "detected" columns.
            md.append("| ").append(p.method()).append(" | ").append(p.isAa() ? "A/A" : percent(p.size())).append(" | ")
                    .append(p.rows())
                    .append(" | ").append(percent(trueSlowdown)).append(" | ").append(detected).append(" of ").append(n)
                    .append(" | ").append(percent(estimates.isEmpty() ? Double.NaN : Campaign.mean(estimates)))
                    .append(" | ").append(gateDetected).append(" of ").append(n)
                    .append(" | ").append(gateMatchedDetected).append(" of ").append(n)
                    .append(" | ").append(percent(median(paired))).append(" | ").append(percent(median(unpaired)))
                    .append(" | ").append(String.format(Locale.ROOT, "%.2f x", gain)).append(" |\n");
        }
        summary.put("planted", plantedRows);
        summary.put("comparisons", each);
        md.append('\n');
        md.append("## Minimum detectable effect\n\n| method | smallest planted slowdown found in 9 of 10 or more | "
                + "median detectable change of its comparisons | at pairs | measured iterations a side for 5 % (about) |\n"
                + "|---|---:|---:|---:|---:|\n");
        Map<String, Object> mde = new LinkedHashMap<>();
        for (String method : settings.methods()) {
            List<Map<String, Object>> slowed = plantedRows.stream().filter(r -> r.get("method").equals(method))
                    .filter(r -> (double) r.get("asked") > 0).toList();
            double smallest = slowed.stream().filter(r -> (int) r.get("comparisons") > 0
                            && (int) r.get("compareDetected") * 10 >= 9 * (int) r.get("comparisons"))
                    .mapToDouble(r -> (double) r.get("asked")).min().orElse(Double.NaN);
            double detectable = median(slowed.stream().map(r -> (double) r.get("detectablePairedMedian")).toList());
            double pairs = median(slowed.stream().map(r -> (double) r.get("pairs")).toList());
            // The detectable change shrinks with the square root of the pairs (the t quantiles barely move past 16).
            long forFivePercent = Double.isFinite(detectable) && Double.isFinite(pairs)
                    ? 2 * (long) Math.ceil(pairs * Math.pow(detectable / 0.05, 2) / 2) : -1;
            mde.put(method, Map.of("smallestFoundNineInTen", smallest, "detectableMedian", detectable, "pairs", pairs,
                    "iterationsForFivePercent", forFivePercent));
            md.append("| ").append(method).append(" | ")
                    .append(Double.isNaN(smallest) ? "none of the sizes" : percent(smallest))
                    .append(" | ").append(percent(detectable)).append(" | ")
                    .append(Double.isFinite(pairs) ? Long.toString(Math.round(pairs)) : "n/a").append(" | ")
                    .append(forFivePercent < 0 ? "n/a" : Long.toString(forFivePercent)).append(" |\n");
        }
        summary.put("minimumDetectable", mde);
        md.append("\nDetectable change: the smallest slowdown a comparison would find 9 times in 10 at the noise it "
                + "measured ((t(1 - alpha/2) + t(0.9)) x spread / sqrt(pairs), docs/compare.md).\n");
        Campaign.write(dir.resolve("summary.json"), summary);
        Files.writeString(dir.resolve("summary.md"), md, StandardCharsets.UTF_8);
    }

    /**
     * One comparison's judged scores and the gate's verdicts on them, the part of its directory the summary rests on
     * (the whole directory, both sides' JMH results and logs, is about 1.4 MB a comparison).
     */
    private static Map<String, Object> comparisonRecord(Path campaign, Outcome o) {
        Map<String, Object> scores = new TreeMap<>();
        o.scores().forEach((label, c) -> {
            Map<String, Object> score = new LinkedHashMap<>();
            for (String field : List.of("baseline", "current", "ratio", "ratioLow", "ratioHigh", "pairs",
                    "detectableChange", "verdict")) {
                JsonNode value = c.get(field);
                score.put(field, value == null || value.isNull() ? null
                        : value.isNumber() ? (Object) value.numberValue() : value.asText());
            }
            scores.put(label, score);
        });
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("comparison", campaign.relativize(o.dir()).toString());
        record.put("exit", o.exit());
        record.put("seconds", o.seconds());
        record.put("scores", scores);
        record.put("gate", o.gateScores());
        record.put("gateAt2Pct", o.gateMatchedScores());
        return record;
    }

    private static String percent(double fraction) {
        return Double.isFinite(fraction) ? String.format(Locale.ROOT, "%.1f %%", fraction * 100) : "n/a";
    }
}
