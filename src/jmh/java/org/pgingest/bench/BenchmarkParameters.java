package org.pgingest.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.pgingest.load.CopyFormat;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Preparation;
import org.pgingest.load.SqlText;
import org.pgingest.server.Distribution;
import org.pgingest.server.RoundTripDelay;
import org.pgingest.server.TargetException;
import org.pgingest.server.Via;
import org.pgingest.workload.definition.PublishedShapes;
import org.pgingest.workload.definition.ResolvedTables;
import org.pgingest.writers.ConnectionMode;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The JMH parameters the suite's benchmarks share ({@code method}, {@code shape}, {@code indexes},
 * {@code distribution}, {@code shards}, {@code rows}, {@code batchSize}, {@code commitEvery}, {@code hostileShare}, {@code existingRows}, and those of one
 * benchmark: the planning benchmark's {@code prepare} and {@code sql}, the pooler's {@code via},
 * {@code prepareThreshold} and {@code maxPreparedStatements}), checked as the strings JMH
 * receives. One home for what a value may be: the launcher checks every combination a run would start before
 * any fork ({@link #problemInRun}), and a trial started without the launcher (plain JMH) refuses the same
 * combination with the same line ({@link #require}). A preset is a set of {@code -p} values and is checked the
 * same way.
 */
public final class BenchmarkParameters {

    /**
     * Most rows per call: a call's rows are generated in memory before it is timed (a fork's default heap is a
     * quarter of the machine's memory), ten times the largest published call (bulk-1m).
     */
    public static final int MAX_ROWS = 10_000_000;
    /** Most existing rows: loaded by one streamed COPY (constant client memory), but once per trial, before it runs. */
    static final int MAX_EXISTING_ROWS = 100_000_000;

    /** PgBouncer's max_prepared_statements as a JMH parameter (PoolerIngestState's field; read by ServerState). */
    static final String MAX_PREPARED_STATEMENTS = "maxPreparedStatements";

    /** Checks of one value, by parameter name; each gives the parsed value or a one-line problem. */
    private static final Map<String, Function<String, Parsed>> VALUES = Map.ofEntries(
            Map.entry("method", v -> constant(LoadMethod.class, "method", v)),
            Map.entry("shape", BenchmarkParameters::shape),
            Map.entry("indexes", v -> Parsed.ok(v.trim())),
            Map.entry(Distribution.PARAMETER, v -> parsed(() -> Distribution.parse(v))),
            Map.entry(Distribution.SHARDS_PARAMETER, v -> parsed(() -> Distribution.parseShards(v))),
            Map.entry("format", v -> constant(CopyFormat.class, "format", v)),
            Map.entry("connections", v -> constant(ConnectionMode.class, "connections", v)),
            Map.entry("rows", v -> whole("rows", v, 1, MAX_ROWS, "rows per call of the loader, generated in memory before it")),
            Map.entry("batchSize", v -> whole("batchSize", v, 0, Integer.MAX_VALUE, "rows per batch or statement")),
            Map.entry("commitEvery", v -> whole("commitEvery", v, 0, Integer.MAX_VALUE, "rows per transaction, 0 = one per call")),
            Map.entry("workers", v -> whole("workers", v, 1, Integer.MAX_VALUE, "concurrent writers, one connection each")),
            Map.entry("rttMs", v -> number("rttMs", v, 0, RoundTripDelay.MAX_RTT_MS, "number",
                    "milliseconds added to every round trip, 0 = none")),
            Map.entry("hostileShare", v -> number("hostileShare", v, 0, 1, "share", "0.1 = one value in ten from the hostile set")),
            Map.entry("existingRows", v -> whole("existingRows", v, 0, MAX_EXISTING_ROWS, "rows the table holds before each iteration's")),
            Map.entry("sql", BenchmarkParameters::sqlText),
            Map.entry("prepareThreshold", v -> whole("prepareThreshold", v, 0, Integer.MAX_VALUE,
                    "pgjdbc's prepareThreshold: executions before a statement is server-prepared, 0 = never")),
            Map.entry(Via.PARAMETER, BenchmarkParameters::via),
            Map.entry(MAX_PREPARED_STATEMENTS, BenchmarkParameters::maxPreparedStatements));

    private BenchmarkParameters() {
    }

    /** The parameters with a rule of their own here; any other must be an enum ({@link #enumTypes}). */
    static Set<String> ruled() {
        return VALUES.keySet();
    }

    /** A parsed value, or why the string is not one. */
    private record Parsed(Object value, String problem) {
        static Parsed ok(Object value) {
            return new Parsed(value, null);
        }

        static Parsed bad(String problem) {
            return new Parsed(null, problem);
        }
    }

    /**
     * What is wrong with one combination of parameter values (one trial), in one line that names the value and
     * what would work; empty when a trial can run with it. Names the suite does not know are not checked.
     */
    public static Optional<String> problem(Map<String, String> combination) {
        return problem(combination, Map.of());
    }

    /**
     * The same, where {@code enumTypes} gives the enum type of parameters without a rule of their own here (an enum
     * declared beside the benchmarks): a value must be one of its constants.
     */
    static Optional<String> problem(Map<String, String> combination, Map<String, Class<? extends Enum<?>>> enumTypes) {
        Map<String, Object> parsed = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : combination.entrySet()) {
            Function<String, Parsed> check = VALUES.get(e.getKey());
            if (check == null && enumTypes.containsKey(e.getKey())) {
                check = v -> constant(enumTypes.get(e.getKey()), e.getKey(), v);
            }
            if (check == null) {
                continue;
            }
            Parsed p = check.apply(e.getValue());
            if (p.problem() != null) {
                return Optional.of(p.problem());
            }
            parsed.put(e.getKey(), p.value());
        }
        return combinationProblem(parsed);
    }

    /**
     * Throws {@link IllegalArgumentException} with {@link #problem}'s line when the trial's parameters, as JMH received
     * them, have one.
     */
    static void require(BenchmarkParams params) {
        Map<String, String> combination = new LinkedHashMap<>();
        params.getParamsKeys().forEach(key -> combination.put(key, params.getParam(key)));
        problem(combination).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
    }

    /**
     * The first problem among every combination a run would start: for each selected benchmark, its
     * parameters' defaults ({@code @Param} values) replaced by what {@code -p} gives.
     *
     * @param defaultsPerBenchmark each selected benchmark's parameters with their default values
     * @param given                the {@code -p} values of the command line
     */
    public static Optional<String> problemInRun(Map<String, Map<String, List<String>>> defaultsPerBenchmark,
                                         Map<String, List<String>> given) {
        return problemInRun(defaultsPerBenchmark, given, Map.of());
    }

    /** The same, with the enum types of parameters that have no rule here ({@link #problem(Map, Map)}). */
    public static Optional<String> problemInRun(Map<String, Map<String, List<String>>> defaultsPerBenchmark,
                                         Map<String, List<String>> given, Map<String, Class<? extends Enum<?>>> enumTypes) {
        List<String> known = defaultsPerBenchmark.values().stream().flatMap(m -> m.keySet().stream())
                .distinct().sorted().toList();
        for (String name : given.keySet()) {
            if (!known.contains(name)) {
                return Optional.of("-p " + name + ": no selected benchmark has this parameter; "
                        + (known.isEmpty() ? "they have none" : "theirs are " + String.join(", ", known)));
            }
        }
        for (Map<String, List<String>> defaults : defaultsPerBenchmark.values()) {
            Map<String, List<String>> space = new LinkedHashMap<>(defaults);
            given.forEach((name, values) -> space.computeIfPresent(name, (n, old) -> values));
            Optional<String> problem = firstProblem(new ArrayList<>(space.entrySet()), 0, new LinkedHashMap<>(), enumTypes);
            if (problem.isPresent()) {
                return problem;
            }
        }
        return Optional.empty();
    }

    /**
     * Every combination of one value per parameter (JMH multiplies every {@code -p} list with every other), in the
     * order of the names and their values.
     */
    public static List<Map<String, String>> combinations(Map<String, List<String>> space) {
        List<Map<String, String>> combinations = new ArrayList<>();
        combinations.add(new LinkedHashMap<>());
        space.forEach((name, values) -> {
            List<Map<String, String>> longer = new ArrayList<>();
            for (Map<String, String> c : combinations) {
                for (String value : values) {
                    Map<String, String> next = new LinkedHashMap<>(c);
                    next.put(name, value);
                    longer.add(next);
                }
            }
            combinations.clear();
            combinations.addAll(longer);
        });
        return combinations;
    }

    /** Walks the cartesian product of the values depth first, as JMH will run them. */
    private static Optional<String> firstProblem(List<Map.Entry<String, List<String>>> space, int depth,
                                                 Map<String, String> combination,
                                                 Map<String, Class<? extends Enum<?>>> enumTypes) {
        if (depth == space.size()) {
            return problem(combination, enumTypes);
        }
        Map.Entry<String, List<String>> dimension = space.get(depth);
        for (String value : dimension.getValue()) {
            combination.put(dimension.getKey(), value);
            Optional<String> problem = firstProblem(space, depth + 1, combination, enumTypes);
            if (problem.isPresent()) {
                return problem;
            }
        }
        combination.remove(dimension.getKey());
        return Optional.empty();
    }

    /**
     * The enum type of every {@code @Param} field of these benchmarks: in the benchmark class and in the state
     * classes its method takes (JMH declares parameters in states), superclasses included. Enums declared beside the
     * benchmarks (src/jmh) are known here only this way.
     */
    public static Map<String, Class<? extends Enum<?>>> enumTypes(Collection<BenchmarkListEntry> benchmarks) {
        Map<String, Class<? extends Enum<?>>> types = new LinkedHashMap<>();
        for (BenchmarkListEntry entry : benchmarks) {
            Class<?> benchmark;
            try {
                benchmark = Class.forName(entry.getUserClassQName());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("benchmark class " + entry.getUserClassQName() + " is listed but not on the class path", e);
            }
            List<Class<?>> states = new ArrayList<>(List.of(benchmark));
            String method = entry.getUsername().substring(entry.getUsername().lastIndexOf('.') + 1);
            Arrays.stream(benchmark.getMethods()).filter(m -> m.getName().equals(method))
                    .forEach(m -> states.addAll(List.of(m.getParameterTypes())));
            for (Class<?> state : states) {
                for (Class<?> c = state; c != null && c != Object.class; c = c.getSuperclass()) {
                    for (Field field : c.getDeclaredFields()) {
                        if (field.isAnnotationPresent(Param.class) && field.getType().isEnum()) {
                            @SuppressWarnings("unchecked")
                            Class<? extends Enum<?>> type = (Class<? extends Enum<?>>) field.getType();
                            types.put(field.getName(), type);
                        }
                    }
                }
            }
        }
        return types;
    }

    private static Optional<String> combinationProblem(Map<String, Object> parsed) {
        if (parsed.get(Via.PARAMETER) == Via.DIRECT && parsed.get(MAX_PREPARED_STATEMENTS) instanceof Integer max) {
            // the trial would carry a PgBouncer setting no PgBouncer had
            return Optional.of("-p maxPreparedStatements=" + max + " with -p via=" + Via.DIRECT.id() + ": there is no "
                    + "PgBouncer to set it on; narrow -p via to " + Via.PGBOUNCER_SESSION.id() + " or "
                    + Via.PGBOUNCER_TRANSACTION.id() + ", or leave -p maxPreparedStatements out");
        }
        if (parsed.get("sql") instanceof SqlText sql) {
            if (parsed.get("method") instanceof LoadMethod method && sql.problemWith(method).isPresent()) {
                return sql.problemWith(method);
            }
            if (sql == SqlText.LITERAL && parsed.get("prepare") instanceof Preparation prepare && prepare != Preparation.UNPREPARED) {
                return Optional.of("-p sql=literal with -p prepare=" + prepare.name() + ": literal SQL is sent as a simple "
                        + "query, which the server never prepares; use -p prepare=" + Preparation.UNPREPARED.name());
            }
        }
        if (parsed.get("method") instanceof LoadMethod method) {
            if (method.replacesTableContents() && parsed.containsKey("workers")) {
                return Optional.of("-p method=" + method.name() + ": " + method.name() + " replaces the table's contents "
                        + "on every call, and writers sharing a table would empty each other's rows; narrow -p method");
            }
            if (method.replacesTableContents() && parsed.get("existingRows") instanceof Integer existing && existing > 0) {
                return Optional.of("-p method=" + method.name() + " with -p existingRows=" + existing + ": " + method.name()
                        + " replaces the table's contents on every call, so the table cannot hold rows before it; "
                        + "narrow -p method or use -p existingRows=0");
            }
            if (parsed.get("batchSize") instanceof Integer batchSize && parsed.get("commitEvery") instanceof Integer commitEvery) {
                Optional<String> knobs = method.knobProblem(new LoadMethod.Knobs(batchSize, commitEvery));
                if (knobs.isPresent()) {
                    return Optional.of(knobs.get() + "; change that -p value or narrow -p method");
                }
            }
        }
        if (parsed.get("shape") instanceof String shape && parsed.get("indexes") instanceof String indexes) {
            Optional<String> published = PublishedShapes.shape(shape);
            List<String> profiles = published.map(PublishedShapes::profiles).orElse(List.of(PublishedShapes.STANDARD));
            if (profiles.stream().noneMatch(p -> p.equalsIgnoreCase(indexes))) {
                return Optional.of("-p indexes=" + indexes + " with -p shape=" + shape + ": " + published.orElse(shape)
                        + " takes " + names(profiles) + "; narrow -p indexes or -p shape");
            }
        }
        return Optional.empty();
    }

    /**
     * A published shape (any case), or a table the launcher resolved for this run (./bench --ddl FILE --table NAME,
     * or --table NAME): which loader can write which table is decided on the table itself, and a loader that cannot
     * is reported missing with the reason, not refused here.
     */
    private static Parsed shape(String value) {
        if (PublishedShapes.shape(value).isPresent() || ResolvedTables.labels().contains(value)) {
            return Parsed.ok(value);
        }
        return Parsed.bad("-p shape=" + value + ": no such shape; valid: " + names(PublishedShapes.names().stream()
                .map(n -> n.toUpperCase(Locale.ROOT)).toList())
                + ", or a table of your own with ./bench --ddl FILE --table NAME (or --table NAME on an external server)");
    }

    /** JMH sets enum parameters with {@code Enum.valueOf}: the exact constant name. */
    private static Parsed constant(Class<? extends Enum<?>> type, String parameter, String value) {
        for (Enum<?> constant : type.getEnumConstants()) {
            if (constant.name().equals(value)) {
                return Parsed.ok(constant);
            }
        }
        return Parsed.bad("-p " + parameter + "=" + value + ": no such " + parameter + "; valid: "
                + names(Arrays.stream(type.getEnumConstants()).map(Enum::name).toList()));
    }

    private static Parsed via(String value) {
        try {
            return Parsed.ok(Via.parse(value));
        } catch (TargetException e) {
            return Parsed.bad("-p via=" + value + ": no such way to the server; valid: " + Via.validValues());
        }
    }

    /** PgBouncer's max_prepared_statements (1.21+), or {@code default}: the release's own, the line left out. */
    private static Parsed maxPreparedStatements(String value) {
        return value.trim().equals("default") ? Parsed.ok(value.trim())
                : whole(MAX_PREPARED_STATEMENTS, value, 0, Integer.MAX_VALUE,
                "PgBouncer's max_prepared_statements (1.21+; 0 = off), or default for the release's own");
    }

    /** A value whose own parser says in one line what is wrong with it. */
    private static Parsed parsed(Supplier<Object> parse) {
        try {
            return Parsed.ok(parse.get());
        } catch (IllegalArgumentException e) {
            return Parsed.bad(e.getMessage());
        }
    }

    private static Parsed sqlText(String value) {
        try {
            return Parsed.ok(SqlText.parse(value));
        } catch (IllegalArgumentException e) {
            return Parsed.bad(e.getMessage());
        }
    }

    private static Parsed whole(String parameter, String value, int least, int most, String meaning) {
        return inRange(parameter, value, true, least, most, "a whole number " + (most == Integer.MAX_VALUE
                ? "of " + least + " or more" : String.format(Locale.ROOT, "from %,d to %,d", least, most)), meaning);
    }

    private static Parsed number(String parameter, String value, double least, double most, String noun, String meaning) {
        return inRange(parameter, value, false, least, most, "a " + noun + " from " + plain(least) + " to " + plain(most), meaning);
    }

    /** The value as JMH will parse it (int or double), when it lies in [least, most]; NaN never does. */
    private static Parsed inRange(String parameter, String value, boolean whole, double least, double most,
                                  String range, String meaning) {
        try {
            // Not a conditional expression: it would unbox both and give a Double for a whole number too.
            Number n;
            if (whole) {
                n = Integer.valueOf(value.trim());
            } else {
                n = Double.valueOf(value.trim());
            }
            if (n.doubleValue() >= least && n.doubleValue() <= most) {
                return Parsed.ok(n);
            }
        } catch (NumberFormatException e) {
            // falls through to the same message as a value out of range
        }
        return Parsed.bad("-p " + parameter + "=" + value + ": use " + range + " (" + meaning + ")");
    }

    private static String plain(double x) {
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }

    private static String names(List<String> names) {
        return names.stream().collect(Collectors.joining(", "));
    }
}
