package org.pgingest.rate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.pgingest.cli.BenchMain;
import org.pgingest.cli.DurationText;
import org.pgingest.load.LoadMethod;
import org.pgingest.report.Ranking;
import org.pgingest.report.Report;
import org.pgingest.report.ReportFiles;
import org.pgingest.results.OutputFiles;
import org.pgingest.results.RateRecord;
import org.pgingest.results.ResultPath;
import org.pgingest.secret.SecretBearing;
import org.pgingest.server.ConnectionBudget;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.DelayedTarget;
import org.pgingest.server.RoundTripCheck;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.SuiteOptions;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetException;
import org.pgingest.server.TargetKind;
import org.pgingest.server.TestcontainersEnvironment;
import org.pgingest.workload.definition.PublishedShapes;
import org.pgingest.writers.ConnectionMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * {@code ./bench rate}: drives one loader at a fixed rate for a while and reports whether the rate was held
 * ({@link RateRun}), as text on stdout and as JSON. Ctrl-C or SIGTERM stops the writers after their current calls
 * and still reports (exit code 130 or 143). Bad input is one line on stderr and exit code 2; a failed run exits 1. A rate
 * not held is a result, not a failure: exit code 0, {@code "held": false}.
 */
@Command(name = "rate", sortOptions = false, usageHelpAutoWidth = true,
        description = "Drive one loader at a fixed rate (like pgbench -R) and report whether the rate was held.")
public final class RateCommand implements Callable<Integer> {
    static final String PREFIX = "pg-ingest-bench rate: ";
    /** Exit code of a run stopped by Ctrl-C (after its report), as shells report SIGINT: 128 + 2. */
    static final int INTERRUPTED = 130;
    /** Signals this close together are one request to stop (see {@link #installStopSignals}). */
    private static final Duration SAME_REQUEST = Duration.ofSeconds(1);

    @Option(names = "--method", required = true, converter = MethodConverter.class,
            description = "loader, e.g. batch, copy_binary, autocommit_row (see LoadMethod)")
    LoadMethod method;

    @Option(names = "--rows-per-second", required = true, description = "target rate, rows per second (> 0)")
    double rowsPerSecond;

    @Option(names = "--workers", defaultValue = "1", description = "concurrent writers (default ${DEFAULT-VALUE})")
    int workers;

    @Option(names = "--duration", defaultValue = "30s", converter = DurationConverter.class,
            description = "how long, e.g. 500ms, 30s, 2m (default ${DEFAULT-VALUE})")
    Duration duration;

    @Option(names = "--batch", defaultValue = "100", description = "rows per call of the loader (default ${DEFAULT-VALUE})")
    int batch;

    @Option(names = "--shape", defaultValue = "USERS", converter = ShapeConverter.class,
            description = "table shape: users, sensors, wide_sensors, articles (default users)")
    String shape;

    @Option(names = "--connections", defaultValue = "POOLED", converter = ConnectionsConverter.class,
            description = "pooled (HikariCP, default) or new_per_call")
    ConnectionMode connections;

    @Option(names = "--rtt-ms", defaultValue = "0", description = "round-trip time added to every connection (default 0)")
    double rttMs;

    @Option(names = "--progress-every", defaultValue = "5s", converter = DurationConverter.class,
            description = "progress line interval (default ${DEFAULT-VALUE})")
    Duration progressEvery;

    @Option(names = "--json", defaultValue = "target/rate-result.json", description = "JSON report (default ${DEFAULT-VALUE})")
    Path json;

    @Option(names = "--measure-batch-memory", description = "before the run, measure the heap one call holds for its "
            + "batch (full collections on a connection of its own; a few seconds)")
    boolean measureBatchMemory;

    @Option(names = "--no-report", description = "do not write target/report.html and target/report.md at the end")
    boolean noReport;

    @Option(names = "-D", mapFallbackValue = "", description = "suite option, e.g. -Dpg.version=16 -Dpg.target=external")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
    boolean help;

    private final PrintStream out;
    /** The round trip measured with the added delay, for the JSON report (none without one). */
    private Map<String, Object> roundTrip;
    /** The exit code of a run a signal stopped early: 128 + the signal's number. */
    private volatile int stoppedBy = INTERRUPTED;

    RateCommand(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Map<String, String> containerEnvironment = TestcontainersEnvironment.missingFor(args);
        System.exit(containerEnvironment.isEmpty() ? run(args, System.out, System.err)
                : TestcontainersEnvironment.rerun(RateCommand.class, args, containerEnvironment));
    }

    /** Parses and runs; returns the exit code (0 done, 1 the run failed, 2 bad input). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new RateCommand(out));
        cli.setOut(new java.io.PrintWriter(out, true));
        cli.setParameterExceptionHandler((e, a) -> {
            // picocli quotes the argument it refused, a secret too ("Unknown option: '--sslpassword=...'")
            err.println(PREFIX + SecretBearing.maskedIn(e.getMessage()));
            return 2;
        });
        cli.setExecutionExceptionHandler((e, c, p) -> {
            if (e instanceof IllegalArgumentException || e instanceof TargetException) {
                err.println(PREFIX + e.getMessage());
                return 2;
            }
            err.println(PREFIX + "the run failed: " + e.getMessage());
            return 1;
        });
        return cli.execute(args);
    }

    @Override
    public Integer call() throws SQLException, IOException {
        SuiteOptions.of(properties).apply();
        List<Map.Entry<String, Path>> outputs = new ArrayList<>(List.of(Map.entry("--json", json)));
        if (!noReport) {
            // the report is written after the run: a place it cannot go failed the run at its end (an adversarial pass)
            outputs.add(Map.entry("the report,", Path.of(ReportFiles.HTML)));
            outputs.add(Map.entry("the report,", Path.of(ReportFiles.MARKDOWN)));
        }
        OutputFiles.problem(outputs, List.of()).ifPresent(problem -> {
            throw new IllegalArgumentException(problem + (problem.startsWith("the report,") ? " (or --no-report)" : ""));
        });
        RatePlan plan = new RatePlan(method, rowsPerSecond, workers, duration, batch, shape, connections, rttMs);
        if (progressEvery.isZero() || progressEvery.isNegative()) {
            throw new IllegalArgumentException("--progress-every must be above 0, was " + progressEvery);
        }
        TargetConfig config = TargetConfig.fromEnvironment();
        if (config.kind() != TargetKind.EXTERNAL) {
            // A server started for this run: its settings say what it takes, before it is started.
            requireFits(ConnectionBudget.ofSettings(config.settings()), plan);
        }
        try (SchemaLock held = SchemaLock.take(config); PostgresTarget target = open(config, plan)) {
            if (target.kind() == TargetKind.EXTERNAL) {
                requireFits(ConnectionBudget.of(target.monitorDataSource(), false), plan);
            }
            Long batchMemory = null;
            if (measureBatchMemory) {
                batchMemory = BatchMemory.measure(target, plan);
                out.printf(Locale.ROOT, "memory per batch: %,d bytes held by one call of %d rows (heap after a full "
                        + "collection, median of %d calls)%n", batchMemory, plan.batch(), BatchMemory.CALLS);
            }
            RateRun run = new RateRun(target, plan);
            installStopSignals(run);
            out.printf(Locale.ROOT, "driving %s at %,.0f rows/s (%d rows per call, %d workers) for %.1f s on %s; Ctrl-C stops%n",
                    plan.method(), plan.rowsPerSecond(), plan.batch(), plan.workers(), plan.duration().toMillis() / 1000.0,
                    target.facts().summary());
            RateResult result = run.run(out::println, progressEvery);
            out.print(result.toText());
            if (result.stoppedEarly()) {
                // what a stopped run measured is on the console; a result file holds complete runs only
                out.println(PREFIX + "stopped early: " + json + (noReport ? " left as it was" : " and the report left "
                        + "as they were") + " (a result file holds complete runs only)");
                BenchMain.sayWhereTheSchemaIs(config, out);
                return stoppedBy;
            }
            Map<String, Object> report = new LinkedHashMap<>(result.toMap());
            if (batchMemory != null) {
                report.put("batchMemoryBytes", batchMemory);
            }
            report.put("serverFacts", target.facts().toMap());
            if (target instanceof DelayedTarget) {
                report.put("roundTrip", roundTrip);
            }
            ResultPath.write(json, stream -> new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValue(stream, report));
            out.println("JSON report in " + json);
            end(List.of(json), !noReport, out);
            BenchMain.sayWhereTheSchemaIs(config, out);
            return 0;
        }
    }

    /**
     * How a fixed-rate command ends, as every run does: its results read back from their JSON and ranked, with the
     * server's warnings (fsync off, a setting that differs), and the report written unless {@code --no-report}.
     */
    static void end(List<Path> results, boolean report, PrintStream out) throws IOException {
        List<RateRecord> records = new ArrayList<>();
        for (Path result : results) {
            records.addAll(RateRecord.read(result));
        }
        if (records.isEmpty()) {
            return;
        }
        out.println();
        out.print(Ranking.ofRates(records).text());
        if (report) {
            ReportFiles.write(Report.of(List.of(), records), "report " + String.join(" ",
                    results.stream().map(Path::toString).toList()), Path.of(ReportFiles.HTML), Path.of(ReportFiles.MARKDOWN));
            out.println(PREFIX + "report in " + ReportFiles.HTML + " and " + ReportFiles.MARKDOWN);
        }
    }

    private PostgresTarget open(TargetConfig config, RatePlan plan) {
        PostgresTarget target = PostgresTarget.open(config);
        if (plan.rttMs() == 0) {
            return target;
        }
        DelayedTarget delayed = DelayedTarget.wrap(target, plan.rttMs());
        try {
            RoundTripCheck check = RoundTripCheck.measure(delayed);
            out.println(check.describe());
            roundTrip = check.toMap();
            check.require();
            return delayed;
        } catch (RuntimeException e) {
            delayed.close();
            throw e;
        }
    }

    /** More writers than the server accepts connections would fail mid-run; say so before it starts. */
    private static void requireFits(ConnectionBudget budget, RatePlan plan) {
        budget.problem(plan.workers(), "--workers " + plan.workers(), "--workers ").ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
    }

    /**
     * Ctrl-C (SIGINT) and SIGTERM (a CI job's timeout, {@code kill}) stop the writers after their current calls and
     * let the run report. A JVM shutdown hook cannot do this: the embedded server's own hook stops PostgreSQL at the
     * same moment, before the final counters are read. sun.misc.Signal (module jdk.unsupported, available on every
     * JDK 17+) replaces the default handlers. A second signal quits at once, unless it comes within
     * {@link #SAME_REQUEST} of the first: GNU timeout sends its signal twice (to the command and to its process
     * group), and a terminal's Ctrl-C reaches every process of the group. The exit code is 128 + the signal's number.
     */
    private void installStopSignals(RateRun run) {
        AtomicLong firstAt = new AtomicLong();
        for (String name : List.of("INT", "TERM")) {
            sun.misc.Signal.handle(new sun.misc.Signal(name), signal -> {
                long now = System.nanoTime();
                if (firstAt.compareAndSet(0, now)) {
                    System.err.println(PREFIX + "SIG" + signal.getName() + ": stopping after the calls in flight "
                            + "(a second signal quits at once)");
                    stoppedBy = 128 + signal.getNumber();
                    run.stop();
                } else if (now - firstAt.get() > SAME_REQUEST.toNanos()) {
                    System.exit(128 + signal.getNumber());
                }
            });
        }
    }

    /** picocli prints a TypeConversionException's own message; any other it wraps in its class name. */
    private static <T> T readable(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    /** Case-insensitive; an unknown name lists the valid ones. */
    static final class MethodConverter implements CommandLine.ITypeConverter<LoadMethod> {
        @Override
        public LoadMethod convert(String value) {
            return readable(() -> LoadMethod.parse(value));
        }
    }

    static final class ConnectionsConverter implements CommandLine.ITypeConverter<ConnectionMode> {
        @Override
        public ConnectionMode convert(String value) {
            return readable(() -> ConnectionMode.parse(value));
        }
    }

    static final class ShapeConverter implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            return PublishedShapes.shape(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                    "unknown shape '" + value + "': valid shapes are " + String.join(", ", PublishedShapes.names())));
        }
    }

    /** A duration as {@link DurationText} reads it, at most {@link DurationText#LONGEST}. */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            Duration d = DurationText.parse(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                    "'" + value + "' is not a duration; use e.g. 500ms, 30s, 2m, 1h or 2m30s"));
            if (d.compareTo(DurationText.LONGEST) > 0) {
                throw new CommandLine.TypeConversionException("'" + value + "' is longer than "
                        + DurationText.LONGEST.toHours() + "h, the longest run this takes");
            }
            return d;
        }
    }
}
