package org.pgingest;

import org.pgingest.cli.BenchMain;
import org.pgingest.cli.TableSelection;
import org.pgingest.compare.RankMain;

import java.io.IOException;
import java.util.List;
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

    /** The one option without a value of a ranking and a JMH run alike. */
    private static final String NO_REPORT = "--no-report";

    private Bench() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        // The launcher's own servers say nothing on stderr but problems (slf4j-simple reads this at its first logger).
        System.setProperty("org.slf4j.simpleLogger.log.org.pgingest.server", "warn");
        if (args.length == 0 || RankMain.tunesQuick(List.of(args))) {
            System.exit(RankMain.run(RankMain.quickArgs(List.of(args)), System.out, System.err));
        }
        if (ranks(List.of(args))) {
            System.exit(RankMain.run(args, System.out, System.err));
        }
        BenchMain.main(args);
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
