package org.pgingest.compare;

import org.pgingest.cli.BenchMain;
import org.pgingest.cli.JmhLock;
import org.pgingest.cli.OptionArgs;
import org.pgingest.cli.TableSelection;
import org.pgingest.cli.UsageException;
import org.pgingest.load.LoadMethod;
import org.pgingest.report.ReportFiles;
import org.pgingest.results.ResultPath;
import org.pgingest.results.WorkDirectory;
import org.pgingest.server.ContainerTarget;
import org.pgingest.server.PgVersions;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetException;
import org.pgingest.server.TargetKind;
import org.pgingest.table.TableCopies;
import org.pgingest.workload.SchemaRefusedException;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.ResolvedTables;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * {@code ./bench rank [table] [-p method=...] [-p rows=...] [--variant NAME=SPEC]... [--budget D] [--delta PCT]
 * [--confidence PCT] [--json FILE] [--markdown FILE]} (and {@link RankOptions}'s tuning options): which candidate
 * loads the table fastest, with the confidence of every claim, within a time budget. Candidates take turns in randomized rounds on one server ({@link RankRun}); the
 * statistics are {@link RankStatistics}'s, the racing {@link Race}'s. Exit 0 with a verdict (settled or not: an
 * unsettled top is an answer too, said as such), 2 on bad input (before anything starts) and on a server that cannot
 * be started, reached or given a setting, 1 when the run failed.
 * docs/rank.md says how and why.
 */
public final class RankMain {
    static final String PREFIX = "pg-ingest-bench rank: ";
    /** Seconds before the first ranking: the server's start, a user's table resolved and checked (measured: 5-25 s). */
    static final double SETUP_SECONDS = 10;
    /** Seconds a ranking's launchers and forks take to reach their first turn: a base and each candidate's share. */
    static final double START_SECONDS = 6;
    static final double START_SECONDS_PER_CANDIDATE = 1.5;
    /** Seconds a slice spends outside its measured time: the table reset, checkpoint and cost window's edges. */
    static final double SLICE_OVERHEAD_SECONDS = 0.25;
    /** Seconds kept at the end of the budget for stopping forks, writing the verdict and the report. */
    static final double END_RESERVE_SECONDS = 10;
    /** The quick selection: the methods IngestBenchmark runs by default, at its default 500 users rows per call. */
    static final List<LoadMethod> QUICK = List.of(LoadMethod.AUTOCOMMIT_ROW, LoadMethod.BATCH,
            LoadMethod.BATCH_REWRITTEN, LoadMethod.MULTI_ROW_VALUES, LoadMethod.UNNEST, LoadMethod.COPY_TEXT,
            LoadMethod.COPY_BINARY);
    /** Methods whose cost per row does not depend on the call's size: in the first ranking only (without -p method). */
    static final List<LoadMethod> PER_ROW = List.of(LoadMethod.AUTOCOMMIT_ROW, LoadMethod.ROW_COMMIT_EVERY);

    private RankMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * {@code ./bench} with options that tune a ranking but choose neither its candidates nor its table
     * ({@code ./bench --budget 3m --seed 7}, {@code ./bench -Dpg.version=16}): the quick selection ranked with them, their
     * budget for its five minutes. Leading -D options stay first, where a ranking reads its target and settings.
     */
    public static String[] quickArgs(List<String> tuning) {
        int settings = leadingSettings(tuning);
        List<String> args = new ArrayList<>(tuning.subList(0, settings));
        args.addAll(List.of("-p", "method=" + String.join(",", QUICK.stream().map(Enum::name).toList())));
        if (!tuning.contains("--budget")) {
            args.addAll(List.of("--budget", RankOptions.QUICK_BUDGET));
        }
        args.addAll(tuning.subList(settings, tuning.size()));
        return args.toArray(String[]::new);
    }

    /**
     * Whether {@code ./bench ARGS} asks for the quick ranking with options of its own ({@link #quickArgs(List)}):
     * leading -D options, then nothing or only a ranking's tuning.
     */
    public static boolean tunesQuick(List<String> args) {
        int settings = leadingSettings(args);
        List<String> rest = args.subList(settings, args.size());
        return rest.isEmpty() ? settings > 0 : RankOptions.onlyTuning(rest);
    }

    private static int leadingSettings(List<String> args) {
        int i = 0;
        while (i < args.size() && args.get(i).startsWith("-D")) {
            i++;
        }
        return i;
    }

    /** A ranking's own long options ({@code --budget}, ...). */
    public static List<String> longOptions() {
        return RankOptions.OPTIONS.stream().filter(o -> o.startsWith("--")).toList();
    }

    /**
     * The refusal of a ranking's own option among arguments that ask for separate JMH trials
     * ({@code ./bench -p method=A,B --budget 2m}), which JMH would refuse in its own words; empty when there is none.
     */
    public static Optional<String> rankingOptionInTrials(List<String> args) {
        return RankOptions.rankingOnlyOption(args).map(option -> option + " is an option of a ranking, and these "
                + "arguments ask for separate JMH trials (-p, a benchmark or a JMH option, without a table): rank "
                + "chosen methods with ./bench rank -p method=A,B,... " + option + " ..., or leave " + option + " out");
    }

    public static int run(String[] given, PrintStream out, PrintStream err) {
        String[] args = OptionArgs.spaced(given);
        if (RankOptions.helpAsked(args)) {
            out.print(RankOptions.usage());
            return 0;
        }
        try {
            return rank(args, out, err);
        } catch (UsageException | TargetException e) {
            err.println(PREFIX + e.getMessage());
            return 2;
        } catch (IOException | SQLException e) {
            err.println(PREFIX + "the run failed: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(PREFIX + "interrupted");
            return 1;
        }
    }

    private static int rank(String[] args, PrintStream out, PrintStream err)
            throws IOException, SQLException, InterruptedException {
        long started = System.nanoTime();
        // The launcher's own servers say nothing on stderr but problems (slf4j-simple reads this at its first logger).
        System.setProperty("org.slf4j.simpleLogger.log.org.pgingest.server", "warn");
        RankOptions options = RankOptions.parse(args);
        options.suite().apply();
        TargetConfig config = TargetConfig.fromEnvironment();
        options.table().ifPresent(t -> t.checkTarget(config));
        checkTarget(config);
        List<Candidate> asked = options.candidates();
        // On a user's table the candidates that cannot write it are known once it is read (below); until then, the
        // least a ranking can be: two, and no budget is advised that the count after the read might refuse again
        if (options.table().isPresent()) {
            double least = minimumSeconds(options, 2);
            if (options.budget().toMillis() / 1000.0 < least) {
                throw new UsageException("--budget " + CompareMain.minutes(options.budget().toSeconds()) + " is too "
                        + "short for a ranking: two candidates alone need about " + CompareMain.minutes(Math.ceil(least))
                        + ", and a table's candidates (up to " + asked.size() + ") are counted once it is read; give a "
                        + "longer --budget (" + RankOptions.text(RankOptions.DEFAULT_BUDGET) + " by default)");
            }
        } else {
            checkBudget(options, asked.size());
        }
        // JMH's machine-wide lock, for all the candidates (their launchers ignore it: they run at once by design); and
        // on an external server the suite's schema, which the table's check uses and the candidates' are named from.
        try (JmhLock lock = JmhLock.take("rank"); SchemaLock held = SchemaLock.take(config)) {
            return rank(options, config, asked, started, out, err);
        }
    }

    private static int rank(RankOptions given, TargetConfig config, List<Candidate> asked, long started,
                            PrintStream out, PrintStream err) throws IOException, SQLException, InterruptedException {
        String schemaPrefix = config.withSchema(config.schema() + "_rank" + ProcessHandle.current().pid()).schema();

        Optional<TableSelection.Resolved> resolved = Optional.empty();
        if (given.table().isPresent()) {
            resolved = Optional.of(given.table().get().resolve(config));
        }
        Map<LoadMethod, String> cannot = new java.util.LinkedHashMap<>(given.ruledOut());
        resolved.ifPresent(r -> cannot.putAll(r.cannotWrite()));
        List<String> unable = asked.stream().filter(c -> cannot.containsKey(c.method())).map(Candidate::name).toList();
        // Before any fork: the first ranking's candidates that can write the table, for whom the forks' length is
        // worked out and the budget checked (a new user's 10 minutes were priced for all 18 methods where 13 could run)
        int writable = (int) candidatesAt(asked, given, 0).stream().filter(c -> !cannot.containsKey(c.method())).count();
        RankOptions options = resolved.isPresent() ? given.forCandidates(writable) : given;
        if (resolved.isPresent()) {
            checkBudget(options, writable);
        }
        String label = resolved.map(r -> r.table().label()).orElse(options.params().getOrDefault("shape", "USERS"));
        String fileLabel = resolved.map(r -> options.table().get().fileName(r.table()))
                .orElse(label.toLowerCase(java.util.Locale.ROOT));
        Path json = options.json().orElse(Path.of("target", "rank-" + fileLabel + options.fileSuffix() + ".json"));
        Path markdown = options.markdown().orElse(Path.of("target", "rank-" + fileLabel + options.fileSuffix() + ".md"));
        Map<String, String> shape = new LinkedHashMap<>();
        shape.put("shape", label);
        if (resolved.isPresent() && !options.params().containsKey("hostileShare")) {
            // A user's table: its own values, not the suite's hostile set (as a table run does).
            shape.put("hostileShare", "0");
        }
        // The candidates' logs and the table their forks read, in a directory of this run's own.
        WorkDirectory workDirectory = WorkDirectory.in(Path.of("target"), "rank-");
        Path work = workDirectory.path();
        try (workDirectory; SharedServer server = SharedServer.open(config)) {
            if (server.kind() == TargetKind.EXTERNAL) {
                dropLeftSchemas(server.target().dataSource(), config.schema(), out, err);
            }
            out.println(PREFIX + "ranking " + (asked.size() - unable.size()) + " candidates on " + label + " at "
                    + options.rows().stream().map(String::valueOf).reduce((a, b) -> a + " and " + b).orElse("")
                    + " rows per call within " + CompareMain.minutes(options.budget().toSeconds()) + ", seed "
                    + options.seed() + "; server " + server.summary());
            if (!unable.isEmpty()) {
                out.println(PREFIX + unable.size() + " cannot write the table, left out (why: in the verdict): "
                        + String.join(", ", unable));
            }
            server.warnings().forEach(w -> out.println(PREFIX + "WARNING: " + w));
            Map<String, Map<String, String>> effective = new LinkedHashMap<>();
            for (Candidate c : asked) {
                effective.put(c.name(), server.sessionSettings(c.settings(), Candidate.VARIANT + " " + c.name(),
                        " and every candidate shares one server; give it once, before rank's options, as -Dpg.conf."
                                + "NAME=VALUE for all"));
            }
            Optional<Path> tablesFile = Optional.empty();
            if (resolved.isPresent()) {
                tablesFile = Optional.of(work.resolve("tables.json").toAbsolutePath());
                ResolvedTables.write(tablesFile.get(), List.of(resolved.get().table()));
                if (server.kind() != TargetKind.EXTERNAL) {
                    applySetup(server, resolved.get().table());
                }
            }
            long end = started + TimeUnit.MILLISECONDS.toNanos(options.budget().toMillis())
                    - TimeUnit.MILLISECONDS.toNanos((long) (END_RESERVE_SECONDS * 1000));
            List<RankRun.Ranking> rankings = new ArrayList<>();
            Random random = new Random(options.seed());
            Consumer<Set<String>> leaveServer = leaveServer(server, config, options, out, err);
            try (RankRun run = new RankRun(server, options, work, schemaPrefix, tablesFile, shape, out, leaveServer)) {
                try {
                    for (int i = 0; i < options.rows().size(); i++) {
                        int rows = options.rows().get(i);
                        List<Candidate> candidates = candidatesAt(asked, options, i);
                        Map<Integer, String> missing = new LinkedHashMap<>();
                        for (int c = 0; c < candidates.size(); c++) {
                            LoadMethod method = candidates.get(c).method();
                            if (cannot.containsKey(method)) {
                                missing.put(c, RankRun.MISSING + method + " cannot write " + label + ": " + cannot.get(method));
                            }
                        }
                        // this ranking's and every later one's candidates that can write the table: they take turns
                        List<Integer> left = new ArrayList<>();
                        for (int j = i; j < options.rows().size(); j++) {
                            left.add((int) candidatesAt(asked, options, j).stream()
                                    .filter(c -> !cannot.containsKey(c.method())).count());
                        }
                        long share = share(end - System.nanoTime(), left, options);
                        out.println(PREFIX + rows + " rows per call: " + left.get(0)
                                + " candidates in randomized rounds of " + options.slice().toMillis() + " ms slices"
                                + (missing.isEmpty() ? "" : "; " + missing.size() + " cannot write the table"));
                        rankings.add(run.rank(rows, candidates, missing, System.nanoTime() + share, random));
                    }
                } finally {
                    leaveServer.accept(run.schemas());
                }
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            String heading = label + resolved.map(r -> " (" + r.table().source()
                    + (r.table().sample() == null ? "" : ", " + r.table().sample().source()) + ")").orElse("");
            RankVerdict verdict = new RankVerdict(new RankVerdict.Run(heading, server.summary(), server.warnings(),
                    resolved.map(TableSelection.Resolved::notes).orElse(List.of()), options, rankings, effective, seconds));
            String md = verdict.markdown();
            ResultPath.write(json, o -> o.write(verdict.json().getBytes(StandardCharsets.UTF_8)));
            ResultPath.write(markdown, o -> o.write(md.getBytes(StandardCharsets.UTF_8)));
            out.println();
            out.print(md);
            if (options.report()) {
                RankReport.write(verdict, rankings, Path.of(ReportFiles.HTML), Path.of(ReportFiles.MARKDOWN));
                out.println(PREFIX + "report: " + ReportFiles.HTML + " and " + ReportFiles.MARKDOWN);
            }
            out.println(PREFIX + verdict.summary() + "; verdict in " + json + " and " + markdown + " ("
                    + CompareMain.minutes(seconds) + ")");
            if (rankings.stream().anyMatch(r -> r.missing().values().stream().anyMatch(w -> w.contains("(log: ")))) {
                workDirectory.keep();
                out.println(PREFIX + "the logs of the candidates that failed are kept in " + work);
            }
            return 0;
        }
    }

    /**
     * The candidates of the i-th ranking: without -p method or variants, the per-row methods in the first ranking only
     * (their cost per row does not depend on the call's size, and a bulk call takes them minutes).
     */
    private static List<Candidate> candidatesAt(List<Candidate> asked, RankOptions options, int ranking) {
        if (ranking == 0 || !options.methods().isEmpty() || !options.variants().isEmpty()) {
            return asked;
        }
        return asked.stream().filter(c -> !PER_ROW.contains(c.method())).toList();
    }

    /**
     * The least time one ranking of this many candidates needs: its start, and the forks before any claim. Both
     * warm-up iterations are priced as played in turns, though new forks play the first at once: an overestimate.
     */
    static double rankingSeconds(RankOptions options, int candidates) {
        double round = candidates * (options.slice().toMillis() / 1000.0 + SLICE_OVERHEAD_SECONDS);
        double warmup = candidates * (options.warmup().toMillis() / 1000.0 + RankRun.WARMUPS * SLICE_OVERHEAD_SECONDS);
        double fork = START_SECONDS_PER_CANDIDATE * candidates + warmup + options.roundsPerFork() * round;
        return START_SECONDS + RankStatistics.MIN_FORKS * fork;
    }

    /**
     * The least time the run needs: setup, and the first ranking's forks before any claim. Later rankings (more rows
     * per call) take what the first leaves, and their verdicts say when that was too little.
     */
    static double minimumSeconds(RankOptions options, int candidates) {
        return SETUP_SECONDS + END_RESERVE_SECONDS + rankingSeconds(options, candidates);
    }

    /**
     * Ranking i's share of the time left: in proportion to its least time among those still to run (a ranking that
     * settles early leaves the rest to the next).
     */
    static long share(long leftNanos, List<Integer> candidatesLeft, RankOptions options) {
        double all = candidatesLeft.stream().mapToDouble(n -> rankingSeconds(options, n)).sum();
        return (long) (leftNanos * rankingSeconds(options, candidatesLeft.get(0)) / all);
    }

    private static void checkBudget(RankOptions options, int candidates) {
        double least = minimumSeconds(options, candidates);
        if (options.budget().toMillis() / 1000.0 < least) {
            throw new UsageException("--budget " + CompareMain.minutes(options.budget().toSeconds()) + " is too short: "
                    + candidates + " candidates need about " + CompareMain.minutes(Math.ceil(least))
                    + " for " + RankStatistics.MIN_FORKS + " forks each (a fork's start, " + options.warmup().toMillis()
                    + " ms of warm-up and " + options.roundsPerFork() + " measured rounds); give at least --budget "
                    + asOption((long) Math.ceil(least)) + (candidates > 2 ? ", fewer candidates (./bench rank -p "
                    + "method=A,B,...)" : "") + ", a shorter --warmup or --slice, or fewer --rounds-per-fork");
        }
    }

    /** Seconds as --budget takes them: 45s, 3m, 8m32s. */
    static String asOption(long seconds) {
        return seconds < 60 ? seconds + "s" : seconds / 60 + "m" + (seconds % 60 == 0 ? "" : seconds % 60 + "s");
    }

    private static void checkTarget(TargetConfig config) {
        if (config.kind() != TargetKind.EXTERNAL) {
            PgVersions.resolve(config.pgVersion());
        }
        if (config.kind() == TargetKind.CONTAINER && !ContainerTarget.dockerAvailable()) {
            throw new TargetException("the container target needs a running Docker engine and none answered; "
                    + "use -Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
        }
    }

    /**
     * A user's table on the server the rank started: the DDL its copies depend on (types, domains, functions), applied
     * once here, where every candidate's fork (reaching this server as an external one) finds it.
     */
    private static void applySetup(SharedServer server, ResolvedTable table) throws SQLException {
        try (Connection c = server.target().dataSource().getConnection()) {
            new TableCopies(new SuiteSchema(server.baseSchema()), table).applySetup(c);
        }
    }

    /**
     * Drops the schemas of earlier rankings in {@code base} that were stopped before they dropped them (kill -9 of the
     * ranking's JVM), saying which. This run holds {@code base} ({@link SchemaLock}), as every ranking in it holds it
     * for its whole length: another's schemas still there belong to none that runs.
     */
    static void dropLeftSchemas(javax.sql.DataSource server, String base, PrintStream out, PrintStream err)
            throws SQLException {
        List<String> left = new ArrayList<>();
        try (Connection c = server.getConnection(); PreparedStatement ps = c.prepareStatement("SELECT nspname FROM "
                + "pg_catalog.pg_namespace WHERE nspname LIKE ? AND obj_description(oid, 'pg_namespace') = ? ORDER BY 1")) {
            ps.setString(1, base.replace("_", "\\_") + "\\_rank%");
            ps.setString(2, SuiteSchema.MARKER);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    left.add(rs.getString(1));
                }
            }
        }
        if (!left.isEmpty()) {
            dropSchemas(server, left, err);
            out.println(PREFIX + "dropped " + String.join(", ", left) + ", left on the server by a ranking stopped "
                    + "before its end");
        }
    }

    /**
     * What the run leaves an external server as, once, whether it ends or is stopped (Ctrl-C, SIGTERM: an adversarial
     * pass saw the candidates' schemas left then, unnamed): the candidates' schemas dropped, a user's table's own
     * schema dropped or kept as {@code --keep-schema} says, the suite's schema of a published shape kept and said so.
     */
    private static Consumer<Set<String>> leaveServer(SharedServer server, TargetConfig config, RankOptions options,
                                                     PrintStream out, PrintStream err) {
        AtomicBoolean left = new AtomicBoolean();
        return candidateSchemas -> {
            // Once, and a second caller waits for the first: stopped mid-run, the main thread (its forks gone) and the
            // shutdown hook both get here, and the JVM ends when the hook returns, cutting the other's drops short.
            synchronized (left) {
                if (server.kind() != TargetKind.EXTERNAL || left.getAndSet(true)) {
                    return;
                }
                dropSchemas(server.target().dataSource(), candidateSchemas, err);
                if (options.table().isPresent()) {
                    options.table().get().leave(config);
                } else {
                    BenchMain.sayWhereTheSchemaIs(config, out);
                }
            }
        };
    }

    /**
     * On a server the run does not own: the candidates' schemas it made go again, whatever ended the run; each through
     * {@link SuiteSchema#drop}, never CASCADE (a user's view on a copy would go with it): a schema that holds or feeds
     * something the suite did not make stays, and the line says so.
     */
    static void dropSchemas(javax.sql.DataSource server, Iterable<String> schemas, PrintStream err) {
        try (Connection c = server.getConnection()) {
            for (String schema : schemas) {
                try {
                    SuiteSchema suiteSchema = new SuiteSchema(schema);
                    if (suiteSchema.exists(c) && !suiteSchema.drop(c)) {
                        err.println(PREFIX + "schema " + schema + " holds objects the suite did not create: left as it is");
                    }
                } catch (SchemaRefusedException e) {
                    err.println(PREFIX + "schema " + schema + " left on the server: " + e.getMessage());
                }
            }
        } catch (SQLException e) {
            err.println(PREFIX + "could not drop the run's schemas " + String.join(", ", schemas) + " (each holds only "
                    + "the suite's copies): " + e.getMessage());
        }
    }
}
