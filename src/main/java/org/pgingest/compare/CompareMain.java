package org.pgingest.compare;

import org.pgingest.bench.BenchmarkParameters;
import org.pgingest.cli.JmhLock;
import org.pgingest.cli.OptionArgs;
import org.pgingest.cli.UsageException;
import org.pgingest.gate.GateInputException;
import org.pgingest.gate.GateResult;
import org.pgingest.results.OutputFiles;
import org.pgingest.results.ResultFile;
import org.pgingest.results.ResultFileException;
import org.pgingest.results.ResultPath;
import org.pgingest.results.WorkDirectory;
import org.pgingest.server.ContainerTarget;
import org.pgingest.server.PgVersions;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.SuiteOptions;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetException;
import org.pgingest.server.TargetKind;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    static final double TRIAL_OVERHEAD_SECONDS = 4;
    /**
     * Seconds an iteration spends outside its measured time: the table reset, checkpoint and both edges of the cost
     * window (0.1 to 0.18 s measured on this machine with one or two other builds running).
     */
    static final double ITERATION_OVERHEAD_SECONDS = 0.15;

    private CompareMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] given, PrintStream out, PrintStream err) {
        String[] args = OptionArgs.spaced(given);
        if (List.of(args).contains("--help")) {
            out.println(CompareOptions.USAGE + "\n(docs/compare.md: what a comparison measures and how to read it)");
            return 0;
        }
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
        CompareOptions options = CompareOptions.parse(args);
        SuiteOptions suite = options.suite();
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
        checkOutputs(options);
        List<Trial> common = new ArrayList<>(found.get(Side.BASELINE));
        common.retainAll(found.get(Side.CANDIDATE));
        Map<Side, List<Trial>> only = new EnumMap<>(Side.class);
        for (Side side : Side.values()) {
            List<Trial> mine = new ArrayList<>(found.get(side));
            mine.removeAll(found.get(side.other()));
            only.put(side, mine);
        }
        if (common.isEmpty()) {
            throw new UsageException("nothing in common: no trial of the selection is in both jars ("
                    + found.get(Side.BASELINE).size()
                    + " in the baseline, " + found.get(Side.CANDIDATE).size() + " in the candidate"
                    + (found.get(Side.BASELINE).isEmpty() && found.get(Side.CANDIDATE).isEmpty()
                    ? "; no benchmark matches the selection: list them with ./bench -l" : "") + ")");
        }
        suite.apply();
        TargetConfig config = TargetConfig.fromEnvironment();
        checkTarget(config);

        // The sides' schemas are named from the suite's, which it holds on an external server.
        try (JmhLock lock = JmhLock.take("compare"); SchemaLock held = SchemaLock.take(config);
             SharedServer server = SharedServer.open(config)) {
            out.println(PREFIX + common.size() + (common.size() == 1 ? " trial" : " trials")
                    + " in both jars, each run on both sides interleaved, about "
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
            server.prepareSideSchemas();
            // A directory of its own beside the results (two comparisons at once never share one), removed unless
            // complete: nothing half-done is left behind.
            Path resultsDir = options.results().toAbsolutePath().normalize();
            try (WorkDirectory workDirectory = WorkDirectory.in(resultsDir.getParent(),
                    resultsDir.getFileName() + ".partial-")) {
                Path work = workDirectory.path();
                List<PairedRun.TrialRun> runs = runTrials(common, jars, sides, server, options, work, out, err);
                if (runs.stream().allMatch(r -> r.results().isEmpty() && r.failures().containsKey(Side.BASELINE))) {
                    // Nothing measured, the baseline at fault every time: no comparison, so no earlier one is replaced
                    // by it. (A candidate that fails every trial is a verdict, a regression.)
                    workDirectory.keep();
                    err.println(PREFIX + "UNUSABLE: nothing was measured, the baseline side failed in every trial; "
                            + options.results() + " left as it was, the sides' logs kept in " + work);
                    server.keptSchemas().ifPresent(kept -> out.println(PREFIX + kept));
                    return GateResult.UNUSABLE;
                }
                Files.deleteIfExists(work.resolve("turn-profiler.jar"));
                for (Side side : Side.values()) {
                    // The report each side's launcher (issue 15's and later builds) wrote of its last trial alone.
                    WorkDirectory.deleteTree(work.resolve(side.id()).resolve("target"));
                }
                Map<Side, ResultFile> results = new EnumMap<>(Side.class);
                for (Side side : Side.values()) {
                    results.put(side, ResultFile.read(PairedRun.merge(runs, side, work.resolve(side.id() + ".json"))));
                }
                long seconds = Math.round((System.nanoTime() - started) / 1e9);
                ComparisonReport verdict = ComparisonReport.of(new ComparisonReport.Run(jars, sides, effective, runs, only,
                        server.summary(), options, seconds), results);
                Files.writeString(work.resolve("verdict.md"), verdict.markdown(), StandardCharsets.UTF_8);
                Files.writeString(work.resolve("verdict.json"), verdict.json(), StandardCharsets.UTF_8);
                workDirectory.handOver();
                replaceTree(work, resultsDir);
                out.print(verdict.markdown());
                if (options.markdown().isPresent()) {
                    ResultPath.write(options.markdown().get(), o -> o.write(verdict.markdown().getBytes(StandardCharsets.UTF_8)));
                }
                if (options.json().isPresent()) {
                    ResultPath.write(options.json().get(), o -> o.write(verdict.json().getBytes(StandardCharsets.UTF_8)));
                }
                server.keptSchemas().ifPresent(kept -> out.println(PREFIX + kept));
                out.println(PREFIX + verdict.summary() + "; both sides' results in " + options.results() + " (" + minutes(seconds)
                        + ", exit " + verdict.exitCode() + ")");
                return verdict.exitCode();
            }
        }
    }

    /** Every common trial on both sides, one after the other, with a line per trial. */
    private static List<PairedRun.TrialRun> runTrials(List<Trial> common, Map<Side, BenchmarkJar> jars,
                                                      Map<Side, SideOptions> sides, SharedServer server,
                                                      CompareOptions options, Path work, PrintStream out, PrintStream err)
            throws IOException, InterruptedException {
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
        return runs;
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

    /** Where the verdict and the results go must take them: checked before anything starts, as the gate does. */
    private static void checkOutputs(CompareOptions options) {
        List<Map.Entry<String, Path>> outputs = new ArrayList<>();
        options.json().ifPresent(f -> outputs.add(Map.entry("--json", f)));
        options.markdown().ifPresent(f -> outputs.add(Map.entry("--markdown", f)));
        OutputFiles.problem(outputs, List.copyOf(options.jars().values())).ifPresent(problem -> {
            throw new UsageException(problem);
        });
        Path results = options.results();
        if (Files.isRegularFile(results)) {
            throw new UsageException("--results " + results + ": a file; name a directory (it is replaced whole)");
        }
        ResultPath.directoryProblem(results).ifPresent(problem -> {
            throw new UsageException("--results " + results + ": " + problem);
        });
        if (!replaceable(results)) {
            // an adversarial pass (2026-12-03): --results . emptied the directory the jars were in
            throw new UsageException("--results " + results + ": holds files that are not a comparison's, and the "
                    + "results replace the directory whole: name a new or empty directory, or an earlier comparison's");
        }
    }

    /**
     * Whether the results may replace {@code dir}: it does not exist, is empty, or holds an earlier comparison's
     * results (its verdict.json and verdict.md).
     */
    static boolean replaceable(Path dir) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return !Files.exists(dir, LinkOption.NOFOLLOW_LINKS);
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty()
                    || Files.isRegularFile(dir.resolve("verdict.json")) && Files.isRegularFile(dir.resolve("verdict.md"));
        } catch (IOException e) {
            return false;
        }
    }

    /** What every side's run would fail on, found here before the server starts (as ./bench does). */
    private static void checkTarget(TargetConfig config) {
        for (Side side : Side.values()) {
            SharedServer.schema(config, side);
        }
        if (config.kind() != TargetKind.EXTERNAL) {
            PgVersions.resolve(config.pgVersion());
        }
        if (config.kind() == TargetKind.CONTAINER && !ContainerTarget.dockerAvailable()) {
            throw new TargetException("the container target needs a running Docker engine and none answered; "
                    + "use -Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
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

    /** An earlier results directory is replaced only by a complete one, and only if it is a comparison's. */
    private static void replaceTree(Path complete, Path target) throws IOException {
        if (!replaceable(target)) {
            throw new IOException(target + " now holds files that are not a comparison's: it is left as it is, and "
                    + "this comparison's results are not kept");
        }
        WorkDirectory.deleteTree(target);
        Files.move(complete, target, StandardCopyOption.ATOMIC_MOVE);
    }

}
