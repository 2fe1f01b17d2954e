package org.pgingest.cli;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.pgingest.bench.BenchmarkParameters;
import org.pgingest.bench.IngestBenchmark;
import org.pgingest.bench.RoundTripBenchmark;
import org.pgingest.bench.ServerCostProfiler;
import org.pgingest.results.MissingTrial;
import org.pgingest.results.PoolerFailure;
import org.pgingest.results.ResultFile;
import org.pgingest.results.ResultPath;
import org.pgingest.server.ConnectionBudget;
import org.pgingest.server.ContainerTarget;
import org.pgingest.server.Distribution;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.LeftoverSweeper;
import org.pgingest.server.PgBouncerSetup;
import org.pgingest.server.PgVersions;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.SuiteOptions;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetException;
import org.pgingest.server.TargetKind;
import org.pgingest.server.TestcontainersEnvironment;
import org.pgingest.server.Via;
import org.pgingest.workload.definition.ResolvedTables;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * The suite's benchmark launcher: JMH's own command line, plus
 * <ul>
 *   <li>{@code --preset NAME}, one published experiment as one command ({@link Preset}, {@link PresetRun}); no
 *       arguments at all run the quick preset;</li>
 *   <li>leading {@code -Dname=value} arguments, set here and passed to every fork (for example
 *       {@code -Dpg.target=external}, {@code -Dpg.version=16}, {@code -Dpg.conf.synchronous_commit=off}); a
 *       {@code pg.*} name the suite does not know is refused ({@link SuiteOptions});</li>
 *   <li>defaults for what was not given: the quick selection ({@link #QUICK}) when no benchmark regex is
 *       named, JSON results in {@value #DEFAULT_RESULT}, and the server-cost profiler;</li>
 *   <li>checks before any fork starts, each one line and exit code 2: every parameter combination the run
 *       would start ({@link BenchmarkParameters}), the target (name, version, an external server that does not
 *       answer) and, when settings are overridden, an embedded server started once with them;</li>
 *   <li>exit code 1 with a one-line summary when any trial failed ({@link TrialFailures}): JMH carries on, which a
 *       CI job would otherwise read as measured; the iterations a failed trial measured before it failed, which JMH
 *       keeps as its result, are left out of the result file and the ranking, and the trial is named on stderr;</li>
 *   <li>a trial the target cannot measure ({@link org.pgingest.results.NotMeasurableException}, e.g. a ceiling
 *       where the server cannot read the client's file) is missing, not failed: one line each on stderr with the
 *       reason, one line each in the facts file, and no effect on the exit code.</li>
 * </ul>
 * Server facts (version and effective settings of every trial) go to the result file's name with
 * {@code .server.jsonl} appended. JMH's own log goes to a file beside the result ({@link RunConsole}; {@code
 * --jmh-log} shows it too), the terminal gets one progress line per trial, and every run ends with its ranked table
 * and report ({@link RunEnd}; {@code --no-report} writes none).
 */
public final class BenchMain {
    /**
     * Benchmarks run when no regex is given: the round-trip floor and every default parameter set of the ingest
     * benchmark (seven methods, 500 users rows per call); about two minutes on two cores.
     */
    public static final String QUICK = "(" + methodsOf(RoundTripBenchmark.class) + "|" + methodsOf(IngestBenchmark.class)
            + ").*";
    static final String DEFAULT_RESULT = "target/jmh-result.json";
    /** Adds server costs per iteration to the results of benchmarks that measure them (named: it lives in src/jmh). */
    public static final String COST_PROFILER = ServerCostProfiler.class.getName();

    /** JMH's include pattern for every method of a benchmark class (JMH finds it anywhere in a full name). */
    public static String methodsOf(Class<?> benchmark) {
        return benchmark.getName().replace(".", "\\.") + "\\.";
    }

    /** The suite's own long options of a JMH run, a preset or a table run (a ranking's are RankMain's). */
    public static List<String> longOptions() {
        List<String> options = new ArrayList<>(List.of(PresetRun.OPTION, RunFlags.NO_REPORT, RunFlags.JMH_LOG));
        options.addAll(TableOptions.ALL);
        return options;
    }

    /** The run's closing line about its schema, which a ranking's or comparison's launcher also ends with. */
    public static final String SCHEMA_KEPT = " kept on the server with the suite's tables";
    private static final String NO_MATCH = "pg-ingest-bench: no benchmark matches the given regex; list them with -l";

    private BenchMain() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Map<String, String> containerEnvironment = TestcontainersEnvironment.missingFor(args);
        if (!containerEnvironment.isEmpty()) {
            System.exit(TestcontainersEnvironment.rerun(BenchMain.class, args, containerEnvironment));
        }
        int status;
        try {
            RunFlags flags = RunFlags.take(args);
            String[] rest = flags.restArray();
            // Nothing but run flags (`--jmh-log` alone; ./bench with no arguments ranks instead): the quick preset.
            status = rest.length == 0 ? PresetRun.run(new String[]{PresetRun.OPTION, Preset.QUICK.cliName()}, flags)
                    : PresetRun.asked(rest) ? PresetRun.run(rest, flags)
                    : TableRun.asked(rest) ? TableRun.run(rest, flags) : runAndRank(rest, flags);
        } catch (UsageException | TargetException | CommandLineOptionException e) {
            System.err.println("pg-ingest-bench: " + e.getMessage());
            status = 2;
        } catch (NoBenchmarksException e) {
            System.err.println(NO_MATCH);
            status = 2;
        } catch (RunnerException | IOException e) {
            System.err.println("pg-ingest-bench: " + (JmhLock.heldByAnotherRun(e) ? JmhLock.LOCKED
                    : "the run failed: " + e.getMessage()));
            status = 1;
        }
        System.exit(status);
    }

    /** A plain run (not a preset): JMH, then the ranked table and the report ({@link RunEnd}). */
    private static int runAndRank(String[] args, RunFlags flags) throws CommandLineOptionException, RunnerException,
            IOException {
        RunConsole console = new RunConsole(flags.jmhLogOnTerminal(), 0, null, System.out, System.err);
        Outcome outcome = run(args, console);
        Duration took = console.finish();
        if (outcome.result() != null) {
            RunEnd.finish(outcome.result(), flags.report(), outcome.trials(), took, console.logPath(), System.out,
                    System.err);
        }
        if (outcome.trials() > 0) {
            sayWhereTheSchemaIs(TargetConfig.fromEnvironment());
        }
        return outcome.status();
    }

    /**
     * On an external server, where the run's tables stay: in the suite's schema, which the next run reuses (a run on a
     * user's table drops it instead, {@link TableRun#leaveServer}).
     */
    static void sayWhereTheSchemaIs(TargetConfig config) {
        sayWhereTheSchemaIs(config, System.out);
    }

    /** The same on {@code out} (a ranking's console). */
    public static void sayWhereTheSchemaIs(TargetConfig config, PrintStream out) {
        if (config.kind() == TargetKind.EXTERNAL) {
            out.println("pg-ingest-bench: schema " + config.schema() + SCHEMA_KEPT + ", for the next run; DROP "
                    + "SCHEMA " + org.pgingest.workload.ddl.Identifiers.quote(config.schema()) + " CASCADE drops it");
        }
    }

    /**
     * What one JMH run left: its exit code, its result file (null where nothing ran: help, lists) and its trials.
     */
    record Outcome(int status, Path result, int trials) {
    }

    /**
     * Checks everything that can be checked before a fork starts, runs JMH, and returns the exit code: 0 when every
     * trial gave results or is missing (the target cannot measure it), 1 when any failed (with a one-line summary: a CI
     * job must not read a failed benchmark as measured). JMH's log and the progress lines go where {@code console}
     * sends them.
     */
    static Outcome run(String[] args, RunConsole console)
            throws CommandLineOptionException, RunnerException, IOException {
        SuiteOptions suite = SuiteOptions.parse(args);
        suite.apply();
        String[] jmhArgs = suite.rest().toArray(String[]::new);
        JmhOptions.requireValid(suite.rest());
        CommandLineOptions cmd = new CommandLineOptions(jmhArgs);
        JmhOptions.requireProfilers(cmd);
        OptionArgs.requireRegularExpressions(cmd.getIncludes());
        OptionArgs.requireRegularExpressions(cmd.getExcludes());
        for (var jvmArgs : List.of(cmd.getJvmArgs(), cmd.getJvmArgsAppend(), cmd.getJvmArgsPrepend())) {
            SuiteOptions.requireNoSecretIn(jvmArgs.orElse(List.of()));
        }
        if (cmd.shouldHelp() || cmd.shouldList() || cmd.shouldListWithParams() || cmd.shouldListProfilers()
                || cmd.shouldListResultFormats()) {
            org.openjdk.jmh.Main.main(jmhArgs);
            return new Outcome(0, null, 0);
        }
        if (cmd.getOutput().hasValue()) {
            // JMH's console log (-o): not a result, but a path that cannot take it would fail the run.
            ResultPath.problem(Path.of(cmd.getOutput().get())).ifPresent(problem -> {
                throw new UsageException("-o " + cmd.getOutput().get() + ": " + problem);
            });
        }
        String result = cmd.getResult().orElse(DEFAULT_RESULT);
        try {
            PartsRun.requireWritable(Path.of(result));
        } catch (InvalidPathException e) {
            throw new UsageException("result file " + result + ": " + e.getMessage());
        }
        List<String> includes = cmd.getIncludes().isEmpty() ? List.of(QUICK) : cmd.getIncludes();
        TrialClients clients = checkParameters(cmd, includes, suite.rest());
        TargetConfig config = TargetConfig.fromEnvironment();
        try (SchemaLock held = SchemaLock.take(config)) {
            checkTarget(config, suite.overridesSettings(), clients);
            return measure(cmd, includes, suite, result, console);
        }
    }

    /** Runs JMH on a checked command line and puts its files in place ({@link #run}). */
    private static Outcome measure(CommandLineOptions cmd, List<String> includes, SuiteOptions suite, String result,
                                   RunConsole console)
            throws RunnerException, IOException {
        // JMH writes its result file (an empty list when no trial ran) and the forks append their facts as the run
        // goes: both go aside and replace the earlier files only once the run gave results.
        ResultPath resultFile = resultPath(result);
        ResultPath factsFile = resultPath(result + ".server.jsonl");

        ChainedOptionsBuilder options = new OptionsBuilder().parent(cmd);
        if (cmd.getIncludes().isEmpty()) {
            options.include(QUICK);
        }
        options.result(resultFile.aside().toString());
        if (cmd.getProfilers().stream().noneMatch(p -> p.getKlass().equals(COST_PROFILER))) {
            options.addProfiler(COST_PROFILER);
        }
        if (!cmd.getResultFormat().hasValue()) {
            options.resultFormat(ResultFormatType.JSON);
        }
        List<String> jvmArgsAppend = new ArrayList<>(cmd.getJvmArgsAppend().orElse(List.of()));
        jvmArgsAppend.addAll(suite.asJvmArgs());
        jvmArgsAppend.add("-D" + ResultFile.FACTS_FILE_PROPERTY + "=" + factsFile.aside());
        // A run on a user's table: the forks read the table the launcher resolved (TableRun).
        Optional.ofNullable(System.getProperty(ResolvedTables.PROPERTY))
                .ifPresent(file -> jvmArgsAppend.add("-D" + ResolvedTables.PROPERTY + "=" + file));
        options.jvmArgsAppend(jvmArgsAppend.toArray(String[]::new));

        if (!cmd.getOutput().hasValue()) {
            console.useLog(RunConsole.logFor(Path.of(result)));
        }
        console.startPart(TrialPlan.of(cmd, includes), parameterNames(suite.rest()));
        TrialFailures failures = new TrialFailures(console.format(cmd, cmd.verbosity().orElse(VerboseMode.NORMAL)),
                console);
        Collection<RunResult> results = List.of();
        try (RunConsole.Capture forks = console.captureForkOutput()) {
            results = new Runner(options.build(), failures).run();
        } catch (RunnerException e) {
            // -foe true: JMH stops at the first failure and throws; the summary below names it in one line.
            if (failures.failures() == 0) {
                resultFile.discard();
                factsFile.discard();
                throw e;
            }
        } finally {
            sweepAfterForks(TargetConfig.fromEnvironment().kind());
        }
        results = withoutFailedTrials(results, failures, resultFile.aside(),
                cmd.getResultFormat().orElse(ResultFormatType.JSON));
        List<MissingTrial> missing = failures.missing();
        recordMissing(missing, factsFile.aside());
        List<PoolerFailure> throughPooler = failures.failedThroughPooler();
        recordPoolerFailures(throughPooler, factsFile.aside());
        if (replacesEarlierResult(results.size(), failures.failures(), missing.size() + throughPooler.size())) {
            resultFile.commit();
            factsFile.commit();
        } else {
            resultFile.discard();
            factsFile.discard();
        }
        if (failures.failures() > 0) {
            System.err.println("pg-ingest-bench: " + failures.failures() + " of " + failures.trials()
                    + " trials failed and have no results; first: " + failures.firstFailure().orElseThrow()
                    + (results.isEmpty() ? "; " + result + " left as it was" : ""));
            // No results: nothing of this run to rank or report (the file at the path is an earlier run's).
            return new Outcome(1, results.isEmpty() ? null : Path.of(result), failures.trials());
        }
        System.out.println("pg-ingest-bench: JMH results in " + result + ", server facts in " + result + ".server.jsonl"
                + (missing.isEmpty() ? "" : "; " + missing.size() + " of " + failures.trials()
                + " trials missing (listed on stderr and in the server facts)")
                + (throughPooler.isEmpty() ? "" : "; " + throughPooler.size() + " of " + failures.trials()
                + " trials failed through their pooler (listed on stderr and in the server facts)"));
        return new Outcome(0, Path.of(result), failures.trials());
    }

    /**
     * Whether a run's result file takes the place of an earlier one: when it measured a trial, or when none failed and
     * some were missing or failed through their pooler (results too: the facts file says which and why). A run whose
     * trials failed and measured nothing leaves the earlier file as it was, as its last line says (an adversarial pass
     * found it replaced by an empty list where a trial was also missing).
     */
    static boolean replacesEarlierResult(int measured, int failed, int missingOrThroughPooler) {
        return measured > 0 || failed == 0 && missingOrThroughPooler > 0;
    }

    /**
     * The results without the trials that failed: JMH 1.37 keeps the iterations a trial measured before it failed
     * (its fork was killed, its server restarted) as that trial's result, which would then be ranked beside complete
     * ones. The result file JMH wrote ({@code file}, not yet in place) is written again, by JMH's own writer, without
     * them, and each is named on stderr.
     */
    private static Collection<RunResult> withoutFailedTrials(Collection<RunResult> results, TrialFailures failures,
                                                             Path file, ResultFormatType format) {
        List<RunResult> kept = new ArrayList<>();
        for (RunResult r : results) {
            if (!failures.failed(r.getParams())) {
                kept.add(r);
                continue;
            }
            int iterations = r.getBenchmarkResults().stream().mapToInt(b -> b.getIterationResults().size()).sum();
            System.err.println("pg-ingest-bench: left out of the results: " + TrialFailures.describe(r.getParams())
                    + " (failed after " + iterations + (iterations == 1 ? " iteration" : " iterations")
                    + "; a failed trial's iterations are not its result)");
        }
        if (kept.size() < results.size()) {
            ResultFormatFactory.getInstance(format, file.toString()).writeOut(kept);
        }
        return kept;
    }

    /**
     * A fork killed outright ({@code kill -9}, the OOM killer) runs no shutdown hook: its embedded postmaster (which
     * pg_ctl daemonised) and run directory, or its container, stay until the next server start sweeps them. This
     * JVM is still alive and sweeps at once, after the run, whatever ended it; it removes only what belonged to a
     * process that is gone.
     */
    private static void sweepAfterForks(TargetKind kind) {
        // A fork that was killed may not be reaped yet when JMH returns: until it is, its pid is a zombie that counts
        // as alive, and the sweep would take its directory for a live owner's. Forks are this JVM's only children.
        ProcessHandle.current().children().forEach(fork -> fork.onExit().completeOnTimeout(fork, 10, TimeUnit.SECONDS).join());
        if (kind == TargetKind.EMBEDDED) {
            LeftoverSweeper.sweep();
        } else if (kind == TargetKind.CONTAINER && ContainerTarget.dockerAvailable()) {
            ContainerTarget.sweepOrphans();
        }
    }

    /** A result file of the run, checked before anything starts: a path that cannot take it is one line. */
    private static ResultPath resultPath(String path) {
        try {
            return ResultPath.of(Path.of(path));
        } catch (IOException | InvalidPathException e) {
            throw new UsageException("result file " + path + ": " + e.getMessage());
        }
    }

    /**
     * Trials the target could not measure: one line each on stderr, the trial and the reason, and one line each in
     * the facts file, so that a reader of the results sees them missing and why rather than an absent row. Written
     * here, after the run, when every fork has finished appending its own lines.
     */
    static void recordMissing(List<MissingTrial> missing, Path factsFile) throws IOException {
        if (missing.isEmpty()) {
            return;
        }
        reportMissing(missing);
        StringBuilder lines = new StringBuilder();
        for (MissingTrial m : missing) {
            lines.append(m.jsonLine()).append('\n');
        }
        appendFacts(factsFile, lines);
    }

    /**
     * Trials whose loader failed through a pooler: the pooler axis's answer for them, one line each on stderr (the
     * trial and the SQLSTATE with its message) and in the facts file; no failure of the run.
     */
    private static void recordPoolerFailures(List<PoolerFailure> failed, Path factsFile) throws IOException {
        if (failed.isEmpty()) {
            return;
        }
        System.err.println("pg-ingest-bench: " + failed.size() + (failed.size() == 1 ? " trial" : " trials")
                + " failed through the pooler (a result of the pooler axis, not a failure of the run):");
        StringBuilder lines = new StringBuilder();
        for (PoolerFailure f : failed) {
            System.err.println("pg-ingest-bench: failed through the pooler: " + f.trial() + ": " + f.error());
            lines.append(f.jsonLine()).append('\n');
        }
        appendFacts(factsFile, lines);
    }

    private static void appendFacts(Path factsFile, CharSequence lines) throws IOException {
        if (factsFile.getParent() != null) {
            Files.createDirectories(factsFile.getParent());
        }
        Files.writeString(factsFile, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Trials that will not run: one line each on stderr, the trial and the reason. */
    static void reportMissing(List<MissingTrial> missing) {
        if (missing.isEmpty()) {
            return;
        }
        System.err.println("pg-ingest-bench: " + missing.size() + (missing.size() == 1 ? " trial" : " trials")
                + " missing: this target cannot measure " + (missing.size() == 1 ? "it" : "them") + " (not a failure):");
        for (MissingTrial m : missing) {
            System.err.println("pg-ingest-bench: missing " + m.trial() + ": " + m.reason());
        }
    }

    /**
     * Every parameter combination the run would start, checked before any fork: each selected benchmark's
     * {@code @Param} defaults replaced by the {@code -p} values. Returns the connections the largest trial opens.
     */
    private static TrialClients checkParameters(CommandLineOptions cmd, List<String> includes, List<String> jmhArgs) {
        SortedSet<BenchmarkListEntry> selected = BenchmarkList.defaultList()
                .find(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), includes, cmd.getExcludes());
        if (selected.isEmpty()) {
            throw new UsageException(NO_MATCH.substring("pg-ingest-bench: ".length()));
        }
        Map<String, Map<String, List<String>>> defaults = new LinkedHashMap<>();
        for (BenchmarkListEntry entry : selected) {
            Map<String, List<String>> params = new LinkedHashMap<>();
            entry.getParams().orElse(Map.of()).forEach((name, values) -> params.put(name, List.of(values)));
            defaults.put(entry.getUsername(), params);
        }
        Map<String, List<String>> given = new LinkedHashMap<>();
        for (String name : parameterNames(jmhArgs)) {
            given.put(name, List.copyOf(cmd.getParameter(name).orElse(List.of())));
        }
        BenchmarkParameters.problemInRun(defaults, given, BenchmarkParameters.enumTypes(selected)).ifPresent(problem -> {
            throw new UsageException(problem);
        });
        checkPoolerAxis(defaults, given);
        checkDistribution(given, TargetConfig.fromEnvironment().kind());
        return TrialClients.of(selected, cmd, given);
    }

    /**
     * A benchmark with a pooler axis ({@code -p via}, PoolerBenchmark) starts PgBouncer per trial itself: PgBouncer
     * must be installed, and {@code -Dpg.via} would be a second answer to the same question.
     */
    private static void checkPoolerAxis(Map<String, Map<String, List<String>>> defaults, Map<String, List<String>> given) {
        Set<String> vias = new TreeSet<>();
        defaults.values().stream().filter(params -> params.containsKey(Via.PARAMETER))
                .forEach(params -> vias.addAll(given.getOrDefault(Via.PARAMETER, params.get(Via.PARAMETER))));
        if (vias.isEmpty()) {
            return;
        }
        String option = System.getProperty("pg.via");
        if (option != null) {
            throw new UsageException("-Dpg.via=" + option + " with a benchmark that takes its pooler from -p via ("
                    + String.join(",", vias) + "): leave out -Dpg.via, or give -p via=" + option);
        }
        PgBouncerSetup pgbouncer = TargetConfig.fromEnvironment().pgbouncer();
        vias.forEach(via -> Via.parse(via).requireAvailable(pgbouncer));
    }

    /**
     * {@code -p distribution} and {@code -p shards} place a table on a Citus cluster: on any other target a value
     * other than the default would be recorded with results it did not shape, so it is refused (an external server
     * may be a Citus coordinator: its trials refuse them where it is not).
     */
    static void checkDistribution(Map<String, List<String>> given, TargetKind kind) {
        if (kind == TargetKind.CITUS || kind == TargetKind.EXTERNAL) {
            return;
        }
        for (String name : List.of(Distribution.PARAMETER, Distribution.SHARDS_PARAMETER)) {
            for (String value : given.getOrDefault(name, List.of())) {
                if (!Distribution.isDefault(name, value)) {
                    throw new UsageException("-p " + name + "=" + value + " on -Dpg.target=" + kind.id()
                            + ": it places a table on a Citus cluster; use -Dpg.target=citus (or "
                            + "-Dpg.target=external at a coordinator), or leave -p " + name + " out");
                }
            }
        }
    }

    /** Names given with {@code -p name=values} (JMH's options offer no list of them). */
    static List<String> parameterNames(List<String> jmhArgs) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < jmhArgs.size(); i++) {
            String arg = jmhArgs.get(i);
            String spec = arg.equals("-p") && i + 1 < jmhArgs.size() ? jmhArgs.get(++i)
                    : arg.startsWith("-p") && arg.length() > 2 && arg.contains("=") ? arg.substring(2) : null;
            if (spec != null && spec.contains("=")) {
                names.add(spec.substring(0, spec.indexOf('=')).trim());
            }
        }
        return names;
    }

    /**
     * Fails fast, in this JVM, on what every fork would fail on. With settings overridden on the command line, an
     * embedded server is started and stopped here once: a value the server refuses is its own one-line complaint
     * in about a second, not a failure in every fork.
     */
    private static void checkTarget(TargetConfig config, boolean settingsOverridden, TrialClients clients) {
        config.via().requireAvailable(config.pgbouncer());
        if (config.kind() != TargetKind.EXTERNAL) {
            PgVersions.resolve(config.pgVersion());
        }
        if (config.kind() == TargetKind.EMBEDDED) {
            EmbeddedTarget.requireBinaries(config);
        }
        if (config.kind() == TargetKind.CITUS) {
            config.citus().requireInstall();
        }
        if (config.kind() == TargetKind.EMBEDDED && settingsOverridden) {
            // First the server's own word on the settings (max_connections=1 is its complaint, not a budget's).
            EmbeddedTarget.start(config).close();
        }
        if (config.kind() == TargetKind.CONTAINER && !ContainerTarget.dockerAvailable()) {
            throw new TargetException("the container target needs a running Docker engine and none answered; "
                    + "use -Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
        }
        if (config.kind() == TargetKind.CONTAINER) {
            ContainerTarget.requireImage(config);
        }
        ConnectionBudget budget;
        if (config.kind() != TargetKind.EXTERNAL) {
            budget = ConnectionBudget.ofSettings(config.settings());
        } else {
            try (PostgresTarget target = PostgresTarget.open(config)) {
                budget = ConnectionBudget.of(target.monitorDataSource(), false);
            } catch (SQLException e) {
                throw new TargetException("cannot count the external server's connections: " + TargetException.oneLine(
                        config.externalPassword().scrub(e.getMessage())), e);
            }
        }
        budget.problem(clients.count(), clients.asked(), clients.option()).ifPresent(problem -> {
            throw new UsageException(problem);
        });
    }
}
