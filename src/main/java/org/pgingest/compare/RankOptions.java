package org.pgingest.compare;

import org.pgingest.bench.BenchmarkParameters;
import org.pgingest.cli.DurationText;
import org.pgingest.cli.TableSelection;
import org.pgingest.cli.UsageException;
import org.pgingest.load.LoadMethod;
import org.pgingest.report.ReportFiles;
import org.pgingest.results.OutputFiles;
import org.pgingest.server.SuiteOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The command line of {@code ./bench rank}, read and checked before anything starts; each problem is one
 * {@link UsageException} naming the option and what works.
 *
 * @param suite      leading {@code -D} options (target, version, server settings)
 * @param table      a user's table, when one is selected ({@code --ddl}, {@code --table}, ...)
 * @param methods    {@code -p method=...}, or empty for every method that can write the table
 * @param variants   {@code --variant}s, in order (empty: one candidate per method)
 * @param rows       rows per call, one ranking each
 * @param params     other benchmark parameters for every candidate ({@code shape}, {@code hostileShare}, ...)
 * @param budget     the whole run's time, setup included
 * @param delta      the tie margin as a share
 * @param confidence the family-wise confidence as a share
 * @param slice      one slice's measured time
 * @param seed       the seed of the rounds' orders
 * @param maxRounds  measured rounds at most per ranking, rounded up to whole forks ({@code --rounds}; 0: as many as
 *                   the budget allows)
 * @param roundsPerFork measured rounds each fork of a candidate plays before the next fork replaces it
 * @param warmup     each fork's warm-up time per candidate, counted for nothing: half with every candidate's new fork
 *                   at once (the trial's setup), half its own calls in turns
 * @param json       {@code --json FILE}
 * @param markdown   {@code --markdown FILE}
 * @param report     whether to write target/report.html and .md
 * @param roundsPerForkAsked whether {@code --rounds-per-fork} was given (else it is worked out for the candidates)
 */
record RankOptions(SuiteOptions suite, Optional<TableSelection> table, List<LoadMethod> methods, List<Candidate> variants,
                   List<Integer> rows, Map<String, String> params, Duration budget, double delta, double confidence,
                   Duration slice, long seed, int maxRounds, int roundsPerFork, Duration warmup, Optional<Path> json,
                   Optional<Path> markdown, boolean report, boolean roundsPerForkAsked) {
    static final Duration DEFAULT_BUDGET = Duration.ofMinutes(10);
    static final double DEFAULT_DELTA = 0.03;
    static final double DEFAULT_CONFIDENCE = 0.95;
    static final Duration DEFAULT_SLICE = Duration.ofMillis(500);
    /** The budget of {@code ./bench} alone, the quick selection's ranking. */
    static final String QUICK_BUDGET = "5m";
    /**
     * Rounds per fork unless {@code --rounds-per-fork} says: the most, from 12 down to 4, with which the budget holds
     * twice the run's least time. A fork's start and warm-up cost about ten rounds, so long forks waste less; but each
     * ranking needs its 3 forks and, for a narrow interval, many more (Student's t over few forks is wide; docs/rank.md,
     * Forks, has the measurements).
     */
    static final int LONGEST_DEFAULT_ROUNDS_PER_FORK = 12;
    static final int SHORTEST_DEFAULT_ROUNDS_PER_FORK = 4;
    /** A new fork's calls get faster for seconds as the JIT compiles them, each fork anew (docs/rank.md, Forks). */
    static final Duration DEFAULT_WARMUP = Duration.ofSeconds(4);
    /**
     * Rows per call by default, on a published shape (the quick selection's) and on a user's table alike: one ranking.
     * A bulk ranking (50,000 rows) holds one call per slice, and a generation of ten candidates' forks took 5 min on
     * the shop dump (docs/rank.md): it is asked for with -p rows and a budget of its own.
     */
    static final List<Integer> DEFAULT_ROWS = List.of(500);
    /** Benchmark parameters a rank passes to every candidate; method and rows are its own axes. */
    static final Set<String> PARAMS = Set.of("shape", "indexes", "hostileShare", "existingRows", "batchSize",
            "commitEvery");
    /** The ranges each tuning option is refused outside of; the checks and {@link #usage} read them here. */
    static final Duration LEAST_SLICE = Duration.ofMillis(100);
    static final Duration MOST_SLICE = Duration.ofMinutes(1);
    static final Duration LEAST_WARMUP = Duration.ofMillis(200);
    static final Duration MOST_WARMUP = Duration.ofMinutes(5);
    static final double MOST_DELTA_PCT = 50;
    static final double LEAST_CONFIDENCE_PCT = 50;
    static final int LEAST_ROUNDS_PER_FORK = 2;
    static final int MOST_ROUNDS_PER_FORK = 100;
    static final List<String> OPTIONS = List.of("-p", Candidate.VARIANT, "--budget", "--delta", "--confidence",
            "--slice", "--warmup", "--seed", "--rounds", "--rounds-per-fork", "--json", "--markdown", "--no-report");

    /**
     * Whether every argument is an option that tunes a ranking (its budget, margin, confidence, slices, seed, rounds,
     * outputs) without choosing its candidates ({@code -p}, {@code --variant}) or its table, each with its value.
     */
    static boolean onlyTuning(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--no-report")) {
                continue;
            }
            if (!OPTIONS.contains(a) || a.equals("-p") || a.equals(Candidate.VARIANT) || i + 1 == args.size()) {
                return false;
            }
            i++;
        }
        return !args.isEmpty();
    }

    /** The first option among {@code args} that only a ranking takes (not -p, --no-report: JMH runs take them too). */
    static Optional<String> rankingOnlyOption(List<String> args) {
        return args.stream().filter(a -> OPTIONS.contains(a) && !a.equals("-p") && !a.equals("--no-report")).findFirst();
    }

    /**
     * What the default file names add to the table's label: the methods, variants, rows per call and parameters chosen
     * ("-method_COPY_BINARY+COPY_TEXT", "-existingRows_200000"), none for every method (or the quick selection) at the
     * defaults. A narrowed ranking, as an open verdict advises one, replaced the full one's verdict (a new user's).
     */
    String fileSuffix() {
        StringBuilder suffix = new StringBuilder();
        if (!methods.isEmpty() && !(table.isEmpty() && methods.equals(RankMain.QUICK))) {
            suffix.append("-method_").append(String.join("+", methods.stream().map(Enum::name).toList()));
        }
        if (!variants.isEmpty()) {
            suffix.append("-variant_").append(String.join("+", variants.stream().map(Candidate::name).toList()));
        }
        if (!rows.equals(DEFAULT_ROWS)) {
            suffix.append("-rows_").append(String.join("+", rows.stream().map(String::valueOf).toList()));
        }
        new java.util.TreeMap<>(params).forEach((name, value) -> {
            if (!name.equals("shape")) {
                suffix.append('-').append(name).append('_').append(value.replace(',', '+'));
            }
        });
        return suffix.toString().replace('/', '_');
    }

    static RankOptions parse(String[] args) {
        SuiteOptions suite = SuiteOptions.parse(args);
        List<String> rest = suite.rest();
        Optional<TableSelection> table = Optional.empty();
        if (TableSelection.asked(rest)) {
            table = Optional.of(TableSelection.take(rest));
            rest = table.get().rest();
        }
        Map<String, List<String>> p = new LinkedHashMap<>();
        List<Candidate> variants = new ArrayList<>();
        Map<String, String> single = new LinkedHashMap<>();
        boolean report = true;
        for (int i = 0; i < rest.size(); i++) {
            String arg = rest.get(i);
            if (arg.equals("--no-report")) {
                report = false;
                continue;
            }
            if (arg.startsWith("-p") && arg.length() > 2) {
                parameter(arg.substring(2), p);
                continue;
            }
            if (!OPTIONS.contains(arg)) {
                throw new UsageException(arg + " is no option of rank (--help lists them); valid: "
                        + String.join(", ", OPTIONS) + ", a table (--ddl FILE --table NAME, or --table NAME on an external server; with --rows "
                        + "FILE.csv, --sample N, --drop-foreign-keys, --keep-schema) and leading -D options");
            }
            if (i + 1 >= rest.size()) {
                throw new UsageException(arg + " needs a value");
            }
            String value = rest.get(++i);
            if (arg.equals("-p")) {
                parameter(value, p);
            } else if (arg.equals(Candidate.VARIANT)) {
                variants.add(Candidate.parseVariant(value));
            } else if (single.put(arg, value) != null) {
                throw new UsageException(arg + " given twice: give it once");
            }
        }
        if (table.isPresent() && (p.containsKey("shape") || p.containsKey("indexes"))) {
            throw new UsageException("-p shape and -p indexes choose a published table; --table chose yours: leave them out");
        }
        List<LoadMethod> methods = p.containsKey("method") ? methods(p.remove("method")) : List.of();
        if (!methods.isEmpty() && !variants.isEmpty()) {
            throw new UsageException("-p method and " + Candidate.VARIANT + " both name the candidates: give one "
                    + "(a variant names its method: " + Candidate.VARIANT + " NAME=METHOD,...)");
        }
        Set<String> names = new LinkedHashSet<>();
        for (Candidate v : variants) {
            if (!names.add(v.name())) {
                throw new UsageException(Candidate.VARIANT + " " + v.name() + " given twice: give each variant a name of "
                        + "its own");
            }
        }
        if (variants.size() == 1) {
            throw new UsageException("one " + Candidate.VARIANT + " ranks nothing: give two or more (two of the same "
                    + "method, one with a setting changed, is an A/A or a planted difference)");
        }
        if (methods.size() == 1) {
            throw new UsageException("-p method=" + methods.get(0) + " ranks nothing: name two or more methods, or leave "
                    + "-p method out for every method that can write the table");
        }
        List<Integer> rows = p.containsKey("rows") ? rows(p.remove("rows")) : DEFAULT_ROWS;
        Map<String, String> params = new LinkedHashMap<>();
        p.forEach((name, values) -> {
            if (!PARAMS.contains(name)) {
                throw new UsageException("-p " + name + ": rank takes -p method, rows, "
                        + PARAMS.stream().sorted().collect(Collectors.joining(", ")));
            }
            if (values.size() != 1) {
                throw new UsageException("-p " + name + "=" + String.join(",", values) + ": rank takes one value (rows per "
                        + "call are its only axis besides the candidates); run one rank per value");
            }
            params.put(name, values.get(0));
        });
        Duration budget = Optional.ofNullable(single.get("--budget")).map(v -> duration("--budget", v)).orElse(DEFAULT_BUDGET);
        if (budget.compareTo(DurationText.LONGEST) > 0) {
            throw new UsageException("--budget " + single.get("--budget") + ": give at most " + text(DurationText.LONGEST)
                    + " (a week)");
        }
        Duration slice = Optional.ofNullable(single.get("--slice")).map(v -> duration("--slice", v)).orElse(DEFAULT_SLICE);
        if (slice.compareTo(LEAST_SLICE) < 0 || slice.compareTo(MOST_SLICE) > 0) {
            throw new UsageException("--slice " + single.get("--slice") + ": give " + text(LEAST_SLICE) + " to "
                    + text(MOST_SLICE) + " (one candidate's measured time per round)");
        }
        Duration warmup = Optional.ofNullable(single.get("--warmup")).map(v -> duration("--warmup", v))
                .orElse(DEFAULT_WARMUP);
        if (warmup.compareTo(LEAST_WARMUP) < 0 || warmup.compareTo(MOST_WARMUP) > 0) {
            throw new UsageException("--warmup " + single.get("--warmup") + ": give " + text(LEAST_WARMUP) + " to "
                    + text(MOST_WARMUP) + " (each new fork's warm-up per candidate, before its measured rounds)");
        }
        double delta = Optional.ofNullable(single.get("--delta")).map(v -> percent("--delta", v, 0, MOST_DELTA_PCT))
                .orElse(DEFAULT_DELTA);
        double confidence = Optional.ofNullable(single.get("--confidence")).map(v -> percent("--confidence", v, LEAST_CONFIDENCE_PCT, 100))
                .orElse(DEFAULT_CONFIDENCE);
        long seed = Optional.ofNullable(single.get("--seed")).map(RankOptions::seed).orElse(System.nanoTime());
        Optional<Path> json = Optional.ofNullable(single.get("--json")).map(Path::of);
        Optional<Path> markdown = Optional.ofNullable(single.get("--markdown")).map(Path::of);
        List<Map.Entry<String, Path>> outputs = new ArrayList<>();
        json.ifPresent(f -> outputs.add(Map.entry("--json", f)));
        markdown.ifPresent(f -> outputs.add(Map.entry("--markdown", f)));
        OutputFiles.problem(outputs, table.map(TableSelection::files).orElse(List.of())).ifPresent(problem -> {
            throw new UsageException(problem);
        });
        if (report) {
            // the report is written after the verdict, over it (an adversarial pass saw "verdict in target/report.md")
            for (Map.Entry<String, Optional<Path>> output : Map.of("--json", json, "--markdown", markdown).entrySet()) {
                Optional<Path> clash = output.getValue().filter(ReportFiles::isReportFile);
                if (clash.isPresent()) {
                    throw new UsageException(output.getKey() + " " + clash.get() + " is where the report goes: give "
                            + "another file, or --no-report");
                }
            }
        }
        boolean perForkAsked = single.containsKey("--rounds-per-fork");
        RankOptions options = new RankOptions(suite, table, methods, variants, rows, params, budget, delta, confidence,
                slice, seed, 0, LONGEST_DEFAULT_ROUNDS_PER_FORK, warmup, json, markdown, report, perForkAsked);
        options = options.withRoundsPerFork(perForkAsked ? roundsPerFork(single.get("--rounds-per-fork"))
                : options.defaultRoundsPerFork(options.candidates().size()));
        if (single.containsKey("--rounds")) {
            options = options.withMaxRounds(rounds(single.get("--rounds"), options.roundsPerFork()));
        }
        options.checkParameters();
        return options;
    }

    /** The candidates asked for: the variants, the methods named, or every method. */
    List<Candidate> candidates() {
        if (!variants.isEmpty()) {
            return variants;
        }
        return (methods.isEmpty() ? Arrays.asList(LoadMethod.values()) : methods).stream().map(Candidate::of).toList();
    }

    /**
     * These options for a ranking of {@code candidates} (on a user's table, those that can write it, known once it is
     * read): the rounds per fork worked out for that many, unless {@code --rounds-per-fork} was given.
     */
    RankOptions forCandidates(int candidates) {
        return roundsPerForkAsked ? this : withRoundsPerFork(defaultRoundsPerFork(candidates));
    }

    private int defaultRoundsPerFork(int candidates) {
        for (int r = LONGEST_DEFAULT_ROUNDS_PER_FORK; r > SHORTEST_DEFAULT_ROUNDS_PER_FORK; r--) {
            if (2 * RankMain.minimumSeconds(withRoundsPerFork(r), candidates) <= budget.toMillis() / 1000.0) {
                return r;
            }
        }
        return SHORTEST_DEFAULT_ROUNDS_PER_FORK;
    }

    RankOptions withRoundsPerFork(int perFork) {
        return new RankOptions(suite, table, methods, variants, rows, params, budget, delta, confidence, slice, seed,
                maxRounds, perFork, warmup, json, markdown, report, roundsPerForkAsked);
    }

    private RankOptions withMaxRounds(int rounds) {
        return new RankOptions(suite, table, methods, variants, rows, params, budget, delta, confidence, slice, seed,
                rounds, roundsPerFork, warmup, json, markdown, report, roundsPerForkAsked);
    }

    /**
     * Of every method (no -p method, no variants), those the parameters rule out, with the launcher's reason: COPY_FREEZE
     * with -p existingRows, which it would empty (a new user's table ranking on 200,000 rows was refused whole). They are
     * listed as not ranked; methods named with -p method are refused instead.
     */
    Map<LoadMethod, String> ruledOut() {
        Map<LoadMethod, String> out = new LinkedHashMap<>();
        if (methods.isEmpty() && variants.isEmpty()) {
            for (Candidate c : candidates()) {
                problem(c).ifPresent(why -> out.put(c.method(), why));
            }
        }
        return out;
    }

    /** Every trial the run would start, checked by the launcher's own parameter rules (one line, before anything). */
    private void checkParameters() {
        Map<LoadMethod, String> ruledOut = ruledOut();
        for (Candidate c : candidates()) {
            if (!ruledOut.containsKey(c.method())) {
                problem(c).ifPresent(why -> {
                    throw new UsageException((variants.isEmpty() ? "" : Candidate.VARIANT + " " + c.name() + ": ") + why);
                });
            }
        }
    }

    /** The launcher's parameter rules' problem with a candidate's trials at any of the rows per call, if any. */
    private Optional<String> problem(Candidate c) {
        for (int r : rows) {
            // IngestState's defaults for what neither the options nor the candidate set.
            Map<String, String> trial = new LinkedHashMap<>(Map.of("shape", "USERS", "indexes", "STANDARD",
                    "batchSize", Integer.toString(LoadMethod.Knobs.DEFAULT.batchSize()),
                    "commitEvery", Integer.toString(LoadMethod.Knobs.DEFAULT.commitEvery()), "existingRows", "0"));
            trial.putAll(trialParams(c, r));
            if (table.isPresent()) {
                trial.remove("shape");
                trial.remove("indexes");
            }
            Optional<String> problem = BenchmarkParameters.problem(trial);
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    /** The benchmark parameters of one candidate's trial at {@code rows} rows per call (without the table). */
    Map<String, String> trialParams(Candidate c, int rowsPerCall) {
        Map<String, String> trial = new LinkedHashMap<>(params);
        trial.put("method", c.method().name());
        trial.put("rows", Integer.toString(rowsPerCall));
        trial.putAll(c.knobs());
        return trial;
    }

    private static void parameter(String spec, Map<String, List<String>> p) {
        int eq = spec.indexOf('=');
        if (eq < 1 || eq == spec.length() - 1) {
            throw new UsageException("-p " + spec + ": write -p NAME=VALUE[,VALUE...]" + (spec.startsWith("method=")
                    ? "; methods: " + Arrays.stream(LoadMethod.values()).map(Enum::name).collect(Collectors.joining(", "))
                    : ""));
        }
        String name = spec.substring(0, eq).trim();
        if (p.put(name, List.of(spec.substring(eq + 1).split(","))) != null) {
            throw new UsageException("-p " + name + " given twice: give its values once, comma-separated");
        }
    }

    private static List<LoadMethod> methods(List<String> values) {
        List<LoadMethod> methods = new ArrayList<>();
        for (String v : values) {
            try {
                LoadMethod m = LoadMethod.valueOf(v.trim().toUpperCase(java.util.Locale.ROOT)); // as rate --method
                if (methods.contains(m)) {
                    throw new UsageException("-p method=" + String.join(",", values) + ": " + m + " given twice");
                }
                methods.add(m);
            } catch (IllegalArgumentException e) {
                throw new UsageException("-p method=" + v + ": no such method; valid: "
                        + Arrays.stream(LoadMethod.values()).map(Enum::name).collect(Collectors.joining(", ")));
            }
        }
        return methods;
    }

    private static List<Integer> rows(List<String> values) {
        List<Integer> rows = new ArrayList<>();
        for (String v : values) {
            try {
                int r = Integer.parseInt(v.trim());
                if (r >= 1 && !rows.contains(r)) {
                    rows.add(r);
                    continue;
                }
            } catch (NumberFormatException e) {
                // the same line as a value out of range
            }
            throw new UsageException("-p rows=" + v + ": give whole numbers of 1 or more, each once (one ranking each)");
        }
        return rows;
    }

    static Duration duration(String option, String value) {
        return DurationText.parse(value).orElseThrow(() -> new UsageException(option + " " + value
                + ": give a duration such as 90s, 10m, 1h or 2m30s"));
    }

    /** Whether the command line asks for {@link #usage} (anywhere in it: nothing else is read then). */
    static boolean helpAsked(String[] args) {
        List<String> given = Arrays.asList(args);
        return given.contains("--help") || given.contains("-h");
    }

    /** {@code ./bench rank --help}: every option with its default and the range it is refused outside of. */
    static String usage() {
        return String.join("\n",
                "./bench rank [table] [options]: which candidate loads the table fastest, every claim at a stated",
                "confidence, candidates measured in randomized rounds on one server (docs/rank.md).",
                "",
                "Table (default: the published users shape; -p shape=NAME for another):",
                "  --ddl FILE --table NAME       your table from its DDL (pg_dump --schema-only), copied into the run's own database",
                "  --table NAME                  a live table on an external server (-Dpg.target=external), copied",
                "  with --rows FILE.csv, --sample N, --drop-foreign-keys, --keep-schema (docs/your-table.md)",
                "Candidates (default: every method that can write the table, each one candidate):",
                "  -p method=M1,M2[,...]         two or more methods",
                "  " + Candidate.VARIANT + " NAME=METHOD[,PARAM=VALUE]...[,pg.conf.SETTING=VALUE]...",
                "                                a candidate of its own; two or more (two of one method: an A/A)",
                "  -p rows=N[,N...]              rows per call, one ranking each (default "
                        + DEFAULT_ROWS.stream().map(String::valueOf).collect(Collectors.joining(",")) + ")",
                "  -p NAME=VALUE                 for every candidate, NAME one of "
                        + PARAMS.stream().sorted().collect(Collectors.joining(", ")),
                "When it stops, what it claims:",
                "  --budget DURATION             the whole run, setup included (default " + text(DEFAULT_BUDGET)
                        + ", " + QUICK_BUDGET + " for ./bench alone; at most " + text(DurationText.LONGEST) + "; e.g. 90s, 30m, 1h)",
                "  --delta PCT                   the tie margin, above 0 and below " + fmt(MOST_DELTA_PCT)
                        + " (default " + RankVerdict.pct(DEFAULT_DELTA) + ")",
                "  --confidence PCT              family-wise over every claim and look, above "
                        + fmt(LEAST_CONFIDENCE_PCT) + " and below 100 (default " + RankVerdict.pct(DEFAULT_CONFIDENCE) + ")",
                "Rounds:",
                "  --slice DURATION              a candidate's measured time per round, " + text(LEAST_SLICE) + " to "
                        + text(MOST_SLICE) + " (default " + text(DEFAULT_SLICE) + ")",
                "  --warmup DURATION             each new fork's warm-up, " + text(LEAST_WARMUP) + " to "
                        + text(MOST_WARMUP) + " (default " + text(DEFAULT_WARMUP) + ")",
                "  --rounds-per-fork N           " + LEAST_ROUNDS_PER_FORK + " to " + MOST_ROUNDS_PER_FORK + " (default "
                        + LONGEST_DEFAULT_ROUNDS_PER_FORK + ", down to " + SHORTEST_DEFAULT_ROUNDS_PER_FORK
                        + " when many candidates share the budget)",
                "  --rounds N                    measured rounds at most per ranking, " + RankStatistics.MIN_FORKS
                        + " forks' worth or more (default: as the budget allows)",
                "  --seed N                      the rounds' orders repeat with it (default: drawn)",
                "Output:",
                "  --json FILE, --markdown FILE  the verdict; --no-report: no target/report.html and .md",
                "Leading -D options choose the target, version and server settings (docs/running.md).",
                "Exit 0 with a verdict, settled or not; 1 when the run failed; 2 on bad input (before anything starts)",
                "or a server that cannot be started, reached or given a setting.",
                "");
    }

    /** A duration as the options take it: 500ms, 4s, 10m, 1h. */
    static String text(Duration d) {
        long ms = d.toMillis();
        return ms % 3_600_000 == 0 ? ms / 3_600_000 + "h" : ms % 60_000 == 0 ? ms / 60_000 + "m"
                : ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    /** A percentage ("3", "3%", "99.9") as a share, strictly between {@code low} and {@code high} percent. */
    static double percent(String option, String value, double low, double high) {
        boolean sign = value.trim().endsWith("%");
        String v = sign ? value.trim().substring(0, value.trim().length() - 1) : value.trim();
        try {
            double pct = Double.parseDouble(v);
            if (!sign && pct > 0 && pct < 1) {
                // gate reads a bare 0.05 as 5 %: a bare number below 1 is as likely a fraction as a percentage
                String asPercent = new java.math.BigDecimal(v).movePointRight(2).stripTrailingZeros().toPlainString();
                throw new UsageException(option + " " + value + ": a bare number is a percentage here (" + v + " %), "
                        + "and one below 1 may be meant as a fraction: write " + v + "% for " + v + " percent, or "
                        + asPercent + " for " + asPercent + " percent");
            }
            if (pct > low && pct < high) {
                // the decimal's own share (99.99 / 100 in doubles is 0.99989999...), which the verdict says back
                return new java.math.BigDecimal(v).movePointLeft(2).doubleValue();
            }
        } catch (NumberFormatException e) {
            // the same line as a value out of range
        }
        throw new UsageException(option + " " + value + ": give a percentage above " + fmt(low) + " and below "
                + fmt(high) + ", e.g. " + option + " " + (option.equals("--delta") ? "3" : "95"));
    }

    private static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static long seed(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--seed " + value + ": give a whole number (the rounds' orders repeat with it)");
        }
    }

    private static int rounds(String value, int roundsPerFork) {
        int least = RankStatistics.MIN_FORKS * roundsPerFork;
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= least) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the same line as a value out of range
        }
        throw new UsageException("--rounds " + value + ": give a whole number of " + least + " or more ("
                + RankStatistics.MIN_FORKS + " forks of " + roundsPerFork + " rounds, the fewest in which two "
                + "candidates can claim anything; measured rounds at most, rounded up to whole forks; the budget still ends the run first)");
    }

    private static int roundsPerFork(String value) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= LEAST_ROUNDS_PER_FORK && n <= MOST_ROUNDS_PER_FORK) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the same line as a value out of range
        }
        throw new UsageException("--rounds-per-fork " + value + ": give a whole number from " + LEAST_ROUNDS_PER_FORK
                + " to " + MOST_ROUNDS_PER_FORK + " (measured rounds each candidate's fork plays before a new one "
                + "replaces it)");
    }
}
