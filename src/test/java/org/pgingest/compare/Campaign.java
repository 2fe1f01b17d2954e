package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.pgingest.bench.IngestBenchmark;
import org.pgingest.gate.PairedRatio;
import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.ResultFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The measurements behind docs/compare.md in one unattended run ({@code presets/compare-campaign.sh DIR}): how often
 * {@code ./bench compare} calls a false regression, how often it finds planted slowdowns of known size, and the same
 * pairs judged by {@code ./bench gate} on the two sides' results, side by side. Every comparison's JSON stays in
 * {@code DIR}; {@code DIR/summary.md} and {@code DIR/summary.json} hold the figures. In order:
 * <ol>
 *   <li><b>Calibration</b>, per method: one paired comparison (the candidate delayed) at 1,000 and 5,000 rows gives
 *       the call's time (a line through both) and what {@code commit_delay} adds to a call; the rows per call that
 *       make the delay 3, 5 and 10 % of a call follow.</li>
 *   <li><b>True effects</b>: at each size's rows, long separate runs without and with the delay (ABBA), whose
 *       ratio is the slowdown the comparisons should find.</li>
 *   <li><b>Comparisons</b>, interleaved so that the machine's drift over the campaign reaches every condition alike:
 *       20 A/A comparisons of the quick selection (one build on both sides) at the comparison's default lengths, 10
 *       planted comparisons per method and size (the candidate's sessions with the delay) of one trial at 48 measured
 *       iterations a side, and 5 A/A comparisons per method at that length; after each, the gate on the two sides'
 *       results, with its defaults and with its timed threshold at the comparison's 2 %.</li>
 * </ol>
 * Rerun with the same directory to resume: finished steps are read back, not run again.
 *
 * <p>A tool the docs' evidence comes from, not a feature of the suite: it lives in test scope, beside the tests, and
 * presets/compare-campaign.sh runs it from target/test-classes next to target/benchmarks.jar
 * ({@code CampaignSummaryTest} reads a hand-made campaign directory).
 */
public final class Campaign {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** JMH's include pattern for the ingest benchmark's methods. */
    private static final String INGEST = Pattern.quote(IngestBenchmark.class.getName() + ".");
    /** Rows per call of the calibration comparison: a line through both gives a call's time at any rows. */
    private static final int[] LINE_ROWS = {1000, 5000};

    private final Path dir;
    private final Path jar;
    private final Path baselineJar;
    private final List<String> leading;
    private final Settings settings;
    private final long started = System.nanoTime();

    /**
     * What the campaign runs; {@link #parse} reads it.
     *
     * @param aa          A/A comparisons of the quick selection, at the comparison's default lengths
     * @param planted     planted comparisons per method and size
     * @param aaPlanted   A/A comparisons per method at the planted comparisons' rows (the 5 % size's) and length:
     *                    the false alarms of the length that finds the planted slowdowns
     * @param plantedIterations measured iterations a side of the planted comparisons (and their A/A)
     * @param sizes       planted slowdowns as fractions of a call
     * @param methods     the methods slowed down
     * @param delay       commit_delay in microseconds
     * @param trueIterations measured iterations of each separate run that measures a true effect
     * @param compareArgs more arguments for every comparison (e.g. lengths other than the defaults)
     */
    record Settings(int aa, int planted, int aaPlanted, int plantedIterations, List<Double> sizes, List<String> methods,
                    int delay, int trueIterations, List<String> compareArgs) {
        static Settings parse(List<String> args) {
            int aa = 20;
            int planted = 10;
            int aaPlanted = 5;
            // The first campaign (16 pairs, the default) found 5 % of binary COPY 5 times in 10; the spread of its
            // pairs' log ratios (0.05 for binary COPY, 0.07 to 0.09 for a batch) puts 9 in 10 for a batch's 5 % at
            // about 44 pairs: 48 leaves a margin.
            int plantedIterations = 48;
            List<Double> sizes = List.of(0.03, 0.05, 0.10);
            List<String> methods = List.of("COPY_BINARY", "BATCH");
            int delay = 1000;
            int trueIterations = 12;
            List<String> compareArgs = new ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                String v = i + 1 < args.size() ? args.get(i + 1) : null;
                switch (a) {
                    case "--aa" -> aa = Integer.parseInt(v);
                    case "--planted" -> planted = Integer.parseInt(v);
                    case "--aa-planted" -> aaPlanted = Integer.parseInt(v);
                    case "--planted-iterations" -> plantedIterations = Integer.parseInt(v);
                    case "--sizes" -> sizes = Arrays.stream(v.split(",")).map(s -> Double.parseDouble(s) / 100)
                            .toList();
                    case "--methods" -> methods = List.of(v.split(","));
                    case "--commit-delay" -> delay = Integer.parseInt(v);
                    case "--true-iterations" -> trueIterations = Integer.parseInt(v);
                    case "--compare-arg" -> compareArgs.add(v);
                    default -> throw new IllegalArgumentException("unknown option " + a + "; " + USAGE);
                }
                i++;
            }
            return new Settings(aa, planted, aaPlanted, plantedIterations, sizes, methods, delay, trueIterations,
                    compareArgs);
        }
    }

    static final String USAGE = "usage: Campaign DIR [-DNAME=VALUE]... [--aa N] [--planted N] [--aa-planted N] "
            + "[--planted-iterations N] [--sizes 3,5,10] "
            + "[--methods COPY_BINARY,BATCH] [--commit-delay MICROSECONDS] [--true-iterations N] [--compare-arg ARG]...";

    private Campaign(Path dir, Path jar, List<String> leading, Settings settings) throws IOException {
        this.dir = dir;
        this.jar = jar;
        this.leading = List.copyOf(leading);
        this.settings = settings;
        Files.createDirectories(dir);
        // A/A: the same build on both sides, under two names as two builds' jars would be.
        this.baselineJar = dir.resolve("baseline.jar");
        Files.copy(jar, baselineJar, StandardCopyOption.REPLACE_EXISTING);
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length == 0) {
            System.err.println(USAGE);
            System.exit(2);
        }
        List<String> leading = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            (args[i].startsWith("-D") ? leading : rest).add(args[i]);
        }
        Campaign campaign = new Campaign(Path.of(args[0]), Path.of("target", "benchmarks.jar"), leading,
                Settings.parse(rest));
        campaign.run();
    }

    /**
     * One planted condition: a method slowed down by a share of its call, and the rows per call that make it so; size
     * 0 is the A/A condition at the planted length (nothing planted).
     */
    record Planted(String method, double size, int rows) {
        String name() {
            return method + "-" + Math.round(size * 100) + "pct";
        }

        boolean isAa() {
            return size == 0;
        }
    }

    private void run() throws IOException, InterruptedException {
        // A resumed campaign's summary says when it first started.
        Path firstStart = dir.resolve("started.txt");
        if (!Files.exists(firstStart)) {
            Files.writeString(firstStart, java.time.Instant.now() + "\n");
        }
        say("campaign in " + dir + ": calibration, true effects, " + settings.aa() + " A/A comparisons of the quick "
                + "selection, " + settings.planted() + " planted comparisons per method and size (" + settings.methods()
                + " x " + settings.sizes() + ") and " + settings.aaPlanted() + " A/A per method at their length (-i "
                + settings.plantedIterations() + "); about " + CompareMain.minutes(estimateSeconds())
                + " on a quiet 2-core machine");
        List<Planted> planted = new ArrayList<>();
        Map<String, Object> calibration = new LinkedHashMap<>();
        for (String method : settings.methods()) {
            planted.addAll(calibrate(method, calibration));
        }
        JSON.writeValue(dir.resolve("calibration.json").toFile(), calibration);
        Map<String, Object> trueEffects = new LinkedHashMap<>();
        for (Planted p : planted) {
            trueEffects.put(p.name(), trueEffect(p));
        }
        List<Planted> conditions = new ArrayList<>(planted);
        for (String method : settings.methods()) {
            // The A/A of the planted length runs at the rows of the size the issue names, 5 %, or the first size.
            planted.stream().filter(p -> p.method().equals(method))
                    .min((x, y) -> Double.compare(Math.abs(x.size() - 0.05), Math.abs(y.size() - 0.05)))
                    .ifPresent(p -> conditions.add(new Planted(method, 0, p.rows())));
        }
        int rounds = Math.max(settings.aa(), Math.max(settings.planted(), settings.aaPlanted()));
        for (int round = 1; round <= rounds; round++) {
            if (round <= settings.aa()) {
                comparison(dir.resolve("aa").resolve(String.format("%02d", round)), List.of());
            }
            for (Planted p : conditions) {
                if (round > (p.isAa() ? settings.aaPlanted() : settings.planted())) {
                    continue;
                }
                List<String> extra = new ArrayList<>(p.isAa() ? List.of() : delayedCandidate());
                extra.addAll(List.of("-i", Integer.toString(settings.plantedIterations()),
                        INGEST, "-p", "method=" + p.method(), "-p", "rows=" + p.rows()));
                comparison(dir.resolve("planted").resolve(p.name()).resolve(String.format("%02d", round)), extra);
            }
        }
        CampaignSummary.write(dir, settings, conditions, calibration, trueEffects, Files.readString(firstStart).trim(),
                (System.nanoTime() - started) / 1e9);
        // The copy is the build itself under another name: nothing to keep beside the results.
        Files.deleteIfExists(baselineJar);
        say("done in " + CompareMain.minutes((System.nanoTime() - started) / 1e9) + ": " + dir.resolve("summary.md"));
    }

    /**
     * The quiet-machine estimate, from the per-trial and per-iteration costs {@link CompareMain} estimates with, and
     * about 10 s per launcher for its JVM and server (a comparison's, or a separate run's embedded server).
     */
    private double estimateSeconds() {
        double launcher = 10;
        CompareOptions defaults = CompareOptions.parse(new String[] {"--baseline", "a", "--candidate", "b"});
        CompareOptions longer = CompareOptions.parse(new String[] {"--baseline", "a", "--candidate", "b", "-i",
            Integer.toString(settings.plantedIterations())});
        double quick = launcher + CompareMain.estimateSeconds(8, defaults);
        double one = launcher + CompareMain.estimateSeconds(1, longer);
        double second = 1 + CompareMain.ITERATION_OVERHEAD_SECONDS;
        // Per method: one comparison of two trials.
        double calibrate = settings.methods().size() * (launcher + CompareMain.estimateSeconds(2, defaults));
        double truth = settings.methods().size() * settings.sizes().size() * 4
                * (launcher + CompareMain.TRIAL_OVERHEAD_SECONDS + (2 + settings.trueIterations()) * second);
        return calibrate + truth + settings.aa() * quick + (double) settings.methods().size()
                * (settings.planted() * settings.sizes().size() + settings.aaPlanted()) * one;
    }

    /**
     * The rows per call that make the delay each size's share of a call of this method, from one paired comparison
     * (the candidate delayed) at {@link #LINE_ROWS}: the baseline's calls give a line through both row counts, and the
     * pairs give what the delay adds to a call. Calibrating in the setting the planted comparisons run in matters:
     * the first campaign calibrated with separate runs, each on a server of its own, where calls ran 2 to 25 % faster
     * than the same calls did in the comparisons (on their shared server, which also records statements in
     * pg_stat_statements), and with the delay measured at 100 rows in such runs its batch plants came out at half
     * their size. What the delay adds is measured at 1,000 rows, where it is the larger share
     * of a call (about 15 % here) and so the more precisely known; the figure at 5,000 rows is recorded beside it to
     * show it does not depend on the rows (one sleep per commit, PostgreSQL's XLogFlush).
     */
    private List<Planted> calibrate(String method, Map<String, Object> calibration) throws IOException, InterruptedException {
        Path d = dir.resolve("calibration").resolve(method);
        List<String> extra = new ArrayList<>(delayedCandidate());
        extra.addAll(List.of(INGEST, "-p", "method=" + method, "-p", "rows=" + LINE_ROWS[0] + "," + LINE_ROWS[1]));
        comparison(d, extra);
        if (!Files.isRegularFile(d.resolve("verdict.json"))) {
            throw new IOException("the calibration comparison of " + method + " wrote no verdict; see " + d + ".log");
        }
        ResultFile baseline = ResultFile.read(d.resolve("baseline.json"));
        ResultFile candidate = ResultFile.read(d.resolve("candidate.json"));
        Map<Integer, Double> secondsPerCall = new LinkedHashMap<>();
        Map<Integer, Double> added = new LinkedHashMap<>();
        for (BenchmarkResult b : baseline.results()) {
            int rows = Integer.parseInt(b.params().get("rows"));
            BenchmarkResult c = candidate.results().stream().filter(r -> r.params().equals(b.params())).findFirst()
                    .orElseThrow(() -> new IOException("the calibration's candidate has no result at " + rows + " rows"));
            double call = 1 / b.primary().score();
            PairedRatio.Estimate e = PairedRatio.of(b.primary().iterations(), c.primary().iterations(), 0.99);
            secondsPerCall.put(rows, call);
            // The ratio is of calls per second: the delayed call takes call / ratio.
            added.put(rows, call * (1 / e.ratio() - 1));
        }
        double delay = added.getOrDefault(LINE_ROWS[0], Double.NaN);
        double t1 = secondsPerCall.getOrDefault(LINE_ROWS[0], Double.NaN);
        double t2 = secondsPerCall.getOrDefault(LINE_ROWS[1], Double.NaN);
        double perRow = (t2 - t1) / (LINE_ROWS[1] - LINE_ROWS[0]);
        double fixed = t1 - perRow * LINE_ROWS[0];
        if (!(delay > 0) || !(perRow > 0)) {
            // Rows per size would come out negative or meaningless and plant nothing; the runs' noise (another
            // process on the machine) swamped what they measure. Stop rather than run an hour of comparisons on it.
            throw new IllegalStateException(String.format(Locale.ROOT, "calibration of %s measured the delay adding "
                    + "%.2f ms per call and %.2f us per row: not a slowdown that can be planted; was the machine busy? "
                    + "Remove %s and run again", method, delay * 1000, perRow * 1e6, d));
        }
        List<Planted> planted = new ArrayList<>();
        Map<String, Object> sizes = new LinkedHashMap<>();
        for (double size : settings.sizes()) {
            int r = roundTwoDigits((delay / size - fixed) / perRow);
            planted.add(new Planted(method, size, r));
            sizes.put(Math.round(size * 100) + " %", r);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("delayAddsMillisPerCall", delay * 1000);
        m.put("delayAddsMillisPerCallAt" + LINE_ROWS[1], added.getOrDefault(LINE_ROWS[1], Double.NaN) * 1000);
        m.put("millisPerCallAt" + LINE_ROWS[0], t1 * 1000);
        m.put("millisPerCallAt" + LINE_ROWS[1], t2 * 1000);
        m.put("microsPerRow", perRow * 1e6);
        m.put("fixedMillisPerCall", fixed * 1000);
        m.put("rowsPerSize", sizes);
        calibration.put(method, m);
        say("calibrated " + method + ": the delay adds " + String.format(Locale.ROOT, "%.2f", delay * 1000)
                + " ms per call; rows per size " + sizes);
        return planted;
    }

    /** Long separate runs without and with the delay, ABBA; the ratio of their scores is the slowdown's true size. */
    private Map<String, Object> trueEffect(Planted p) throws IOException, InterruptedException {
        List<String> common = List.of(INGEST, "-p", "method=" + p.method(), "-p", "rows=" + p.rows(), "-f", "1",
                "-wi", "2", "-w", "1s", "-i", Integer.toString(settings.trueIterations()), "-r", "1s");
        Map<String, Double> scores = new LinkedHashMap<>();
        for (String run : List.of("A1", "B1", "B2", "A2")) {
            List<String> args = new ArrayList<>(run.startsWith("A") ? List.of()
                    : delay());
            args.addAll(common);
            scores.put(run, bench(dir.resolve("true-effect").resolve(p.name() + "-" + run + ".json"), args)
                    .results().get(0).primary().score());
        }
        double ratio = Math.sqrt(scores.get("B1") * scores.get("B2") / (scores.get("A1") * scores.get("A2")));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("method", p.method());
        m.put("rows", p.rows());
        m.put("asked", p.size());
        m.put("scores", scores);
        m.put("ratio", ratio);
        m.put("slowdown", 1 - ratio);
        say("true effect " + p.name() + " at " + p.rows() + " rows: "
                + String.format(Locale.ROOT, "%.1f %%", (1 - ratio) * 100));
        return m;
    }

    /**
     * The planted slowdown as server settings: every commit sleeps {@code commit_delay} before its WAL flush, with no
     * other transaction needed for it ({@code commit_siblings = 0}).
     */
    private List<String> delay() {
        return List.of("-Dpg.conf.commit_delay=" + settings.delay(), "-Dpg.conf.commit_siblings=0");
    }

    /** {@link #delay} for the candidate's sessions of a comparison only. */
    private List<String> delayedCandidate() {
        List<String> options = new ArrayList<>();
        delay().forEach(setting -> options.addAll(List.of("--candidate-opt", setting)));
        return options;
    }

    /** One comparison of the built jar against its copy, then the gate on its two sides' results both ways. */
    private void comparison(Path results, List<String> extra) throws IOException, InterruptedException {
        if (Files.isRegularFile(results.resolve("verdict.json"))) {
            return;
        }
        Files.createDirectories(results.getParent());
        List<String> args = new ArrayList<>(leading);
        args.addAll(List.of("--baseline", baselineJar.toString(), "--candidate", jar.toString(), "--results",
                results.toString()));
        args.addAll(settings.compareArgs());
        args.addAll(extra);
        long t0 = System.nanoTime();
        int exit = java(CompareMain.class.getName(), args, Path.of(results + ".log"));
        say(dir.relativize(results) + ": exit " + exit + " in " + CompareMain.minutes((System.nanoTime() - t0) / 1e9));
        if (!Files.isRegularFile(results.resolve("verdict.json"))) {
            return;
        }
        Path base = results.resolve("baseline.json");
        Path cand = results.resolve("candidate.json");
        java("org.pgingest.cli.GateMain", List.of(base.toString(), cand.toString(), "--json",
                results.resolve("gate.json").toString()), results.resolve("gate.log"));
        java("org.pgingest.cli.GateMain", List.of(base.toString(), cand.toString(), "--timed",
                Math.round(PairedVerdict.DEFAULT_TIMED * 100) + "%", "--json", results.resolve("gate-at-2pct.json").toString()),
                results.resolve("gate-at-2pct.log"));
    }

    /** A plain benchmark run on a server of its own (the launcher's), as {@code ./bench} does. */
    private ResultFile bench(Path result, List<String> args) throws IOException, InterruptedException {
        // JMH creates its result file when it starts: an interrupted run leaves it empty.
        if (!Files.isRegularFile(result) || Files.size(result) == 0) {
            Files.createDirectories(result.getParent());
            List<String> all = new ArrayList<>(leading);
            all.addAll(args);
            all.addAll(List.of("-rff", result.toString()));
            int exit = java("org.pgingest.cli.BenchMain", all, Path.of(result + ".log"));
            if (exit != 0) {
                throw new IOException("the run for " + result + " failed with exit " + exit + "; see " + result + ".log");
            }
        }
        return ResultFile.read(result);
    }

    private int java(String main, List<String> args, Path log) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", jar.toString(), main));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        p.getOutputStream().close();
        return p.waitFor();
    }

    private void say(String line) {
        System.out.println("compare campaign [" + CompareMain.minutes((System.nanoTime() - started) / 1e9) + "]: " + line);
    }

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    static int roundTwoDigits(double value) {
        if (!(value >= 1)) {
            return 1;
        }
        double scale = Math.pow(10, Math.floor(Math.log10(value)) - 1);
        return (int) (Math.round(value / scale) * scale);
    }

    static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void write(Path file, Object json) throws IOException {
        Files.writeString(file, JSON.writeValueAsString(json) + "\n", StandardCharsets.UTF_8);
    }
}
