package org.pgingest.cli;

import org.pgingest.load.LoadMethod;
import org.pgingest.workload.IndexProfile;
import org.pgingest.workload.TableShape;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The JMH parameters the suite's benchmarks share ({@code method}, {@code shape}, {@code indexes},
 * {@code rows}, {@code batchSize}, {@code commitEvery}, {@code hostileShare}), checked as the strings JMH
 * receives. One home for what a value may be: the launcher checks every combination a run would start before
 * any fork ({@link #problemInRun}), and a trial started without the launcher (plain JMH) refuses the same
 * combination with the same line ({@link #require}). A preset is a set of {@code -p} values and is checked the
 * same way.
 */
public final class BenchmarkParameters {

    /** Checks of one value, by parameter name; each gives the parsed value or a one-line problem. */
    private static final Map<String, Function<String, Parsed>> VALUES = Map.of(
            "method", v -> constant(LoadMethod.class, "method", v),
            "shape", v -> constant(TableShape.class, "shape", v),
            "indexes", v -> constant(IndexProfile.class, "indexes", v),
            "rows", v -> whole("rows", v, 1, "rows per call of the loader"),
            "batchSize", v -> whole("batchSize", v, 0, "rows per batch or statement"),
            "commitEvery", v -> whole("commitEvery", v, 0, "rows per transaction, 0 = one per call"),
            "hostileShare", BenchmarkParameters::share);

    private BenchmarkParameters() {
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
        Map<String, Object> parsed = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : combination.entrySet()) {
            Function<String, Parsed> check = VALUES.get(e.getKey());
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

    /** Throws {@link IllegalArgumentException} with {@link #problem}'s line when there is one. */
    public static void require(Map<String, String> combination) {
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
            Optional<String> problem = firstProblem(new ArrayList<>(space.entrySet()), 0, new LinkedHashMap<>());
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
                                                 Map<String, String> combination) {
        if (depth == space.size()) {
            return problem(combination);
        }
        Map.Entry<String, List<String>> dimension = space.get(depth);
        for (String value : dimension.getValue()) {
            combination.put(dimension.getKey(), value);
            Optional<String> problem = firstProblem(space, depth + 1, combination);
            if (problem.isPresent()) {
                return problem;
            }
        }
        combination.remove(dimension.getKey());
        return Optional.empty();
    }

    private static Optional<String> combinationProblem(Map<String, Object> parsed) {
        if (parsed.get("method") instanceof LoadMethod method) {
            if (parsed.get("shape") instanceof TableShape shape && !method.shapes().contains(shape)) {
                return Optional.of("-p method=" + method.name() + " with -p shape=" + shape.name() + ": " + method.name()
                        + " writes " + names(Arrays.stream(TableShape.values()).filter(method.shapes()::contains).map(Enum::name).toList())
                        + " only; narrow -p method or -p shape");
            }
            if (parsed.get("batchSize") instanceof Integer batchSize && parsed.get("commitEvery") instanceof Integer commitEvery) {
                Optional<String> knobs = method.knobProblem(new LoadMethod.Knobs(batchSize, commitEvery));
                if (knobs.isPresent()) {
                    return Optional.of(knobs.get() + "; change that -p value or narrow -p method");
                }
            }
        }
        if (parsed.get("shape") instanceof TableShape shape && parsed.get("indexes") instanceof IndexProfile profile) {
            try {
                shape.tableDefinition(profile);
            } catch (IllegalArgumentException e) {
                return Optional.of("-p indexes=" + profile.name() + " with -p shape=" + shape.name() + ": " + e.getMessage());
            }
        }
        return Optional.empty();
    }

    /** JMH sets enum parameters with {@code Enum.valueOf}: the exact constant name. */
    private static <E extends Enum<E>> Parsed constant(Class<E> type, String parameter, String value) {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(value)) {
                return Parsed.ok(constant);
            }
        }
        return Parsed.bad("-p " + parameter + "=" + value + ": no such " + parameter + "; valid: "
                + names(Arrays.stream(type.getEnumConstants()).map(Enum::name).toList()));
    }

    private static Parsed whole(String parameter, String value, int least, String meaning) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= least) {
                return Parsed.ok(n);
            }
        } catch (NumberFormatException e) {
            // falls through to the same message as a value out of range
        }
        return Parsed.bad("-p " + parameter + "=" + value + ": use a whole number of " + least + " or more (" + meaning + ")");
    }

    private static Parsed share(String value) {
        try {
            double share = Double.parseDouble(value.trim());
            if (share >= 0 && share <= 1) {
                return Parsed.ok(share);
            }
        } catch (NumberFormatException e) {
            // falls through to the same message as a value out of range
        }
        return Parsed.bad("-p hostileShare=" + value + ": use a share from 0 to 1 (0.1 = one value in ten from the hostile set)");
    }

    private static String names(List<String> names) {
        return names.stream().collect(Collectors.joining(", "));
    }
}
