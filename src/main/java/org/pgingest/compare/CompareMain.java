package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.pgingest.cli.BenchmarkParameters;
import org.pgingest.cli.SuiteOptions;
import org.pgingest.cli.UsageException;
import org.pgingest.gate.FactsCheck;
import org.pgingest.gate.GateInputException;
import org.pgingest.gate.GateResult;
import org.pgingest.gate.JsonVerdict;
import org.pgingest.gate.MarkdownVerdict;
import org.pgingest.results.Metric;
import org.pgingest.results.ResultFile;
import org.pgingest.results.ResultFileException;
import org.pgingest.server.ContainerTarget;
import org.pgingest.server.PgVersions;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetException;
import org.pgingest.server.TargetKind;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code ./bench compare --baseline A.jar --candidate B.jar [options] [JMH selection and params]}: runs the trials
 * both jars hold, both sides on one server and interleaved one iteration at a time ({@link PairedRun}), and judges
 * the candidate against the baseline on paired ratios ({@link PairedVerdict}). Prints the Markdown verdict; exit code
 * 0 when nothing regressed, 1 on a regression (or a trial only the candidate failed), 2 on unusable input (a missing
 * or foreign jar, nothing in common, a setting that cannot differ per side, a trial the baseline failed), as the
 * gate. Everything is checked before the server starts; the server and both sides' processes are stopped however
 * the comparison ends. How and why: docs/compare.md.
 */
public final class CompareMain {
    private static final String PREFIX = "pg-ingest-bench compare: ";
    /**
     * Seconds a trial spends outside its iterations on a quiet 2-core machine: both sides' launchers and forks
     * starting, the external target's checks, the trial's setup (about 3 to 4 s measured, docs/compare.md).
     */
    private static final double TRIAL_OVERHEAD_SECONDS = 4;
    /**
     * Seconds an iteration spends outside its measured time: the table reset, checkpoint and both edges of the cost
     * window (0.1 to 0.18 s measured on this machine with one or two other builds running).
     */
    private static final double ITERATION_OVERHEAD_SECONDS = 0.15;

    private CompareMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            return compare(args, out, err);
        } catch (UsageException | TargetException | GateInputException | ResultFileException e) {
            err.println(PREFIX + e.getMessage());
            return GateResult.UNUSABLE;
        } catch (IOException e) {
            err.println(PREFIX + "the comparison failed: " + e.getMessage());
            return GateResult.UNUSABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(PREFIX + "interrupted");
            return GateResult.UNUSABLE;
        }
    }

    private static int compare(String[] args, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        long started = System.nanoTime();
        SuiteOptions suite = SuiteOptions.parse(args);
        CompareOptions options = CompareOptions.parse(suite.jmhArgs());
        Map<Side, BenchmarkJar> jars = new EnumMap<>(Side.class);
        Map<Side, SideOptions> sides = new EnumMap<>(Side.class);
        Map<Side, List<Trial>> found = new EnumMap<>(Side.class);
        Map<String, String> forBoth = new LinkedHashMap<>();
        suite.properties().forEach((name, value) -> {
            if (!name.startsWith("pg.")) {
                forBoth.put(name, value);
            }
        });
        for (Side side : Side.values()) {
            jars.put(side, BenchmarkJar.open(side, options.jars().get(side)));
            SideOptions own = SideOptions.parse(side, options.sideArgs().get(side));
            Map<String, String> properties = new LinkedHashMap<>(forBoth);
            properties.putAll(own.properties());
            sides.put(side, new SideOptions(side, own.settings(), properties));
            found.put(side, jars.get(side).trials(options.includes(), options.excludes(), options.params()));
        }
        checkParameters(jars, options);
        List<Trial> common = new ArrayList<>(found.get(Side.BASELINE));
        common.retainAll(found.get(Side.CANDIDATE));
        Map<Side, List<Trial>> only = new EnumMap<>(Side.class);
        for (Side side : Side.values()) {
            List<Trial> mine = new ArrayList<>(found.get(side));
            mine.removeAll(found.get(side.other()));
            only.put(side, mine);
        }
        if (common.isEmpty()) {
            throw new UsageException("nothing in common: no trial of the selection is in both jars (" + found.get(Side.BASELINE).size()
                    + " in the baseline, " + found.get(Side.CANDIDATE).size() + " in the candidate"
                    + (found.get(Side.BASELINE).isEmpty() && found.get(Side.CANDIDATE).isEmpty()
                    ? "; no benchmark matches the selection: list them with ./bench -l" : "") + ")");
        }
        suite.properties().forEach(System::setProperty);
        TargetConfig config = TargetConfig.fromEnvironment();
        checkTarget(config);

        try (JmhLock lock = JmhLock.take(); SharedServer server = SharedServer.open(config)) {
            out.println(PREFIX + common.size() + (common.size() == 1 ? " trial" : " trials") + " in both jars, each run on both sides interleaved, about "
                    + minutes(estimateSeconds(common.size(), options)) + "; server " + server.summary());
            for (Side side : Side.values()) {
                only.get(side).forEach(t -> out.println(PREFIX + "only in the " + side.id() + " jar, not compared: "
                        + t.label()));
            }
            Map<Side, Map<String, String>> effective = new EnumMap<>(Side.class);
            for (Side side : Side.values()) {
                effective.put(side, server.sessionSettings(sides.get(side)));
                if (!effective.get(side).isEmpty()) {
                    out.println(PREFIX + side.id() + " sessions: " + effective.get(side));
                }
            }
            Path work = options.results().resolveSibling(options.results().getFileName() + ".partial");
            deleteTree(work);
            List<PairedRun.TrialRun> runs = new ArrayList<>();
            try (PairedRun run = new PairedRun(jars, sides, server, options.iterationArgs(), options.forks(), work)) {
                for (int i = 0; i < common.size(); i++) {
                    long t0 = System.nanoTime();
                    Trial trial = common.get(i);
                    out.println(PREFIX + "trial " + (i + 1) + " of " + common.size() + ": " + trial.label());
                    PairedRun.TrialRun r = run.run(trial, i + 1);
                    runs.add(r);
                    r.failures().forEach((side, why) -> err.println(PREFIX + trial.label() + " failed on the "
                            + side.id() + " side: " + why));
                    out.println(PREFIX + "trial " + (i + 1) + " took " + Math.round((System.nanoTime() - t0) / 1e9) + " s"
                            + (r.turns().isEmpty() ? "" : ", turns " + String.join(" ", r.turns())));
                }
            }
            Files.deleteIfExists(work.resolve("turn-profiler.jar"));
            Map<Side, Path> merged = new EnumMap<>(Side.class);
            for (Side side : Side.values()) {
                merged.put(side, merge(runs, side, work.resolve(side.id() + ".json")));
            }
            long seconds = Math.round((System.nanoTime() - started) / 1e9);
            Verdict verdict = verdict(merged, sides, effective, runs, only, jars, server, options, seconds);
            Files.writeString(work.resolve("verdict.md"), verdict.markdown(), StandardCharsets.UTF_8);
            Files.writeString(work.resolve("verdict.json"), verdict.json(), StandardCharsets.UTF_8);
            replaceTree(work, options.results());
            out.print(verdict.markdown());
            if (options.markdown().isPresent()) {
                writeAtomically(options.markdown().get(), verdict.markdown());
            }
            if (options.json().isPresent()) {
                writeAtomically(options.json().get(), verdict.json());
            }
            out.println(PREFIX + verdict.summary() + "; both sides' results in " + options.results() + " (" + minutes(seconds)
                    + ", exit " + verdict.exitCode() + ")");
            return verdict.exitCode();
        }
    }

    /** Every {@code -p} name must be some selected benchmark's, and every combination valid (the launcher's checks). */
    private static void checkParameters(Map<Side, BenchmarkJar> jars, CompareOptions options) {
        Map<String, Map<String, List<String>>> defaults = new LinkedHashMap<>();
        for (BenchmarkJar jar : jars.values()) {
            jar.select(options.includes(), options.excludes())
                    .forEach((entry, params) -> defaults.put(entry.getUsername() + " " + entry.getMode(), params));
        }
        if (defaults.isEmpty()) {
            return;
        }
        BenchmarkParameters.problemInRun(defaults, options.params()).ifPresent(problem -> {
            throw new UsageException(problem);
        });
    }

    /** What every side's run would fail on, found here before the server starts (as ./bench does). */
    private static void checkTarget(TargetConfig config) {
        for (Side side : Side.values()) {
            config.withSchema(config.schema() + "_" + side.id());
        }
        if (config.kind() != TargetKind.EXTERNAL) {
            PgVersions.resolve(config.pgVersion());
        }
        if (config.kind() == TargetKind.CONTAINER && !ContainerTarget.dockerAvailable()) {
            throw new TargetException("the container target needs a running Docker engine and none answered; "
                    + "use -Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
        }
    }

    /**
     * JMH's machine-wide lock, held for the whole comparison on behalf of both sides (whose own launchers then ignore
     * it: they run at once by design, one waiting while the other measures). None with {@code -Djmh.ignoreLock=true}.
     */
    private record JmhLock(FileChannel channel, FileLock lock) implements AutoCloseable {
        static JmhLock take() throws IOException {
            if (Boolean.getBoolean("jmh.ignoreLock")) {
                return new JmhLock(null, null);
            }
            Path file = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new UsageException("another JMH run holds " + file + "; wait for it, or pass -Djmh.ignoreLock=true "
                        + "first to run beside it (each then measures the other's load)");
            }
            return new JmhLock(channel, lock);
        }

        @Override
        public void close() throws IOException {
            if (channel != null) {
                lock.release();
                channel.close();
            }
        }
    }

    static double estimateSeconds(int trials, CompareOptions o) {
        double perSide = o.warmups() * (seconds(o.warmupTime()) + ITERATION_OVERHEAD_SECONDS)
                + o.iterations() * (seconds(o.iterationTime()) + ITERATION_OVERHEAD_SECONDS);
        return trials * o.forks() * (TRIAL_OVERHEAD_SECONDS + 2 * perSide);
    }

    private static double seconds(org.openjdk.jmh.runner.options.TimeValue t) {
        return t.convertTo(java.util.concurrent.TimeUnit.MILLISECONDS) / 1000.0;
    }

    static String minutes(double seconds) {
        long s = Math.round(seconds);
        return s < 60 ? s + " s" : s / 60 + " min " + s % 60 + " s";
    }

    /** One JMH JSON array of the side's trials that both sides completed, and one facts file beside it. */
    private static Path merge(List<PairedRun.TrialRun> runs, Side side, Path result) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ArrayNode entries = json.createArrayNode();
        StringBuilder facts = new StringBuilder();
        for (PairedRun.TrialRun r : runs) {
            if (r.results().size() < 2) {
                continue;
            }
            Path part = r.results().get(side);
            for (JsonNode entry : json.readTree(part.toFile())) {
                entries.add(entry);
            }
            Path partFacts = Path.of(part + ResultFile.FACTS_SUFFIX);
            if (Files.exists(partFacts)) {
                facts.append(Files.readString(partFacts, StandardCharsets.UTF_8));
            }
        }
        json.writerWithDefaultPrettyPrinter().writeValue(result.toFile(), entries);
        Files.writeString(Path.of(result + ResultFile.FACTS_SUFFIX), facts, StandardCharsets.UTF_8);
        return result;
    }

    /** The verdict in both forms, its exit code and summary line. */
    private record Verdict(String markdown, String json, int exitCode, String summary) {
    }

    private static Verdict verdict(Map<Side, Path> merged, Map<Side, SideOptions> sides,
                                   Map<Side, Map<String, String>> effective, List<PairedRun.TrialRun> runs,
                                   Map<Side, List<Trial>> only, Map<Side, BenchmarkJar> jars, SharedServer server,
                                   CompareOptions options, long seconds) {
        ResultFile baseline = ResultFile.read(merged.get(Side.BASELINE));
        ResultFile candidate = ResultFile.read(merged.get(Side.CANDIDATE));
        List<String> notes = new ArrayList<>();
        notes.add("Both sides loaded into one server (" + server.summary() + "), taking turns one iteration at a "
                + "time in ABBA order: per trial and side " + options.warmups() + " warm-up and " + options.iterations()
                + " measured iterations of " + options.iterationTime() + ", " + options.forks() + " fork"
                + (options.forks() == 1 ? "" : "s") + "; " + runs.size() + (runs.size() == 1 ? " trial" : " trials") + " in "
                + minutes(seconds) + ".");
        for (Side side : Side.values()) {
            if (!effective.get(side).isEmpty()) {
                notes.add("The " + side.id() + "'s sessions set " + effective.get(side).entrySet().stream()
                        .map(e -> "`" + e.getKey() + "` = " + e.getValue()).collect(Collectors.joining(", "))
                        + " (read back).");
            }
        }
        for (Side side : Side.values()) {
            if (!only.get(side).isEmpty()) {
                notes.add("Only in the " + side.id() + " jar, not compared: " + only.get(side).stream()
                        .map(t -> "`" + t.label() + "`").collect(Collectors.joining(", ")) + ".");
            }
        }
        boolean baselineFailed = false;
        boolean candidateFailed = false;
        for (PairedRun.TrialRun r : runs) {
            for (Map.Entry<Side, String> f : r.failures().entrySet()) {
                notes.add("**Failed** on the " + f.getKey().id() + " side: `" + r.trial().label() + "`: "
                        + f.getValue() + ".");
                baselineFailed |= f.getKey() == Side.BASELINE;
                candidateFailed |= f.getKey() == Side.CANDIDATE;
            }
        }
        GateResult result = null;
        if (!baseline.results().isEmpty()) {
            result = PairedVerdict.judge(baseline, candidate, options.rules(), askedDifferences(baseline, candidate, sides, notes));
        }
        int scores = result == null ? 0 : (int) result.comparisons().stream()
                .filter(c -> c.paired() != null && c.metric().equals(Metric.PRIMARY)).count();
        int exit = baselineFailed || result == null ? GateResult.UNUSABLE
                : Math.max(result.exitCode(), candidateFailed ? GateResult.REGRESSION : GateResult.PASS);
        String outcome = exit == GateResult.PASS ? "PASS" : exit == GateResult.REGRESSION ? "REGRESSION" : "UNUSABLE";
        String summary = result == null ? outcome + ": no trial ran on both sides"
                : outcome + ": " + result.summary().replaceFirst("^(PASS|REGRESSION): ", "")
                + (candidateFailed || baselineFailed ? "; failed trials listed above the table" : "");
        String rules = result == null ? "" : PairedVerdict.rules(result, scores);
        String markdown = result == null
                ? "## Paired comparison: " + outcome + "\n\n" + String.join("\n\n", notes) + "\n"
                : MarkdownVerdict.render(result, "Paired comparison", notes, rules).replaceFirst(
                "^## Paired comparison: (PASS|REGRESSION|SERVERS DIFFER)", "## Paired comparison: "
                        + (result.refused() ? "SERVERS DIFFER" : outcome));
        Map<String, Object> tree = result == null ? new LinkedHashMap<>() : JsonVerdict.tree(result, rules);
        tree.put("outcome", outcome.toLowerCase(java.util.Locale.ROOT));
        tree.put("exitCode", exit);
        tree.put("summary", summary);
        Map<String, Object> comparison = new LinkedHashMap<>();
        comparison.put("method", "paired");
        for (Side side : Side.values()) {
            comparison.put(side.id() + "Jar", jars.get(side).path().toString());
        }
        comparison.put("server", server.summary());
        Map<String, Object> settings = new LinkedHashMap<>();
        effective.forEach((side, values) -> settings.put(side.id(), values));
        comparison.put("sessionSettings", settings);
        comparison.put("iterations", Map.of("forks", options.forks(), "warmups", options.warmups(),
                "warmupTime", options.warmupTime().toString(), "measured", options.iterations(),
                "measuredTime", options.iterationTime().toString()));
        comparison.put("alpha", options.rules().alpha());
        comparison.put("scoresJudged", scores);
        comparison.put("confidence", PairedVerdict.confidence(options.rules().alpha(), scores));
        comparison.put("seconds", seconds);
        List<Map<String, Object>> trials = new ArrayList<>();
        for (PairedRun.TrialRun r : runs) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("benchmark", r.trial().benchmark());
            t.put("mode", r.trial().mode().shortLabel());
            t.put("params", r.trial().params());
            t.put("turns", r.turns());
            Map<String, String> failures = new LinkedHashMap<>();
            r.failures().forEach((side, why) -> failures.put(side.id(), why));
            t.put("failures", failures);
            trials.add(t);
        }
        comparison.put("trials", trials);
        for (Side side : Side.values()) {
            comparison.put("onlyIn" + (side == Side.BASELINE ? "Baseline" : "Candidate"),
                    only.get(side).stream().map(Trial::label).toList());
        }
        tree.put("comparison", comparison);
        return new Verdict(markdown, JsonVerdict.write(tree), exit, summary);
    }

    /**
     * Whether the sides' decisive server facts differ only where the user asked them to (a per-side
     * {@code synchronous_commit}): then they are judged anyway, with a note; any other difference is the gate's
     * "servers differ".
     */
    private static boolean askedDifferences(ResultFile baseline, ResultFile candidate, Map<Side, SideOptions> sides,
                                            List<String> notes) {
        FactsCheck facts = FactsCheck.of(baseline, candidate);
        if (facts.comparable()) {
            return false;
        }
        Set<String> asked = new LinkedHashSet<>();
        sides.values().forEach(s -> asked.addAll(s.settings().keySet()));
        boolean allAsked = facts.differences().stream().allMatch(d -> asked.contains(d.substring(0, d.indexOf(':'))));
        if (allAsked) {
            notes.add("The sides' servers differ as asked per side: " + String.join("; ", facts.differences()) + ".");
        }
        return allAsked;
    }

    private static void writeAtomically(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** An earlier results directory is replaced only by a complete one. */
    private static void replaceTree(Path complete, Path target) throws IOException {
        deleteTree(target);
        Files.move(complete, target, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
