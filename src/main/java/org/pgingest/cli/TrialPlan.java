package org.pgingest.cli;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.pgingest.server.SuiteOptions;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The trials a run will start and how long JMH's settings say they take: per trial, forks times (warm-up iterations
 * times their time plus measured iterations times theirs), each setting from the command line, else the benchmark's
 * annotation, else JMH's default, as JMH resolves them. The time a fork spends starting a JVM and a server is not in
 * the settings; {@link RunConsole} corrects the estimate by what the finished trials took.
 *
 * @param trials  trials JMH will start (parameter combinations times benchmark modes)
 * @param nominal their time by JMH's settings
 */
record TrialPlan(int trials, Duration nominal) {
    static final TrialPlan NONE = new TrialPlan(0, Duration.ZERO);

    /** The plan of a JMH command line (the launcher's JMH arguments, without the suite's -D options). */
    static TrialPlan of(CommandLineOptions cmd, List<String> includes) {
        List<BenchmarkListEntry> selected = List.copyOf(BenchmarkList.defaultList()
                .find(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), includes, cmd.getExcludes()));
        int modes = cmd.getBenchModes().isEmpty() ? 1 : cmd.getBenchModes().size();
        int trials = 0;
        long nanos = 0;
        for (BenchmarkListEntry entry : selected) {
            int combinations = 1;
            for (var param : entry.getParams().orElse(java.util.Map.of()).entrySet()) {
                combinations *= cmd.getParameter(param.getKey()).hasValue()
                        ? cmd.getParameter(param.getKey()).get().size() : param.getValue().length;
            }
            int forks = cmd.getForkCount().orElse(entry.getForks().orElse(Defaults.MEASUREMENT_FORKS))
                    + cmd.getWarmupForkCount().orElse(entry.getWarmupForks().orElse(Defaults.WARMUP_FORKS));
            long perFork = cmd.getWarmupIterations().orElse(entry.getWarmupIterations().orElse(Defaults.WARMUP_ITERATIONS))
                    * nanos(cmd.getWarmupTime().orElse(entry.getWarmupTime().orElse(Defaults.WARMUP_TIME)))
                    + cmd.getMeasurementIterations().orElse(entry.getMeasurementIterations().orElse(Defaults.MEASUREMENT_ITERATIONS))
                    * nanos(cmd.getMeasurementTime().orElse(entry.getMeasurementTime().orElse(Defaults.MEASUREMENT_TIME)));
            trials += combinations * modes;
            nanos += (long) combinations * modes * Math.max(1, forks) * perFork;
        }
        return new TrialPlan(trials, Duration.ofNanos(nanos));
    }

    /** The plan of the launcher's arguments as a part of a preset passes them (suite options first). */
    static TrialPlan of(String[] args) {
        try {
            CommandLineOptions cmd = new CommandLineOptions(SuiteOptions.parse(args).rest().toArray(String[]::new));
            return of(cmd, cmd.getIncludes().isEmpty() ? List.of(BenchMain.QUICK) : cmd.getIncludes());
        } catch (org.openjdk.jmh.runner.options.CommandLineOptionException e) {
            // The part's own run refuses the same arguments with its one line; its share of the estimate is nothing.
            return NONE;
        }
    }

    TrialPlan plus(TrialPlan other) {
        return new TrialPlan(trials + other.trials, nominal.plus(other.nominal));
    }

    private static long nanos(TimeValue t) {
        return TimeUnit.NANOSECONDS.convert(t.getTime(), t.getTimeUnit());
    }
}
