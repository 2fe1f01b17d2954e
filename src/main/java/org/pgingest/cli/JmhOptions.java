package org.pgingest.cli;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.WarmupMode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * JMH options whose bad values JMH 1.37 takes badly, checked in one line each naming the valid choices: a benchmark
 * mode it throws as a stack trace, a result format or warm-up mode in Java's words ("No enum constant ..."), a
 * boolean it reads as false whatever it says, a JVM it fails to start with a stack trace, a profiler it names only as
 * "Profilers failed to initialize".
 */
final class JmhOptions {
    private static final List<String> BOOLEANS = List.of("-si", "-gc", "-foe");

    private JmhOptions() {
    }

    /** Checks the values of {@code args} (JMH's command line, the suite's options taken out) before JMH parses them. */
    static void requireValid(List<String> args) {
        for (int i = 0; i + 1 < args.size(); i++) {
            String option = args.get(i);
            String value = args.get(i + 1);
            switch (option) {
                case "-bm" -> {
                    for (String mode : value.split(",")) {
                        try {
                            Mode.deepValueOf(mode.trim());
                        } catch (IllegalStateException e) {
                            throw new UsageException("-bm " + value + ": no benchmark mode " + mode.trim() + "; JMH's: "
                                    + String.join(", ", Mode.getKnown()));
                        }
                    }
                }
                // the suite's ranking, report and gate read JMH's JSON (a CSV had been written into the .json file)
                case "-rf" -> {
                    if (!value.equalsIgnoreCase("json")) {
                        throw new UsageException("-rf " + value + ": the suite reads its results as JSON (the ranking, "
                                + "./bench report and gate): -rf json, or leave it out");
                    }
                }
                case "-wm" -> {
                    if (Arrays.stream(WarmupMode.values()).noneMatch(m -> m.name().equals(value))) {
                        throw new UsageException("-wm " + value + ": no warm-up mode " + value + "; JMH's: "
                                + Arrays.stream(WarmupMode.values()).map(Enum::name).collect(Collectors.joining(", ")));
                    }
                }
                case "-jvm" -> {
                    if (!Files.isRegularFile(Path.of(value)) || !Files.isExecutable(Path.of(value))) {
                        throw new UsageException("-jvm " + value + ": no executable file there; name a java "
                                + "executable, e.g. " + Path.of(System.getProperty("java.home"), "bin", "java"));
                    }
                }
                default -> {
                    if (BOOLEANS.contains(option) && !List.of("true", "false").contains(value.toLowerCase(Locale.ROOT))) {
                        throw new UsageException(option + " " + value + ": true or false");
                    }
                }
            }
        }
    }

    /** Each {@code -prof} of {@code cmd} made once here, as JMH's runner does before the first fork. */
    static void requireProfilers(CommandLineOptions cmd) {
        for (ProfilerConfig profiler : cmd.getProfilers()) {
            try {
                ProfilerFactory.getProfilerOrException(profiler);
            } catch (ProfilerException e) {
                String why = e.getCause() instanceof ClassNotFoundException ? "no such profiler"
                        : String.valueOf(e.getMessage()).lines().findFirst().orElse("cannot be used here");
                throw new UsageException("-prof " + profiler.getKlass() + ": " + why + "; ./bench -lprof lists the "
                        + "profilers this machine has");
            }
        }
    }
}
