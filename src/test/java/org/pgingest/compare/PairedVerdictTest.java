package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.gate.Comparison;
import org.pgingest.gate.GateResult;
import org.pgingest.gate.GateRules;
import org.pgingest.gate.Verdict;
import org.pgingest.results.HandMadeJmh;
import org.pgingest.results.ResultFile;

import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** How the two sides' results of a comparison are judged, on hand-made JMH results. */
class PairedVerdictTest {
    private static final String INGEST = "org.pgingest.bench.IngestBenchmark.load";
    private static final GateRules RULES = GateRules.defaults().withTimed(PairedVerdict.DEFAULT_TIMED);
    @TempDir
    Path dir;

    /** Eight iterations of a side, each a little off its level the way pairs are: the same wobble on both sides. */
    private static final double[] WOBBLE = {1.00, 1.04, 0.98, 1.02, 1.01, 0.99, 1.03, 0.97};
    /** What one side's pairs add on their own: small, and without a direction. */
    private static final double[] OWN = {1.003, 0.998, 1.001, 0.997, 1.002, 0.999, 1.0, 1.001};

    private static double[] side(double level, double[] own) {
        double[] values = new double[WOBBLE.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = level * WOBBLE[i] * own[i];
        }
        return values;
    }

    private static double[] flat(double value) {
        double[] values = new double[WOBBLE.length];
        Arrays.fill(values, value);
        return values;
    }

    private ResultFile file(String name, double batchLevel, double copyLevel, double[] own) throws Exception {
        return file(name, batchLevel, copyLevel, own, 6.4);
    }

    private ResultFile file(String name, double batchLevel, double copyLevel, double[] own, double alloc) throws Exception {
        HandMadeJmh jmh = new HandMadeJmh();
        for (String method : new String[] {"BATCH", "COPY_BINARY"}) {
            double level = method.equals("BATCH") ? batchLevel : copyLevel;
            jmh.entry(INGEST, "thrpt", "method=" + method, "rows=500")
                    .primary("ops/s", side(level, own))
                    .secondary("rows", "ops/s", side(level * 500, own))
                    .secondary("wal.bytes/row", "B/row", flat(290))
                    .secondary("alloc.bytes/row", "B/row", side(alloc, OWN))
                    .secondary("plan.time/op", "ms/op", flat(method.equals("BATCH") ? 0.0002 : 0.0003))
                    .facts(170011, "on", "on", "on", "off");
        }
        return ResultFile.read(jmh.write(dir.resolve(name)));
    }

    private static Comparison find(GateResult r, String method, String metric) {
        return r.comparisons().stream().filter(c -> c.entry().params().get("method").equals(method)
                && c.metric().equals(metric)).findFirst().orElseThrow();
    }

    @Test
    void aScoreWorseInEveryPairRegresses_itsRowsAreAdvisory_andTheAlphaIsSharedByTheScores() throws Exception {
        ResultFile baseline = file("a.json", 100, 200, OWN);
        ResultFile candidate = file("b.json", 90, 200, OWN);
        GateResult r = PairedVerdict.judge(baseline, candidate, RULES, false);

        Comparison batch = find(r, "BATCH", "score");
        assertThat(batch.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(batch.paired().ratio()).isCloseTo(0.9, org.assertj.core.api.Assertions.within(0.002));
        // Two scores share alpha 0.01: each interval is at 99.5 %.
        assertThat(batch.paired().confidence()).isEqualTo(0.995);
        assertThat(batch.why()).startsWith("ratio 0.9, 99.5 % interval ").endsWith("over 8 pairs: -10.0 % beyond ±2 % (timed, paired)");
        assertThat(find(r, "BATCH", "rows").verdict()).isEqualTo(Verdict.WORSE_ADVISORY);
        assertThat(find(r, "COPY_BINARY", "score").verdict()).isEqualTo(Verdict.SAME);
        assertThat(find(r, "BATCH", "wal.bytes/row").verdict()).isEqualTo(Verdict.SAME);
        assertThat(find(r, "BATCH", "wal.bytes/row").paired()).as("counted figures are the gate's").isNull();
        // Planning near zero: within the gate's floor, whatever the ratio.
        assertThat(find(r, "COPY_BINARY", "plan.time/op").why()).startsWith("moved less than the floor 0.01 ms/op");
        assertThat(r.regressions()).extracting(c -> c.entry().params().get("method") + " " + c.metric())
                .containsExactly("BATCH score");
        assertThat(r.exitCode()).isEqualTo(GateResult.REGRESSION);
        assertThat(PairedVerdict.rules(r, 2)).contains("99.5 % interval each (alpha 0.01 shared by 2 scores)");
    }

    @Test
    void aChangeThePairsCannotTellFromNoiseIsNoise() throws Exception {
        double[] noisy = {1.30, 0.75, 1.25, 0.80, 1.20, 0.78, 1.28, 0.74};
        GateResult r = PairedVerdict.judge(file("a.json", 100, 200, OWN), file("b.json", 95, 200, noisy), RULES, false);
        Comparison batch = find(r, "BATCH", "score");
        assertThat(batch.verdict()).isEqualTo(Verdict.NOISE);
        assertThat(batch.paired().excludesNoChange()).isFalse();
        assertThat(batch.why()).contains("but the interval holds 1 (timed, paired)");
        assertThat(r.exitCode()).isEqualTo(GateResult.PASS);
    }

    @Test
    void aCertainChangeSmallerThanTheMinimumIsTheSame() throws Exception {
        GateResult r = PairedVerdict.judge(file("a.json", 100, 200, OWN), file("b.json", 99, 200, OWN), RULES, false);
        Comparison batch = find(r, "BATCH", "score");
        assertThat(batch.paired().excludesNoChange()).isTrue();
        assertThat(batch.verdict()).isEqualTo(Verdict.SAME);
        assertThat(batch.why()).endsWith("within ±2 % (timed, paired)");
    }

    @Test
    void anImprovementIsOne() throws Exception {
        GateResult r = PairedVerdict.judge(file("a.json", 100, 200, OWN), file("b.json", 100, 240, OWN), RULES, false);
        assertThat(find(r, "COPY_BINARY", "score").verdict()).isEqualTo(Verdict.IMPROVED);
        assertThat(r.exitCode()).isEqualTo(GateResult.PASS);
    }

    /** One jar against itself once reported a regression: allocation +5.8 %, judged as a counted figure at ±5 %. */
    @Test
    void moreAllocationPerRowIsAdvisory_neverARegression() throws Exception {
        GateResult r = PairedVerdict.judge(file("a.json", 100, 200, OWN, 6.4), file("b.json", 100, 200, OWN, 13.7), RULES,
                false);
        Comparison alloc = find(r, "BATCH", "alloc.bytes/row");
        assertThat(alloc.verdict()).isEqualTo(Verdict.WORSE_ADVISORY);
        assertThat(alloc.why()).endsWith("(allocation: follows the JIT, paired, advisory)");
        assertThat(r.regressions()).isEmpty();
        assertThat(r.exitCode()).isEqualTo(GateResult.PASS);
    }

    @Test
    void oneScoreAloneHasTheWholeAlpha() {
        assertThat(PairedVerdict.confidence(0.01, 1)).isEqualTo(0.99);
        assertThat(PairedVerdict.confidence(0.01, 8)).isEqualTo(0.99875);
    }
}
