package org.pgingest;

import org.pgingest.cli.BenchMain;
import org.pgingest.cli.OptionArgs;
import org.pgingest.cli.TableSelection;
import org.pgingest.compare.RankMain;
import org.pgingest.rate.RateLadder;
import org.pgingest.secret.SecretBearing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ./bench}'s front door for benchmark runs: no arguments (or only a ranking's tuning, {@code --budget 3m}), or
 * a user's table without JMH's run options, end with a ranking that states its confidence ({@link RankMain}); anything else is a JMH run ({@link BenchMain}): a
 * preset, named benchmarks, or a table with JMH options ({@code -i 5}, {@code -t 2}, ...) for separate trials with
 * JMH's own figures. It lives above both packages so that neither names the other.
 */
public final class Bench {
    /** JMH options that ask for a JMH run of separate trials rather than a ranking. */
    private static final Set<String> JMH_RUN_OPTIONS = Set.of("-i", "-wi", "-r", "-w", "-f", "-t", "-bm", "-bs", "-tu",
            "-rff", "-rf", "-prof", "-l", "-lp", "-h", "--preset");

    /** The commands the bench script starts when their name comes first ({@code ./bench rank ...}). */
    private static final List<String> COMMANDS = List.of("rank", "compare", "gate", "report", "export", "rate");

    /** The one option without a value of a ranking and a JMH run alike. */
    private static final String NO_REPORT = "--no-report";

    private Bench() {
    }

    /**
     * "unknown option --budjet: ..." for the first long option that is none of the suite's (JMH's own take one dash,
     * and JMH said of it only "budjet is not a recognized option"); a JVM argument after -jvmArgs* is not one.
     */
    static Optional<String> unknownLongOption(List<String> args) {
        List<String> known = new ArrayList<>(BenchMain.longOptions());
        RankMain.longOptions().stream().filter(o -> !known.contains(o)).forEach(known::add);
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("-jvmArgs")) {
                i++;
            } else if (arg.startsWith("--") && !known.contains(arg)) {
                return Optional.of("unknown option " + SecretBearing.masked(arg) + ": the suite's are "
                        + String.join(", ", known) + "; JMH's take one dash (./bench -h lists them)");
            }
        }
        return Optional.empty();
    }

    public static void main(String[] given) throws IOException, InterruptedException {
        String[] args = OptionArgs.spaced(given);
        // The launcher's own servers say nothing on stderr but problems (slf4j-simple reads this at its first logger).
        System.setProperty("org.slf4j.simpleLogger.log.org.pgingest.server", "warn");
        Optional<String> misplaced = misplacedCommand(List.of(args));
        if (misplaced.isPresent()) {
            System.err.println("pg-ingest-bench: " + misplaced.get());
            System.exit(2);
        }
        if (args.length == 0 || RankMain.tunesQuick(List.of(args))) {
            System.exit(RankMain.run(RankMain.quickArgs(List.of(args)), System.out, System.err));
        }
        if (ranks(List.of(args))) {
            System.exit(RankMain.run(args, System.out, System.err));
        }
        // the rate presets take rate's options, --json among them
        int preset = List.of(args).indexOf("--preset");
        boolean ratePreset = preset >= 0 && preset + 1 < args.length && RateLadder.named(args[preset + 1]).isPresent();
        Optional<String> unknown = ratePreset ? Optional.empty() : unknownLongOption(List.of(args));
        if (unknown.isPresent()) {
            System.err.println("pg-ingest-bench: " + unknown.get());
            System.exit(2);
        }
        Optional<String> rankingOption = ratePreset ? Optional.empty() : RankMain.rankingOptionInTrials(List.of(args));
        if (rankingOption.isPresent()) {
            System.err.println("pg-ingest-bench: " + rankingOption.get());
            System.exit(2);
        }
        BenchMain.main(args);
    }

    /**
     * A command's name after -D options ({@code ./bench -Djmh.ignoreLock=true rank ...}): the script starts a command
     * only when its name comes first, and JMH would read the rest as its own options.
     */
    static Optional<String> misplacedCommand(List<String> args) {
        int i = 0;
        while (i < args.size() && args.get(i).startsWith("-D")) {
            i++;
        }
        if (i == 0 || i == args.size() || !COMMANDS.contains(args.get(i))) {
            return Optional.empty();
        }
        List<String> reordered = new ArrayList<>(List.of("./bench", args.get(i)));
        reordered.addAll(args.subList(0, i));
        reordered.add("...");
        return Optional.of(args.get(i) + " must come first, its -D options after it: " + String.join(" ", reordered));
    }

    /** A user's table, and no benchmark named and no JMH run option given. */
    static boolean ranks(List<String> args) {
        if (!TableSelection.asked(args)) {
            return false;
        }
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (JMH_RUN_OPTIONS.contains(a)) {
                return false;
            }
            if (a.equals(NO_REPORT) || TableSelection.isFlag(a)) {
                continue; // an option without a value
            }
            if (a.startsWith("--") || a.equals("-p")) {
                i++;
            } else if (!a.startsWith("-")) {
                return false;
            }
        }
        return true;
    }
}
