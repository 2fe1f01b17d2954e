package org.pgingest.gate;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * What a JMH unit says about its metric: counted or timed, and which way is better. Read from the unit alone,
 * so any benchmark's metrics are judged the same way; a unit this class does not know gets
 * {@link Direction#UNKNOWN} rather than a guess.
 *
 * @param kind      counted or timed
 * @param direction which way is better
 */
record UnitMeaning(MetricKind kind, Direction direction) {
    /** JMH's own time units (TimeValue.tuToString: ns, us, ms, s, min, hr, day) and their common spellings. */
    private static final Set<String> TIME = Set.of("ns", "us", "µs", "ms", "s", "sec", "min", "hr", "day");
    /** Things the suite counts; "B" and its multiples are bytes (WAL, allocation). */
    private static final Set<String> COUNTED_NOUNS = Set.of("b", "kb", "mb", "gb", "bytes", "records", "fsyncs",
            "commits", "statements", "fpi", "plans", "rollbacks", "checkpoints", "prepared");
    /** Work done: per time, more is better. */
    private static final Set<String> WORK = Set.of("ops", "op", "rows", "row", "calls");

    static UnitMeaning of(String unit) {
        String u = unit == null ? "" : unit.trim().toLowerCase(Locale.ROOT);
        int slash = u.indexOf('/');
        String numerator = slash < 0 ? u : u.substring(0, slash);
        String denominator = slash < 0 ? "" : u.substring(slash + 1);
        if (slash >= 0 && TIME.contains(denominator)) {
            // ops/s, rows/s: throughput. A cost per second (gc.alloc.rate's MB/sec) rises with throughput too,
            // so neither way is better.
            return new UnitMeaning(MetricKind.TIMED,
                    WORK.contains(numerator) ? Direction.HIGHER_IS_BETTER : Direction.UNKNOWN);
        }
        if (slash >= 0 && TIME.contains(numerator)) {
            // s/op, ms/op, us/row: time per unit of work (latency, planning, execution, CPU).
            return new UnitMeaning(MetricKind.TIMED, Direction.LOWER_IS_BETTER);
        }
        if (slash >= 0 && COUNTED_NOUNS.contains(numerator)) {
            // B/row, fsyncs/row, commits/op: a cost per unit of work.
            return new UnitMeaning(MetricKind.COUNTED, Direction.LOWER_IS_BETTER);
        }
        if (slash < 0 && TIME.contains(numerator)) {
            // A bare time (gc.time in ms) is a total over the iteration, which grows with the work done.
            return new UnitMeaning(MetricKind.TIMED, Direction.UNKNOWN);
        }
        return new UnitMeaning(MetricKind.UNKNOWN, Direction.UNKNOWN);
    }

    /**
     * The factor that turns a figure in unit {@code from} into unit {@code to} when they differ only in JMH's time
     * unit: the same work per time ({@code ops/s}, {@code ops/ms}) or time per the same work ({@code ms/op},
     * {@code us/op}); empty otherwise.
     */
    static OptionalDouble factor(String from, String to) {
        int f = from.indexOf('/');
        int t = to.indexOf('/');
        if (f < 0 || t < 0) {
            return OptionalDouble.empty();
        }
        String fromTop = from.substring(0, f);
        String toTop = to.substring(0, t);
        String fromBottom = from.substring(f + 1);
        String toBottom = to.substring(t + 1);
        if (fromTop.equals(toTop) && nanos(fromBottom).isPresent() && nanos(toBottom).isPresent()) {
            return OptionalDouble.of(nanos(toBottom).get() / nanos(fromBottom).get());
        }
        if (fromBottom.equals(toBottom) && nanos(fromTop).isPresent() && nanos(toTop).isPresent()) {
            return OptionalDouble.of(nanos(fromTop).get() / nanos(toTop).get());
        }
        return OptionalDouble.empty();
    }

    /** Nanoseconds in one of JMH's time units (TimeValue: ns, us, ms, s, min, hr, day). */
    static Optional<Double> nanos(String timeUnit) {
        return Optional.ofNullable(switch (timeUnit) {
            case "ns" -> 1.0;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "min" -> 60e9;
            case "hr" -> 3600e9;
            case "day" -> 86400e9;
            default -> null;
        });
    }
}
