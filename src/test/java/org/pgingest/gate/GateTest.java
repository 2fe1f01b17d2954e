package org.pgingest.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.results.HandMadeJmh;
import org.pgingest.results.ResultFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The gate's rules on hand-made JMH JSON: every verdict, each direction, the quirks of JMH 1.37's output. */
class GateTest {
    private static final String LOAD = "org.pgingest.bench.IngestBenchmark.load";

    @TempDir
    Path dir;

    private GateResult gate(HandMadeJmh baseline, HandMadeJmh current, String... ignoredParams) throws IOException {
        return new Gate(GateRules.defaults(), List.of(ignoredParams), false).compare(
                ResultFile.read(baseline.write(dir.resolve("base.json"))),
                ResultFile.read(current.write(dir.resolve("current.json"))));
    }

    private static Comparison metric(GateResult r, String name) {
        return r.comparisons().stream().filter(c -> c.metric().equals(name)).findFirst().orElseThrow();
    }

    private static HandMadeJmh load(String method, double walBytes, double... scores) {
        return new HandMadeJmh().entry(LOAD, "thrpt", "method=" + method, "rows=500")
                .primary("ops/s", scores)
                .secondary("wal.bytes/row", "B/row", walBytes, walBytes, walBytes)
                .secondary("commits/op", "commits/op", 1, 1, 1);
    }

    @Test
    void sameFigures_pass() throws IOException {
        GateResult r = gate(load("BATCH", 330, 100, 101, 99), load("BATCH", 330, 100, 101, 99));
        assertThat(r.exitCode()).isZero();
        assertThat(r.comparisons()).extracting(Comparison::verdict).containsOnly(Verdict.SAME);
        assertThat(r.comparisons()).hasSize(3);
    }

    @Test
    void countedFigure_regressesPastItsThreshold_evenWhenTimesImprove() throws IOException {
        GateResult r = gate(load("BATCH", 300, 100, 101, 99), load("BATCH", 345, 150, 151, 149));
        Comparison wal = metric(r, "wal.bytes/row");
        assertThat(wal.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(wal.kind()).isEqualTo(MetricKind.COUNTED);
        assertThat(wal.change()).isCloseTo(0.15, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(wal.why()).isEqualTo("+15.0 % beyond ±10 % (counted)");
        assertThat(metric(r, "score").verdict()).isEqualTo(Verdict.IMPROVED);
        assertThat(r.exitCode()).isEqualTo(GateResult.REGRESSION);
    }

    /**
     * Another session's WAL or commits in a window (the profiler's {@code contaminated} flag) are no change of the
     * loader's: the server's figures are judged over the other iterations, the loader's score over all (a leftover of
     * 2026-12-03: one contaminated iteration of 3 made a WAL regression of the baseline's figures).
     */
    @Test
    void serverFiguresOfIterationsWithOtherWork_areLeftOut() throws IOException {
        HandMadeJmh cur = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500")
                .primary("ops/s", 100, 101, 99)
                .secondary("wal.bytes/row", "B/row", 300, 900, 300)
                .secondary("commits/op", "commits/op", 1, 4, 1)
                .secondary("contaminated", "share", 0, 1, 0);
        GateResult r = gate(load("BATCH", 300, 100, 101, 99), cur);
        Comparison wal = metric(r, "wal.bytes/row");
        assertThat(wal.verdict()).isEqualTo(Verdict.SAME);
        assertThat(wal.current()).isEqualTo(300);
        assertThat(wal.why()).isEqualTo("within ±10 % (counted), over the iterations without other work on the server "
                + "(left out: 1 of 3 in the current run)");
        assertThat(metric(r, "commits/op").verdict()).isEqualTo(Verdict.SAME);
        assertThat(r.exitCode()).isZero();

        HandMadeJmh worse = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500")
                .primary("ops/s", 100, 101, 99)
                .secondary("wal.bytes/row", "B/row", 400, 900, 400)
                .secondary("commits/op", "commits/op", 1, 4, 1)
                .secondary("contaminated", "share", 0, 1, 0);
        assertThat(metric(gate(load("BATCH", 300, 100, 101, 99), worse), "wal.bytes/row").verdict())
                .as("the clean iterations still regress").isEqualTo(Verdict.REGRESSED);

        HandMadeJmh allOther = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500")
                .primary("ops/s", 100, 101, 99)
                .secondary("wal.bytes/row", "B/row", 900, 900, 900)
                .secondary("commits/op", "commits/op", 4, 4, 4)
                .secondary("contaminated", "share", 1, 1, 1);
        assertThatThrownBy(() -> gate(load("BATCH", 300, 100, 101, 99), allOther))
                .isInstanceOf(GateInputException.class)
                .hasMessage("current.json did not measure what the baseline did: IngestBenchmark.load(method=BATCH,rows=500) "
                        + "wal.bytes/row held other work on the server in every iteration (baseline 300 B/row); "
                        + "IngestBenchmark.load(method=BATCH,rows=500) commits/op held other work on the server in every "
                        + "iteration (baseline 1 commits/op); a NaN, Infinity or absent figure is a failed measurement "
                        + "(rerun, or leave the metric out with --rule 'NAME=ignore')");
    }

    /**
     * The same score in another of JMH's time units (-tu ms) is converted, not left unjudged (an adversarial pass,
     * 2026-12-03: ops/s against ops/ms, halved, read "-100.0 %, not judged" and passed).
     */
    @Test
    void aScoreInAnotherTimeUnit_isConvertedAndJudged() throws IOException {
        HandMadeJmh cur = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500")
                .primary("ops/ms", 0.050, 0.051, 0.049)
                .secondary("wal.bytes/row", "B/row", 300, 300, 300)
                .secondary("commits/op", "commits/op", 1, 1, 1);
        GateResult r = gate(load("BATCH", 300, 100, 101, 99), cur);
        Comparison score = metric(r, "score");
        assertThat(score.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(score.baseline()).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(score.change()).isCloseTo(-0.5, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(score.why()).endsWith(" (baseline converted from ops/s)");
        assertThat(UnitMeaning.factor("us/op", "ms/op")).hasValue(1e-3);
        assertThat(UnitMeaning.factor("rows/s", "ops/s")).isEmpty();
        assertThat(UnitMeaning.factor("B/row", "kB/row")).isEmpty();
    }

    @Test
    void countedFigure_withinThreshold_isSame_andBelowIsImproved() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100).secondary("statements/op", "statements/op", 500, 500, 500);
        HandMadeJmh cur = load("BATCH", 300, 100, 100, 100).secondary("statements/op", "statements/op", 520, 520, 520);
        assertThat(metric(gate(base, cur), "statements/op").why()).isEqualTo("within ±5 % (counted)");
        assertThat(metric(gate(load("BATCH", 300, 100, 100, 100), load("BATCH", 327, 100, 100, 100)),
                "wal.bytes/row").verdict()).isEqualTo(Verdict.SAME);
        GateResult better = gate(load("BATCH", 300, 100, 100, 100), load("BATCH", 250, 100, 100, 100));
        assertThat(metric(better, "wal.bytes/row").verdict()).isEqualTo(Verdict.IMPROVED);
        assertThat(better.exitCode()).isZero();
    }

    @Test
    void timedFigure_regressesWhenLargeAndSignificant() throws IOException {
        GateResult r = gate(load("BATCH", 300, 100, 101, 99, 100, 100), load("BATCH", 300, 70, 71, 69, 70, 70));
        Comparison score = metric(r, "score");
        assertThat(score.kind()).isEqualTo(MetricKind.TIMED);
        assertThat(score.direction()).isEqualTo(Direction.HIGHER_IS_BETTER);
        assertThat(score.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(score.pValue()).isLessThan(0.001);
        assertThat(score.why()).startsWith("-30.0 % beyond ±20 %, Welch p=");
        assertThat(r.exitCode()).isEqualTo(GateResult.REGRESSION);
    }

    @Test
    void timedAdvisory_reportsATimedRegressionWithoutFailing() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 101, 99, 100, 100);
        HandMadeJmh cur = load("BATCH", 300, 70, 71, 69, 70, 70);
        GateResult r = new Gate(GateRules.defaults().withTimedAdvisory(), List.of(), false).compare(
                ResultFile.read(base.write(dir.resolve("base.json"))), ResultFile.read(cur.write(dir.resolve("current.json"))));
        assertThat(metric(r, "score").verdict()).isEqualTo(Verdict.WORSE_ADVISORY);
        assertThat(metric(r, "score").why()).endsWith("(timed, advisory)");
        assertThat(r.exitCode()).isZero();
    }

    @Test
    void timedFigure_largeChangeInsideTheNoise_doesNotFail() throws IOException {
        GateResult r = gate(load("BATCH", 300, 100, 160, 40), load("BATCH", 300, 70, 120, 20));
        Comparison score = metric(r, "score");
        assertThat(score.change()).isLessThan(-0.2);
        assertThat(score.verdict()).isEqualTo(Verdict.NOISE);
        assertThat(score.pValue()).isGreaterThan(0.01);
        assertThat(score.why()).contains("not significant");
        assertThat(r.exitCode()).isZero();
    }

    @Test
    void timedFigure_significantButSmall_isSame() throws IOException {
        GateResult r = gate(load("BATCH", 300, 100, 100.1, 99.9), load("BATCH", 300, 90, 90.1, 89.9));
        assertThat(metric(r, "score").verdict()).isEqualTo(Verdict.SAME);
        assertThat(r.exitCode()).isZero();
    }

    @Test
    void lowerIsBetterForTimePerOperation_andUnknownUnitsAreShownNotJudged() throws IOException {
        HandMadeJmh base = new HandMadeJmh().entry("x.Latency.call", "avgt").primary("ms/op", 10, 10.1, 9.9)
                .secondary("events", "#", 5, 5, 5).secondary("gc.alloc.rate", "MB/sec", 100, 100, 100);
        HandMadeJmh cur = new HandMadeJmh().entry("x.Latency.call", "avgt").primary("ms/op", 15, 15.1, 14.9)
                .secondary("events", "#", 50, 50, 50).secondary("gc.alloc.rate", "MB/sec", 300, 300, 300);
        GateResult r = gate(base, cur);
        assertThat(metric(r, "score").direction()).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(metric(r, "score").verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(metric(r, "events").verdict()).isEqualTo(Verdict.NOT_JUDGED);
        assertThat(metric(r, "events").why()).isEqualTo("unit #: direction unknown");
        assertThat(metric(r, "gc.alloc.rate").direction()).isEqualTo(Direction.UNKNOWN);
        assertThat(metric(r, "gc.alloc.rate").verdict()).isEqualTo(Verdict.NOT_JUDGED);

        GateResult faster = gate(cur, base);
        assertThat(metric(faster, "score").verdict()).isEqualTo(Verdict.IMPROVED);
        assertThat(faster.exitCode()).isZero();
    }

    @Test
    void nanErrorsAndTooFewIterations_areNeverCalledRegressions() throws IOException {
        // One iteration a side: JMH writes scoreError "NaN"; no test is possible, so a timed change is not judged.
        GateResult r = gate(load("BATCH", 300, 100), load("BATCH", 300, 50));
        Comparison score = metric(r, "score");
        assertThat(score.verdict()).isEqualTo(Verdict.NOT_JUDGED);
        assertThat(score.why()).isEqualTo("-50.0 % but too few iterations for a test (1 and 1; need 2 each)");
        assertThat(r.exitCode()).as("the counted figures were judged").isZero();
    }

    /**
     * A facts file that lacks some entries' facts (edited, or cut short) says so: those servers were not compared (an
     * adversarial pass, 2026-12-03: it passed without a word).
     */
    @Test
    void aFactsFileLackingSomeEntriesSaysTheirServersWereNotCompared() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100).facts(170011, "on", "on", "on", "off")
                .entry(LOAD, "thrpt", "method=UNNEST", "rows=500").primary("ops/s", 90, 90, 90)
                .facts(170011, "on", "on", "on", "off");
        HandMadeJmh cur = load("BATCH", 300, 100, 100, 100).facts(170011, "on", "on", "on", "off")
                .entry(LOAD, "thrpt", "method=UNNEST", "rows=500").primary("ops/s", 90, 90, 90);
        GateResult r = gate(base, cur);
        assertThat(r.facts().notes()).containsExactly("current.json.server.jsonl holds no server facts for 1 of the 2 "
                + "entries of current.json: their servers were not compared");
    }

    /**
     * A gate that judged no figure passes nothing (an adversarial pass, 2026-12-03: one iteration a side with a timed
     * score alone, or every figure ignored by a rule, passed): exit 2, UNUSABLE.
     */
    @Test
    void aGateThatJudgedNothingIsUnusable() throws IOException {
        HandMadeJmh base = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500").primary("ops/s", 100);
        HandMadeJmh cur = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500").primary("ops/s", 10);
        GateResult oneIteration = gate(base, cur);
        assertThat(oneIteration.exitCode()).isEqualTo(GateResult.UNUSABLE);
        assertThat(oneIteration.outcome()).isEqualTo("UNUSABLE");
        assertThat(oneIteration.summary()).startsWith("UNUSABLE: nothing judged, 0 regressed, ");

        GateRules ignoreAll = GateRules.defaults().withRules(List.of(Rule.parse("*=ignore")));
        GateResult ignored = new Gate(ignoreAll, List.of(), false).compare(
                ResultFile.read(load("BATCH", 300, 100, 101, 99).write(dir.resolve("b.json"))),
                ResultFile.read(load("BATCH", 600, 100, 101, 99).write(dir.resolve("c.json"))));
        assertThat(ignored.exitCode()).isEqualTo(GateResult.UNUSABLE);
        assertThat(MarkdownVerdict.render(ignored)).startsWith("## Benchmark gate: UNUSABLE").contains(": nothing judged, ");
    }

    @Test
    void metricsTheBaselineLacks_areListedAsMissing_notFatal() throws IOException {
        HandMadeJmh base = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500")
                .primary("ops/s", 100, 100, 100)
                .secondary("commits/op", "commits/op", 1, 1, 1)
                .secondary("data.fsyncs/op", "fsyncs/op", Double.NaN, Double.NaN, Double.NaN);
        HandMadeJmh cur = load("BATCH", 300, 100, 100, 100)
                .secondary("data.fsyncs/op", "fsyncs/op", Double.NaN, Double.NaN, Double.NaN);
        GateResult r = gate(base, cur);
        assertThat(metric(r, "wal.bytes/row").verdict()).isEqualTo(Verdict.MISSING);
        assertThat(metric(r, "wal.bytes/row").why()).isEqualTo("absent in the baseline");
        assertThat(metric(r, "data.fsyncs/op").verdict()).isEqualTo(Verdict.MISSING);
        assertThat(metric(r, "data.fsyncs/op").why()).isEqualTo("NaN (not measured) in both runs");
        assertThat(r.exitCode()).isZero();
    }

    /**
     * A figure the baseline has and the current run left out is a failed measurement too (an adversarial pass,
     * 2026-12-03: a run without the suite's profiler, rows/s alone, passed with 133 figures "missing").
     */
    @Test
    void aFigureTheCurrentRunLeftOut_isUnusableInput_unlessARuleIgnoresIt() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100);
        HandMadeJmh cur = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500")
                .primary("ops/s", 100, 100, 100);
        assertThatThrownBy(() -> gate(base, cur)).isInstanceOf(GateInputException.class)
                .hasMessage("current.json did not measure what the baseline did: IngestBenchmark.load(method=BATCH,"
                        + "rows=500) wal.bytes/row is absent (baseline 300 B/row); IngestBenchmark.load(method=BATCH,"
                        + "rows=500) commits/op is absent (baseline 1 commits/op); a NaN, Infinity or absent figure is a "
                        + "failed measurement (rerun, or leave the metric out with --rule 'NAME=ignore')");
    }

    /** NaN or Infinity where the baseline has a number: the run failed to measure it, which no verdict may hide. */
    @Test
    void aFigureTheBaselineHasAndTheCurrentRunDidNotMeasure_isUnusableInput() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100).secondary("data.fsyncs/op", "fsyncs/op", 0, 0, 0);
        HandMadeJmh cur = load("BATCH", 300, 100, 100, 100)
                .secondary("data.fsyncs/op", "fsyncs/op", Double.NaN, Double.NaN, Double.NaN);
        assertThatThrownBy(() -> gate(base, cur)).isInstanceOf(GateInputException.class)
                .hasMessage("current.json did not measure what the baseline did: IngestBenchmark.load(method=BATCH,rows=500) "
                        + "data.fsyncs/op is NaN (baseline 0 fsyncs/op); a NaN, Infinity or absent figure is a failed "
                        + "measurement (rerun, or leave the metric out with --rule 'NAME=ignore')");
        HandMadeJmh nanScore = load("BATCH", 300, Double.NaN, Double.NaN, Double.NaN);
        assertThatThrownBy(() -> gate(load("BATCH", 300, 100, 100, 100), nanScore)).isInstanceOf(GateInputException.class)
                .hasMessageContaining("IngestBenchmark.load(method=BATCH,rows=500) score is NaN (baseline 100 ops/s)");
        // the other way round (a figure measured now that the baseline lacked) is shown as missing
        assertThat(metric(gate(cur, base), "data.fsyncs/op").why()).isEqualTo("NaN (not measured) in the baseline");
    }

    /**
     * Two constant samples that differ (server CPU read in 10 ms ticks: 0 in every iteration, then one tick) give
     * Welch's t no spread: its limit p = 0 would call a certain regression from the clock's resolution.
     */
    @Test
    void constantTimedSamplesThatDiffer_areNoise_notACertainRegression() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100.5, 99.5).secondary("server.cpu/row", "us/row", 0, 0, 0);
        HandMadeJmh cur = load("BATCH", 300, 100, 100.5, 99.5).secondary("server.cpu/row", "us/row", 20, 20, 20);
        GateResult r = gate(base, cur);
        Comparison cpu = metric(r, "server.cpu/row");
        assertThat(cpu.kind()).isEqualTo(MetricKind.TIMED);
        assertThat(cpu.verdict()).isEqualTo(Verdict.NOISE);
        assertThat(cpu.pValue()).isNaN();
        assertThat(cpu.why()).isEqualTo("from 0 up but every iteration of each run gave the same value: below the "
                + "figure's resolution, no test possible (timed; longer iterations make it vary)");
        assertThat(r.exitCode()).isZero();
        // one side varying is a test: 0, 0, 0 against 18, 20, 22 is told apart
        HandMadeJmh varying = load("BATCH", 300, 100, 100.5, 99.5).secondary("server.cpu/row", "us/row", 18, 20, 22);
        assertThat(metric(gate(base, varying), "server.cpu/row").verdict()).isEqualTo(Verdict.REGRESSED);
    }

    /** JMH's time units include hr and day (TimeValue): a throughput per hour is judged like one per second. */
    @Test
    void hoursAndDaysAreTimeUnits() throws IOException {
        HandMadeJmh base = new HandMadeJmh().entry("x.Slow.run", "thrpt").primary("ops/hr", 100, 101, 99)
                .secondary("batch", "day/op", 2, 2.01, 1.99);
        HandMadeJmh cur = new HandMadeJmh().entry("x.Slow.run", "thrpt").primary("ops/hr", 50, 51, 49)
                .secondary("batch", "day/op", 4, 4.01, 3.99);
        GateResult r = gate(base, cur);
        assertThat(metric(r, "score").direction()).isEqualTo(Direction.HIGHER_IS_BETTER);
        assertThat(metric(r, "score").verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(metric(r, "batch").direction()).isEqualTo(Direction.LOWER_IS_BETTER);
        assertThat(metric(r, "batch").verdict()).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void fromZero_anyCountedIncreaseRegresses_pastItsFloor() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100).secondary("wal.fpi/op", "fpi/op", 0, 0, 0)
                .secondary("data.fsyncs/op", "fsyncs/op", 0, 0, 0);
        HandMadeJmh cur = load("BATCH", 300, 100, 100, 100).secondary("wal.fpi/op", "fpi/op", 2, 3, 2)
                .secondary("data.fsyncs/op", "fsyncs/op", 0.1, 0, 0);
        GateResult r = gate(base, cur);
        Comparison fpi = metric(r, "wal.fpi/op");
        assertThat(fpi.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(fpi.why()).isEqualTo("from 0 up beyond ±5 % (counted)");
        assertThat(metric(r, "data.fsyncs/op").verdict()).isEqualTo(Verdict.REGRESSED);
        HandMadeJmh oneCatalogPage = load("BATCH", 300, 100, 100, 100).secondary("wal.fpi/op", "fpi/op", 0.02, 0, 0)
                .secondary("data.fsyncs/op", "fsyncs/op", 0, 0, 0);
        assertThat(metric(gate(base, oneCatalogPage), "wal.fpi/op").why()).isEqualTo("moved less than the floor 1 fpi/op");
        // statements 500 -> 530 is +6 %: past the 5 % default
        HandMadeJmh more = load("BATCH", 300, 100, 100, 100).secondary("statements/op", "statements/op", 530, 530, 530);
        HandMadeJmh fewer = load("BATCH", 300, 100, 100, 100).secondary("statements/op", "statements/op", 500, 500, 500);
        assertThat(metric(gate(fewer, more), "statements/op").verdict()).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void newAndVanishedEntries_areListed_andARenamedParamMatchesNothing() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100);
        base.entry(LOAD, "thrpt", "method=COPY", "batch=1000").primary("ops/s", 1, 1, 1);
        HandMadeJmh cur = load("BATCH", 300, 100, 100, 100);
        cur.entry(LOAD, "thrpt", "method=COPY", "batchSize=1000").primary("ops/s", 1, 1, 1);
        GateResult r = gate(base, cur);
        assertThat(r.added()).extracting(e -> e.paramsLabel()).containsExactly("batchSize=1000,method=COPY");
        assertThat(r.vanished()).extracting(e -> e.paramsLabel()).containsExactly("batch=1000,method=COPY");
        assertThat(r.exitCode()).isZero();
        assertThat(MarkdownVerdict.render(r)).contains("New in the current run (not compared):\n\n"
                + "- IngestBenchmark.load thrpt batchSize=1000 method=COPY");
        assertThat(r.hints()).containsExactly("param `batch` of IngestBenchmark.load looks renamed to `batchSize`: "
                + "those entries are not compared until the baseline is run again");

        HandMadeJmh onlyRenamed = new HandMadeJmh().entry(LOAD, "thrpt", "batchSize=1000").primary("ops/s", 1, 1, 1);
        HandMadeJmh oldName = new HandMadeJmh().entry(LOAD, "thrpt", "batch=1000").primary("ops/s", 1, 1, 1);
        assertThatThrownBy(() -> gate(oldName, onlyRenamed)).isInstanceOf(GateInputException.class)
                .hasMessageStartingWith("nothing in common: no benchmark of current.json matches one of base.json");
    }

    /**
     * A later build's benchmarks gained params (the Citus placement: distribution and shards) at one value: its runs
     * still match an earlier baseline's, and the gate says across what.
     */
    @Test
    void paramsOnlyTheCurrentRunHasAtOneValue_areLeftOutOfTheMatch() throws IOException {
        // Beside a benchmark that did not gain them (the default selection's round trip): judged per benchmark.
        String roundTrip = "org.pgingest.bench.RoundTripBenchmark.selectOne";
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100);
        base.entry(roundTrip, "thrpt").primary("ops/s", 5000, 5000, 5000);
        HandMadeJmh cur = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "rows=500", "distribution=hash",
                "shards=32").primary("ops/s", 100, 100, 100).secondary("wal.bytes/row", "B/row", 600, 600, 600)
                .secondary("commits/op", "commits/op", 1, 1, 1);
        cur.entry(roundTrip, "thrpt").primary("ops/s", 5000, 5000, 5000);
        GateResult r = gate(base, cur);
        assertThat(r.added()).isEmpty();
        assertThat(r.vanished()).isEmpty();
        assertThat(metric(r, "wal.bytes/row").verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(MarkdownVerdict.render(r)).contains("Compared across param `distribution`: baseline (none), current hash.");
        // Two values of the new param: it tells entries apart, and no entry with it matches one without it.
        cur.entry(LOAD, "thrpt", "method=BATCH", "rows=500", "distribution=local", "shards=32").primary("ops/s", 1, 1, 1);
        GateResult two = gate(base, cur);
        assertThat(two.vanished()).extracting(e -> e.paramsLabel()).containsExactly("method=BATCH,rows=500");
        assertThat(two.added()).hasSize(2);
    }

    @Test
    void ignoredParam_comparesTwoValuesOfOneKnob() throws IOException {
        HandMadeJmh base = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "commitEvery=0")
                .primary("ops/s", 100, 100, 100).secondary("commits/op", "commits/op", 1, 1, 1);
        HandMadeJmh cur = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "commitEvery=1")
                .primary("ops/s", 100, 100, 100).secondary("commits/op", "commits/op", 500, 500, 500);
        GateResult r = gate(base, cur, "commitEvery");
        assertThat(metric(r, "commits/op").verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(MarkdownVerdict.render(r)).contains("Params of every entry: method=BATCH.\n\n"
                + "Compared across param `commitEvery`: baseline 0, current 1.");
        assertThat(r.exitCode()).isEqualTo(GateResult.REGRESSION);
    }

    @Test
    void differentServers_areSaidFirst_andNothingIsCalledARegression() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100).facts(170011, "on", "on", "on", "off");
        HandMadeJmh cur = load("BATCH", 400, 100, 100, 100).facts(170011, "on", "off", "on", "off");
        GateResult r = gate(base, cur);
        assertThat(r.refused()).isTrue();
        assertThat(r.facts().differences()).containsExactly("synchronous_commit: baseline on, current off");
        assertThat(metric(r, "wal.bytes/row").verdict()).isEqualTo(Verdict.NOT_JUDGED);
        assertThat(r.exitCode()).isEqualTo(GateResult.UNUSABLE);
        assertThat(MarkdownVerdict.render(r)).startsWith("## Benchmark gate: SERVERS DIFFER\n\n"
                + "**The servers differ**: synchronous_commit: baseline on, current off.");
        // not "Nothing moved beyond its threshold", said of figures nobody judged (an adversarial pass, 2026-12-03)
        assertThat(MarkdownVerdict.render(r)).contains("Nothing was judged: the servers differ.")
                .doesNotContain("Nothing moved");

        GateResult anyway = new Gate(GateRules.defaults(), List.of(), true).compare(
                ResultFile.read(dir.resolve("base.json")), ResultFile.read(dir.resolve("current.json")));
        assertThat(metric(anyway, "wal.bytes/row").verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(anyway.exitCode()).isEqualTo(GateResult.REGRESSION);
    }

    /** One shape label over two table definitions (say a column added between the runs) is no comparison. */
    @Test
    void differentTableDefinitionsUnderOneLabel_areRefused() throws IOException {
        HandMadeJmh base = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "shape=orders").primary("ops/s", 100, 100, 100)
                .facts(170011, "on", "on", "on", "off").table("orders", "1829765f22a170d2");
        HandMadeJmh same = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "shape=orders").primary("ops/s", 90, 90, 90)
                .facts(170011, "on", "on", "on", "off").table("orders", "1829765f22a170d2");
        HandMadeJmh other = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "shape=orders").primary("ops/s", 100, 100, 100)
                .facts(170011, "on", "on", "on", "off").table("orders", "7d49dc6afb464859");
        assertThat(gate(base, same).facts().differences()).isEmpty();
        GateResult r = gate(base, other);
        assertThat(r.refused()).isTrue();
        assertThat(r.facts().differences()).containsExactly("table definition of shape orders: baseline 1829765f22a170d2, "
                + "current 7d49dc6afb464859 (different tables under one label)");
        assertThat(r.exitCode()).isEqualTo(GateResult.UNUSABLE);
    }

    /**
     * Two index profiles of one shape are two tables by their params: a comparison across them (as GateSmokeIT's
     * "one more index" does with --ignore-param indexes) judges the figures; the same profile over two definitions
     * is still refused.
     */
    @Test
    void theIndexProfileIsPartOfTheTablesLabel() throws IOException {
        HandMadeJmh standard = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "shape=USERS", "indexes=STANDARD")
                .primary("ops/s", 100, 100, 100).facts(170011, "on", "on", "on", "off").table("USERS", "1829765f22a170d2");
        HandMadeJmh moreIndexes = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "shape=USERS",
                "indexes=PK_UNIQUE_BTREE").primary("ops/s", 90, 90, 90).facts(170011, "on", "on", "on", "off")
                .table("USERS", "9a5c21b8bd6a7280");
        HandMadeJmh changedStandard = new HandMadeJmh().entry(LOAD, "thrpt", "method=BATCH", "shape=USERS",
                "indexes=STANDARD").primary("ops/s", 100, 100, 100).facts(170011, "on", "on", "on", "off")
                .table("USERS", "7d49dc6afb464859");
        assertThat(gate(standard, moreIndexes, "indexes").facts().differences()).isEmpty();
        assertThat(gate(standard, changedStandard).facts().differences()).containsExactly("table definition of shape USERS: "
                + "baseline 1829765f22a170d2, current 7d49dc6afb464859 (different tables under one label)");
    }

    @Test
    void majorVersionAndChecksums_areDecisiveFacts() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100).facts(170011, "on", "on", "on", "off");
        HandMadeJmh cur = load("BATCH", 300, 100, 100, 100).facts(180006, "on", "on", "on", "on");
        assertThat(gate(base, cur).facts().differences()).containsExactly("major: baseline 17, current 18",
                "data_checksums: baseline off, current on");
    }

    @Test
    void sampleModeHistograms_giveOneValuePerIteration() throws IOException {
        double[][][] fast = {{{1.0, 90}, {2.0, 10}}, {{1.0, 80}, {2.0, 20}}, {{1.0, 85}, {2.0, 15}}};
        double[][][] slow = {{{2.0, 90}, {3.0, 10}}, {{2.0, 80}, {3.0, 20}}, {{2.0, 85}, {3.0, 15}}};
        HandMadeJmh base = new HandMadeJmh().entry("x.Latency.call", "sample").primaryHistogram("ms/op", fast);
        HandMadeJmh cur = new HandMadeJmh().entry("x.Latency.call", "sample").primaryHistogram("ms/op", slow);
        GateResult r = gate(base, cur);
        assertThat(ResultFile.read(dir.resolve("base.json")).results().get(0).primary().iterations())
                .containsExactly(1.1, 1.2, 1.15);
        Comparison score = metric(r, "score");
        assertThat(score.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(score.why()).contains("Welch p=");
    }

    @Test
    void rulesPerPattern_overrideTheDefaults() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100);
        HandMadeJmh cur = load("BATCH", 345, 100, 100, 100);
        ResultFile b = ResultFile.read(base.write(dir.resolve("base.json")));
        ResultFile c = ResultFile.read(cur.write(dir.resolve("current.json")));
        GateRules relaxed = GateRules.defaults().withRules(List.of(Rule.parse("wal.*=15%")));
        assertThat(metric(new Gate(relaxed, List.of(), false).compare(b, c), "wal.bytes/row").verdict())
                .isEqualTo(Verdict.SAME);
        GateRules ignored = GateRules.defaults().withRules(List.of(Rule.parse("wal.bytes/row=ignore")));
        Comparison wal = metric(new Gate(ignored, List.of(), false).compare(b, c), "wal.bytes/row");
        assertThat(wal.verdict()).isEqualTo(Verdict.NOT_JUDGED);
        assertThat(wal.why()).isEqualTo("ignored by rule wal.bytes/row");
    }

    @Test
    void planningTimeNearZero_movesBelowItsFloor() throws IOException {
        HandMadeJmh base = load("BATCH", 300, 100, 100, 100).secondary("plan.time/op", "ms/op", 1e-4, 1.1e-4, 0.9e-4);
        HandMadeJmh cur = load("BATCH", 300, 100, 100, 100).secondary("plan.time/op", "ms/op", 3e-4, 3.1e-4, 2.9e-4);
        Comparison plan = metric(gate(base, cur), "plan.time/op");
        assertThat(plan.verdict()).isEqualTo(Verdict.SAME);
        assertThat(plan.why()).isEqualTo("moved less than the floor 0.01 ms/op");
    }

    @Test
    void badRules_areOneLine() {
        assertThatThrownBy(() -> Rule.parse("wal.bytes/row")).isInstanceOf(GateInputException.class)
                .hasMessage("rule 'wal.bytes/row' is not PATTERN=PERCENT[,FLOOR] or PATTERN=ignore "
                        + "(e.g. 'wal.fsyncs/*=10%', 'plan.time/op=20%,0.01', 'gc.*=ignore')");
        assertThatThrownBy(() -> Rule.parse("score=fast")).isInstanceOf(GateInputException.class)
                .hasMessage("rule 'score=fast': 'fast' is not a non-negative fraction or percentage (e.g. 0.05 or 5%)");
        assertThat(new Rule("wal.*/row", 0.1, 0, false).matches("wal.fsyncs/row")).isTrue();
        assertThat(new Rule("wal.*/row", 0.1, 0, false).matches("wal.fsyncs/op")).isFalse();
    }
}
