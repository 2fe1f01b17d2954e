package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
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

/**
 * The measurements behind docs/compare.md in one unattended run ({@code presets/compare-campaign.sh DIR}): how often
 * {@code ./bench compare} calls a false regression, how often it finds planted slowdowns of known size, and the same
 * pairs judged by {@code ./bench gate} on the two sides' results, side by side. Every comparison's JSON stays in
 * {@code DIR}; {@code DIR/summary.md} and {@code DIR/summary.json} hold the figures. In order:
 * <ol>
 *   <li><b>Calibration</b>, per method: the call's time at 1,000 and 5,000 rows (a line through both), and what
 *       {@code commit_delay} adds to a call (measured at 100 rows, where it is large against the call), from separate
 *       runs in ABBA order; the rows per call that make the delay 3, 5 and 10 % of a call follow.</li>
 *   <li><b>True effects</b>: at each size's rows, long separate runs without and with the delay (ABBA), whose
 *       ratio is the slowdown the comparisons should find.</li>
 *   <li><b>Comparisons</b>, interleaved so that the machine's drift over the campaign reaches every condition alike:
 *       20 A/A comparisons of the quick selection (one build on both sides), and 10 planted comparisons per method and
 *       size (the candidate's sessions with the delay), all at the comparison's default lengths; after each, the gate
 *       on the two sides' results, with its defaults and with its timed threshold at the comparison's 2 %.</li>
 * </ol>
 * Rerun with the same directory to resume: finished steps are read back, not run again.
 */
public final class Campaign {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String INGEST = "org\\.pgingest\\.bench\\.IngestBenchmark\\.";
    /** Rows per call where the delay is measured: there it is a large share of the call. */
    private static final int DELAY_ROWS = 100;
    private static final int[] LINE_ROWS = {1000, 5000};
    /** Measured iterations of each calibration run (1 s each): four runs give each figure 12 to 24 s. */
    private static final int CALIBRATION_ITERATIONS = 6;

    private final Path dir;
    private final Path jar;
    private final Path baselineJar;
    private final List<String> leading;
    private final Settings settings;
    private final long started = System.nanoTime();

    /**
     * What the campaign runs; {@link #parse} reads it.
     *
     * @param aa          A/A comparisons of the quick selection
     * @param planted     planted comparisons per method and size
     * @param sizes       planted slowdowns as fractions of a call
     * @param methods     the methods slowed down
     * @param delay       commit_delay in microseconds
     * @param trueIterations measured iterations of each separate run that measures a true effect
     * @param compareArgs more arguments for every comparison (e.g. lengths other than the defaults)
     */
    record Settings(int aa, int planted, List<Double> sizes, List<String> methods, int delay, int trueIterations,
                    List<String> compareArgs) {
        static Settings parse(List<String> args) {
            int aa = 20;
            int planted = 10;
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
            return new Settings(aa, planted, sizes, methods, delay, trueIterations, compareArgs);
        }
    }

    static final String USAGE = "usage: Campaign DIR [-DNAME=VALUE]... [--aa N] [--planted N] [--sizes 3,5,10] "
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

    /** One planted condition: a method slowed down by a share of its call, and the rows per call that make it so. */
    record Planted(String method, double size, int rows) {
        String name() {
            return method + "-" + Math.round(size * 100) + "pct";
        }
    }

    private void run() throws IOException, InterruptedException {
        // A resumed campaign's summary says when it first started.
        Path firstStart = dir.resolve("started.txt");
        if (!Files.exists(firstStart)) {
            Files.writeString(firstStart, java.time.Instant.now() + "\n");
        }
        say("campaign in " + dir + ": calibration, true effects, " + settings.aa() + " A/A comparisons of the quick "
                + "selection and " + settings.planted() + " planted comparisons per method and size (" + settings.methods()
                + " x " + settings.sizes() + "); about " + CompareMain.minutes(estimateSeconds())
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
        int rounds = Math.max(settings.aa(), settings.planted());
        for (int round = 1; round <= rounds; round++) {
            if (round <= settings.aa()) {
                comparison(dir.resolve("aa").resolve(String.format("%02d", round)), List.of());
            }
            if (round <= settings.planted()) {
                for (Planted p : planted) {
                    comparison(dir.resolve("planted").resolve(p.name()).resolve(String.format("%02d", round)),
                            List.of("--candidate-opt", "-Dpg.conf.commit_delay=" + settings.delay(),
                                    "--candidate-opt", "-Dpg.conf.commit_siblings=0",
                                    INGEST, "-p", "method=" + p.method(), "-p", "rows=" + p.rows()));
                }
            }
        }
        CampaignSummary.write(dir, settings, planted, calibration, trueEffects, Files.readString(firstStart).trim(),
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
        double quick = launcher + CompareMain.estimateSeconds(8, defaults);
        double one = launcher + CompareMain.estimateSeconds(1, defaults);
        double second = 1 + CompareMain.ITERATION_OVERHEAD_SECONDS;
        double calibrationTrial = CompareMain.TRIAL_OVERHEAD_SECONDS + (1 + CALIBRATION_ITERATIONS) * second;
        // Per method: two plain runs of three row counts, two delayed runs of one.
        double calibrate = settings.methods().size() * (4 * launcher + 2 * 3 * calibrationTrial + 2 * calibrationTrial);
        double truth = settings.methods().size() * settings.sizes().size() * 4
                * (launcher + CompareMain.TRIAL_OVERHEAD_SECONDS + (2 + settings.trueIterations()) * second);
        return calibrate + truth + settings.aa() * quick
                + (double) settings.planted() * settings.methods().size() * settings.sizes().size() * one;
    }

    /** The rows per call that make the delay each size's share of a call of this method. */
    private List<Planted> calibrate(String method, Map<String, Object> calibration) throws IOException, InterruptedException {
        Path d = dir.resolve("calibration");
        String rows = DELAY_ROWS + "," + LINE_ROWS[0] + "," + LINE_ROWS[1];
        List<String> common = List.of(INGEST, "-p", "method=" + method, "-f", "1", "-wi", "1", "-w", "1s", "-i",
                Integer.toString(CALIBRATION_ITERATIONS), "-r", "1s");
        List<String> delayed = List.of("-Dpg.conf.commit_delay=" + settings.delay(), "-Dpg.conf.commit_siblings=0");
        Map<Integer, List<Double>> plain = new LinkedHashMap<>();
        List<Double> slow = new ArrayList<>();
        // ABBA: plain, delayed, delayed, plain.
        for (String run : List.of("A1", "B1", "B2", "A2")) {
            boolean isPlain = run.startsWith("A");
            List<String> args = new ArrayList<>(isPlain ? List.of() : delayed);
            args.addAll(common);
            args.addAll(List.of("-p", "rows=" + (isPlain ? rows : Integer.toString(DELAY_ROWS))));
            ResultFile result = bench(d.resolve(method + "-" + run + ".json"), args);
            for (BenchmarkResult r : result.results()) {
                double secondsPerCall = 1 / r.primary().score();
                if (isPlain) {
                    plain.computeIfAbsent(Integer.parseInt(r.params().get("rows")), k -> new ArrayList<>()).add(secondsPerCall);
                } else {
                    slow.add(secondsPerCall);
                }
            }
        }
        double added = mean(slow) - mean(plain.get(DELAY_ROWS));
        double t1 = mean(plain.get(LINE_ROWS[0]));
        double t2 = mean(plain.get(LINE_ROWS[1]));
        double perRow = (t2 - t1) / (LINE_ROWS[1] - LINE_ROWS[0]);
        double fixed = t1 - perRow * LINE_ROWS[0];
        if (!(added > 0) || !(perRow > 0)) {
            // Rows per size would come out negative or meaningless and plant nothing; the runs' noise (another
            // process on the machine) swamped what they measure. Stop rather than run an hour of comparisons on it.
            throw new IllegalStateException(String.format(Locale.ROOT, "calibration of %s measured the delay adding "
                    + "%.2f ms per call and %.2f us per row: not a slowdown that can be planted; was the machine busy? "
                    + "Remove %s and run again", method, added * 1000, perRow * 1e6, d));
        }
        List<Planted> planted = new ArrayList<>();
        Map<String, Object> sizes = new LinkedHashMap<>();
        for (double size : settings.sizes()) {
            int r = roundTwoDigits((added / size - fixed) / perRow);
            planted.add(new Planted(method, size, r));
            sizes.put(Math.round(size * 100) + " %", r);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("delayAddsMillisPerCall", added * 1000);
        m.put("millisPerCallAt" + LINE_ROWS[0], t1 * 1000);
        m.put("millisPerCallAt" + LINE_ROWS[1], t2 * 1000);
        m.put("microsPerRow", perRow * 1e6);
        m.put("fixedMillisPerCall", fixed * 1000);
        m.put("rowsPerSize", sizes);
        calibration.put(method, m);
        say("calibrated " + method + ": the delay adds " + String.format(Locale.ROOT, "%.2f", added * 1000)
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
                    : List.of("-Dpg.conf.commit_delay=" + settings.delay(), "-Dpg.conf.commit_siblings=0"));
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

    /** The paired figures of a comparison's score, recomputed from its two sides' results. */
    static PairedRatio.Estimate pairedScore(Path results, double confidence) {
        ResultFile a = ResultFile.read(results.resolve("baseline.json"));
        ResultFile b = ResultFile.read(results.resolve("candidate.json"));
        return PairedRatio.of(a.results().get(0).primary().iterations(), b.results().get(0).primary().iterations(),
                confidence);
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
