package org.pgingest.load;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How a statement carries its values: as bind parameters (the suite's loaders) or written into the SQL text and
 * sent as a simple query ({@link LiteralValuesLoader}, {@link LiteralUnnestLoader}), as the published UNNEST-vs-VALUES
 * measurement did. The benchmark parameter {@code sql} names it: {@code bind} or {@code literal}.
 */
public enum SqlText {
    BIND,
    LITERAL;

    /** The parameter's value: "bind", "literal". */
    String parameterValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code method}'s loader with its values carried this way; literal SQL exists for VALUES and UNNEST only. */
    public Loader create(LoadMethod method, LoadMethod.Knobs knobs) {
        problemWith(method).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        if (this == BIND) {
            return method.create(knobs);
        }
        // commitEvery applies as it does to the same method bound: the result records it
        return knobs.withCommits(method == LoadMethod.UNNEST ? new LiteralUnnestLoader(knobs.batchSize())
                : new LiteralValuesLoader(knobs.batchSize()));
    }

    /** Why {@code method} has no loader of this kind; empty when it has one. */
    public Optional<String> problemWith(LoadMethod method) {
        if (this == LITERAL && method != LoadMethod.MULTI_ROW_VALUES && method != LoadMethod.UNNEST) {
            return Optional.of("-p sql=literal with -p method=" + method.name() + ": literal SQL is written for "
                    + LoadMethod.MULTI_ROW_VALUES.name() + " and " + LoadMethod.UNNEST.name() + " only; narrow -p method");
        }
        return Optional.empty();
    }

    /** Parses {@code bind} or {@code literal} (any case); anything else is an error naming both. */
    public static SqlText parse(String value) {
        for (SqlText s : values()) {
            if (s.name().equalsIgnoreCase(value.trim())) {
                return s;
            }
        }
        throw new IllegalArgumentException("-p sql=" + value + ": no such sql; valid: "
                + Arrays.stream(values()).map(SqlText::parameterValue).collect(Collectors.joining(", ")));
    }
}
