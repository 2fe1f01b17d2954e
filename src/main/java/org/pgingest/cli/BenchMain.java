package org.pgingest.cli;

import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.pgingest.server.ContainerTarget;
import org.pgingest.server.PgVersions;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetException;
import org.pgingest.server.TargetKind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The suite's benchmark launcher: JMH's own command line, plus
 * <ul>
 *   <li>leading {@code -Dname=value} arguments, set here and passed to every fork (for example
 *       {@code -Dpg.target=external}, {@code -Dpg.version=16}, {@code -Dpg.conf.synchronous_commit=off});</li>
 *   <li>defaults for what was not given: the quick selection ({@link #QUICK}) when no benchmark regex is
 *       named, JSON results in {@value #DEFAULT_RESULT}, and the server-cost profiler;</li>
 *   <li>the target checked before any fork starts, so a bad name, version or unreachable server is one line
 *       and exit code 2, not a stack trace per fork.</li>
 * </ul>
 * Server facts (version and effective settings of every trial) go to the result file's name with
 * {@code .server.jsonl} appended.
 */
public final class BenchMain {
    /**
     * Benchmarks run when no regex is given: the round-trip floor and every default parameter set of the ingest
     * benchmark (seven methods, 500 users rows per call); about two minutes on two cores.
     */
    public static final String QUICK = "org\\.pgingest\\.bench\\.(RoundTripBenchmark|IngestBenchmark)\\..*";
    public static final String DEFAULT_RESULT = "target/jmh-result.json";
    /** Adds server costs per iteration to the results of benchmarks that measure them (named: it lives in src/jmh). */
    static final String COST_PROFILER = "org.pgingest.bench.ServerCostProfiler";

    private BenchMain() {
    }

    public static void main(String[] args) {
        int status;
        try {
            status = run(args);
        } catch (TargetException | CommandLineOptionException e) {
            System.err.println("pg-ingest-bench: " + e.getMessage());
            status = 2;
        } catch (NoBenchmarksException e) {
            System.err.println("pg-ingest-bench: no benchmark matches the given regex; list them with -l");
            status = 2;
        } catch (RunnerException | IOException e) {
            System.err.println("pg-ingest-bench: the run failed: " + e.getMessage());
            status = 1;
        }
        System.exit(status);
    }

    static int run(String[] args) throws CommandLineOptionException, RunnerException, IOException {
        List<String> forwarded = new ArrayList<>();
        List<String> jmhArgs = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("-D") && arg.contains("=") && jmhArgs.isEmpty()) {
                String[] kv = arg.substring(2).split("=", 2);
                System.setProperty(kv[0], kv[1]);
                forwarded.add(arg);
            } else {
                jmhArgs.add(arg);
            }
        }
        CommandLineOptions cmd = new CommandLineOptions(jmhArgs.toArray(String[]::new));
        if (cmd.shouldHelp() || cmd.shouldList() || cmd.shouldListWithParams() || cmd.shouldListProfilers()
                || cmd.shouldListResultFormats()) {
            org.openjdk.jmh.Main.main(jmhArgs.toArray(String[]::new));
            return 0;
        }

        checkTarget(TargetConfig.fromEnvironment());

        ChainedOptionsBuilder options = new OptionsBuilder().parent(cmd);
        if (cmd.getIncludes().isEmpty()) {
            options.include(QUICK);
        }
        String result = cmd.getResult().orElse(DEFAULT_RESULT);
        if (!cmd.getResult().hasValue()) {
            options.result(result);
        }
        if (cmd.getProfilers().stream().noneMatch(p -> p.getKlass().equals(COST_PROFILER))) {
            options.addProfiler(COST_PROFILER);
        }
        if (!cmd.getResultFormat().hasValue()) {
            options.resultFormat(ResultFormatType.JSON);
        }
        Path factsFile = Path.of(result + ".server.jsonl");
        Files.deleteIfExists(factsFile);
        forwarded.add("-Dpg.facts.file=" + factsFile.toAbsolutePath());
        List<String> jvmArgsAppend = new ArrayList<>(cmd.getJvmArgsAppend().orElse(List.of()));
        jvmArgsAppend.addAll(forwarded);
        options.jvmArgsAppend(jvmArgsAppend.toArray(String[]::new));

        new Runner(options.build()).run();
        System.out.println("pg-ingest-bench: JMH results in " + result + ", server facts in " + factsFile);
        return 0;
    }

    /** Fails fast, in this JVM, on what every fork would fail on. */
    private static void checkTarget(TargetConfig config) {
        if (config.kind() != TargetKind.EXTERNAL) {
            PgVersions.resolve(config.pgVersion());
        }
        if (config.kind() == TargetKind.CONTAINER && !ContainerTarget.dockerAvailable()) {
            throw new TargetException("the container target needs a running Docker engine and none answered; "
                    + "use -Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
        }
        if (config.kind() == TargetKind.EXTERNAL) {
            PostgresTarget.open(config).close();
        }
    }
}
