package org.pgingest.compare;

import org.openjdk.jmh.runner.options.TimeValue;
import org.pgingest.cli.BenchMain;
import org.pgingest.cli.OptionArgs;
import org.pgingest.cli.UsageException;
import org.pgingest.gate.GateInputException;
import org.pgingest.gate.GateRules;
import org.pgingest.gate.PairedRatio;
import org.pgingest.gate.Rule;
import org.pgingest.secret.SecretBearing;
import org.pgingest.server.SuiteOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The command line of {@code ./bench compare} after its leading {@code -D} options: the two jars, each side's own
 * options, where the verdict goes, the gate's rules, and JMH's selection, params and iteration settings (the same for
 * both sides).
 *
 * @param suite         the suite's {@code -D} options for the server both sides share (and, outside {@code pg.}, for
 *                      both sides' JVMs)
 * @param jars          each side's jar
 * @param sideArgs      each side's {@code --*-opt} arguments
 * @param json          JSON verdict file, if asked
 * @param markdown      Markdown verdict file, if asked
 * @param results       where both sides' JMH results and logs go
 * @param rules         the rules counted and timed figures are judged by
 * @param askedRules    the {@code --rule} options among them, each of which must match a figure of the results
 * @param includes      benchmark regexes (empty: the quick selection)
 * @param excludes      benchmark regexes to leave out
 * @param params        {@code -p} values by name
 * @param forks         forks per side and trial
 * @param warmups       warm-up iterations per side and fork
 * @param warmupTime    each warm-up iteration's time
 * @param iterations    measured iterations per side and fork (even: pairs alternate their order)
 * @param iterationTime each measured iteration's time
 * @param threads       benchmark threads, if given
 */
record CompareOptions(SuiteOptions suite, Map<Side, Path> jars, Map<Side, List<String>> sideArgs, Optional<Path> json,
                      Optional<Path> markdown, Path results, GateRules rules, List<Rule> askedRules,
                      List<String> includes,
                      List<String> excludes, Map<String, List<String>> params, int forks, int warmups,
                      TimeValue warmupTime, int iterations, TimeValue iterationTime, Optional<Integer> threads) {

    static final String USAGE = "usage: compare [-DNAME=VALUE]... --baseline A.jar --candidate B.jar "
            + "[--baseline-opt -DNAME=VALUE]... [--candidate-opt -DNAME=VALUE]... [--json FILE] [--markdown FILE] "
            + "[--results DIR] [--alpha P] [--timed PCT] [--counted PCT] [--rule PATTERN=PCT[,FLOOR]|PATTERN=ignore]... "
            + "[REGEX]... [-e REGEX]... [-p NAME=V1,V2]... [-f N] [-wi N] [-w TIME] [-i N] [-r TIME] [-t N]";
    static final Path DEFAULT_RESULTS = Path.of("target", "compare");
    /**
     * Defaults per side and trial: one fork, two warm-up iterations and 16 measured ones of half a second, so about
     * 30 s a trial and 4 minutes for the quick selection's eight. Half a second: an iteration also costs its table
     * reset, checkpoint and cost windows (about 0.15 s here), so shorter ones buy pairs with overhead; 16 pairs: the
     * interval's t quantile is within 15 % of its large-sample value from there. Why: docs/compare.md, "Lengths".
     */
    static final int DEFAULT_FORKS = 1;
    static final int DEFAULT_WARMUPS = 2;
    static final TimeValue DEFAULT_WARMUP_TIME = TimeValue.milliseconds(500);
    static final int DEFAULT_ITERATIONS = 16;
    static final TimeValue DEFAULT_ITERATION_TIME = TimeValue.milliseconds(500);

    /**
     * Reads the command line; a mistake is one line with the usage. The values of {@code --baseline-opt} and
     * {@code --candidate-opt} are taken out first: their {@code -D} options are one side's, where every other
     * {@code -D} option is the suite's ({@link SuiteOptions#parse}).
     */
    static CompareOptions parse(String[] commandLine) {
        Map<Side, List<String>> sideArgs = new EnumMap<>(Side.class);
        for (Side s : Side.values()) {
            sideArgs.put(s, new ArrayList<>());
        }
        List<String> others = new ArrayList<>();
        for (int i = 0; i < commandLine.length; i++) {
            String a = commandLine[i];
            if (a.equals("--baseline-opt") || a.equals("--candidate-opt")) {
                sideArgs.get(a.startsWith("--baseline") ? Side.BASELINE : Side.CANDIDATE)
                        .add(value(List.of(commandLine), ++i, a));
            } else if (a.startsWith("--baseline-opt=") || a.startsWith("--candidate-opt=")) {
                sideArgs.get(a.startsWith("--baseline") ? Side.BASELINE : Side.CANDIDATE)
                        .add(a.substring(a.indexOf('=') + 1));
            } else {
                others.add(a);
            }
        }
        SuiteOptions suite = SuiteOptions.parse(others.toArray(String[]::new));
        List<String> args = suite.rest();
        Map<Side, Path> jars = new EnumMap<>(Side.class);
        Path json = null;
        Path markdown = null;
        Path results = DEFAULT_RESULTS;
        GateRules rules = GateRules.defaults().withTimed(PairedVerdict.DEFAULT_TIMED);
        List<Rule> extra = new ArrayList<>();
        List<String> includes = new ArrayList<>();
        List<String> excludes = new ArrayList<>();
        Map<String, List<String>> params = new LinkedHashMap<>();
        int forks = DEFAULT_FORKS;
        int warmups = DEFAULT_WARMUPS;
        TimeValue warmupTime = DEFAULT_WARMUP_TIME;
        int iterations = DEFAULT_ITERATIONS;
        TimeValue iterationTime = DEFAULT_ITERATION_TIME;
        Integer threads = null;
        try {
            OptionArgs.repeated(args, List.of("--baseline", "--candidate", "--json", "--markdown", "--results", "--alpha",
                    "--timed", "--counted", "-f", "-wi", "-w", "-i", "-r", "-t")).ifPresent(problem -> {
                        throw new UsageException(problem);
                    });
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                switch (a) {
                    case "--baseline" -> jars.put(Side.BASELINE, Path.of(value(args, ++i, a)));
                    case "--candidate" -> jars.put(Side.CANDIDATE, Path.of(value(args, ++i, a)));
                    case "--json" -> json = Path.of(value(args, ++i, a));
                    case "--markdown" -> markdown = Path.of(value(args, ++i, a));
                    case "--results" -> results = Path.of(value(args, ++i, a));
                    case "--alpha" -> rules = rules.withAlpha(Rule.fraction(value(args, ++i, a), a));
                    case "--timed" -> rules = rules.withTimed(Rule.fraction(value(args, ++i, a), a));
                    case "--counted" -> rules = rules.withCounted(Rule.fraction(value(args, ++i, a), a));
                    case "--rule" -> extra.add(Rule.parse(value(args, ++i, a)));
                    case "-e" -> excludes.add(value(args, ++i, a));
                    case "-p" -> {
                        String spec = value(args, ++i, a);
                        int eq = spec.indexOf('=');
                        if (eq <= 0 || eq == spec.length() - 1) {
                            throw new UsageException("-p " + spec + ": give -p NAME=VALUE[,VALUE...]");
                        }
                        params.put(spec.substring(0, eq).trim(), List.of(spec.substring(eq + 1).split(",")));
                    }
                    case "-f" -> forks = whole(value(args, ++i, a), a, 1);
                    case "-wi" -> warmups = whole(value(args, ++i, a), a, 0);
                    case "-w" -> warmupTime = time(value(args, ++i, a), a);
                    case "-i" -> iterations = whole(value(args, ++i, a), a, PairedRatio.MIN_PAIRS);
                    case "-r" -> iterationTime = time(value(args, ++i, a), a);
                    case "-t" -> threads = whole(value(args, ++i, a), a, 1);
                    default -> {
                        if (a.startsWith("-")) {
                            throw new UsageException("unknown option " + SecretBearing.masked(a) + " (JMH options other than -e, -p, -f, "
                                    + "-wi, -w, -i, -r and -t are not taken: both sides must run alike); " + USAGE);
                        }
                        includes.add(a);
                    }
                }
            }
        } catch (GateInputException e) {
            throw new UsageException(e.getMessage());
        }
        for (Side s : Side.values()) {
            if (!jars.containsKey(s)) {
                throw new UsageException("--" + s.id() + " JAR is required (the target/benchmarks.jar of the "
                        + (s == Side.BASELINE ? "build to compare against" : "build to judge") + "); " + USAGE);
            }
        }
        if (iterations % 2 != 0) {
            throw new UsageException("-i " + iterations + ": give an even number of measured iterations (pairs alternate "
                    + "their order, baseline first then candidate first, so that drift cancels in each two)");
        }
        return new CompareOptions(suite, jars, sideArgs, Optional.ofNullable(json), Optional.ofNullable(markdown), results,
                rules.withRules(extra), List.copyOf(extra), includes.isEmpty() ? List.of(BenchMain.QUICK) : includes, excludes, params,
                forks, warmups, warmupTime, iterations, iterationTime, Optional.ofNullable(threads));
    }

    /** JMH's forks, iteration and thread options, the same for both sides. */
    List<String> iterationArgs() {
        List<String> args = new ArrayList<>(List.of("-f", Integer.toString(forks), "-wi", Integer.toString(warmups),
                "-w", jmhTime(warmupTime), "-i", Integer.toString(iterations), "-r", jmhTime(iterationTime)));
        threads.ifPresent(t -> args.addAll(List.of("-t", Integer.toString(t))));
        return args;
    }

    /** "1s" for JMH's command line (TimeValue prints "1 s"). */
    private static String jmhTime(TimeValue t) {
        return t.toString().replace(" ", "");
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value; " + USAGE);
        }
        return args.get(i);
    }

    private static int whole(String value, String option, int least) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= least) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new UsageException(option + " " + value + ": give a whole number of " + least + " or more");
    }

    private static TimeValue time(String value, String option) {
        TimeValue time;
        try {
            time = TimeValue.fromString(value);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + " " + value + ": give a time as JMH takes it, e.g. 1s or 500ms");
        }
        // JMH 1.37 writes a time of 0 as "single-shot", which its own command line then refuses in every launcher
        if (time.getTime() <= 0) {
            throw new UsageException(option + " " + value + ": give a time above 0, e.g. 1s or 500ms");
        }
        return time;
    }
}
