package org.pgingest.workload.types;


import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A domain: its base type's codec (binary forms included: domain_recv is the base's receive function plus the
 * domain's checks) and its CHECK constraints, read by {@link DomainCheck}. {@link #checked} refuses a value a
 * CHECK is known to refuse; generated, distinct and hostile values satisfy every CHECK this class can evaluate,
 * and a CHECK it cannot ({@link #unverifiedChecks()}) is left to the server. Values within bounds are made
 * directly for number comparisons, IN lists and length limits; others by trying the base type's values.
 * A domain's NOT NULL is the column's business: its facts say so ({@link ColumnTypeFacts#notNull()}).
 */
final class DomainCodec implements OrderedCodec {
    private static final int TRIES = 1000;

    private final String sqlType;
    private final TypeCodec base;
    private final List<String> definitions;
    private final List<DomainCheck> checks;
    /** bpchar compares and measures without trailing spaces; its checked values are padded. */
    private final boolean blankPadded;

    DomainCodec(String sqlType, TypeCodec base, List<String> definitions) {
        this.sqlType = sqlType;
        this.base = base;
        this.definitions = List.copyOf(definitions);
        this.checks = definitions.stream().map(DomainCheck::parse).toList();
        this.blankPadded = base instanceof CharacterCodec;
    }

    /** The CHECKs (as pg_get_constraintdef prints them) this codec cannot evaluate; the server still does. */
    List<String> unverifiedChecks() {
        List<String> unverified = new ArrayList<>();
        for (int i = 0; i < checks.size(); i++) {
            if (containsUnknown(checks.get(i))) {
                unverified.add(definitions.get(i));
            }
        }
        return unverified;
    }

    private static boolean containsUnknown(DomainCheck check) {
        if (check instanceof DomainCheck.Unknown) {
            return true;
        }
        if (check instanceof DomainCheck.And and) {
            return and.parts().stream().anyMatch(DomainCodec::containsUnknown);
        }
        if (check instanceof DomainCheck.Or or) {
            return or.parts().stream().anyMatch(DomainCodec::containsUnknown);
        }
        return false;
    }

    /** TRUE when every CHECK holds, FALSE when one fails, null when one cannot be told. */
    private Boolean satisfies(Object checkedValue) {
        Object v = blankPadded && checkedValue instanceof String s ? s.stripTrailing() : checkedValue;
        return new DomainCheck.And(checks).test(v);
    }

    @Override
    public String sqlType() {
        return sqlType;
    }

    @Override
    public Class<?> javaType() {
        return base.javaType();
    }

    @Override
    public Object checked(Object value) {
        Object v = base.checked(value);
        if (Boolean.FALSE.equals(satisfies(v))) {
            throw new ValueRejectedException(ValueRejectedException.CHECK_VIOLATION, "value for domain " + sqlType
                    + " violates check constraint: " + value + " against " + definitions);
        }
        return v;
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        base.bind(statement, index, value);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        base.bindNull(statement, index);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        base.appendText(out, value);
    }

    @Override
    public String text(Object value) {
        return base.text(value);
    }

    @Override
    public Object parse(String text) {
        return base.parse(text);
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return base.binaryUnsupported();
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        base.writeBinary(out, value);
    }

    /**
     * The base type's cast type: assignment to the domain column applies the domain's checks (and the base's
     * length limits), where an explicit cast to a domain over varchar(n) would first cut the value.
     */
    @Override
    public String castType() {
        return base.castType();
    }

    @Override
    public Optional<String> generatorUnsupported() {
        return base.generatorUnsupported();
    }

    /** A domain over an array has its base's elements. */
    @Override
    public Optional<TypeCodec> element() {
        return base.element();
    }

    @Override
    public Object generate(SplittableRandom random) {
        for (int i = 0; i < TRIES; i++) {
            Object candidate = candidate(random);
            if (candidate != null && Boolean.TRUE.equals(satisfies(candidate))) {
                return candidate;
            }
        }
        for (Object v : base.hostileValues()) {
            Object c = tryChecked(v);
            if (c != null && Boolean.TRUE.equals(satisfies(c))) {
                return c;
            }
        }
        throw new IllegalStateException("no value of domain " + sqlType + " satisfying " + definitions
                + " found in " + TRIES + " tries: give the table's rows with --rows FILE.csv");
    }

    /** A base value aimed at the checks: from an IN list, within number bounds, within length limits, or any. */
    private Object candidate(SplittableRandom random) {
        List<String> in = inList();
        if (!in.isEmpty()) {
            return fromConstant(in.get(random.nextInt(in.size())));
        }
        Bounds numbers = bounds(false);
        if (numbers.any() && DomainCheck.asNumber(base.checked(base.generate(random))).isPresent()) {
            BigDecimal lo = numbers.lower != null ? numbers.lower : numbers.upper.subtract(BigDecimal.valueOf(1_000_000));
            BigDecimal hi = numbers.upper != null ? numbers.upper : lo.add(BigDecimal.valueOf(1_000_000));
            BigDecimal fraction = BigDecimal.valueOf(random.nextLong(1_000_001), 6);
            return fromConstant(lo.add(hi.subtract(lo).multiply(fraction)).toPlainString());
        }
        Bounds lengths = bounds(true);
        Object v = base.checked(base.generate(random));
        if (lengths.any() && v instanceof String s) {
            int min = lengths.lower == null ? 0 : lengths.lower.intValue() + 1;
            int max = lengths.upper == null ? Integer.MAX_VALUE : lengths.upper.intValue() - 1;
            String cut = Texts.firstCodePoints(s, Math.max(min, Math.min(max, Texts.codePoints(s))));
            return tryChecked(cut + "x".repeat(Math.max(0, min - Texts.codePoints(cut))));
        }
        return v;
    }

    private Object tryChecked(Object v) {
        try {
            return base.checked(v);
        } catch (ValueRejectedException e) {
            return null;
        }
    }

    /** A constant of a CHECK as a base value (a number rounded to the base's scale), or null. */
    private Object fromConstant(String constant) {
        Class<?> type = base.javaType();
        try {
            Object v;
            if (type == String.class) {
                v = constant;
            } else if (type == Short.class || type == Integer.class || type == Long.class) {
                long n = new BigDecimal(constant).setScale(0, RoundingMode.CEILING).longValueExact();
                v = type == Short.class ? (Object) (short) n : type == Integer.class ? (Object) (int) n : (Object) n;
                if (((Number) v).longValue() != n) {
                    return null;
                }
            } else if (type == BigDecimal.class) {
                v = new BigDecimal(constant);
            } else if (type == Double.class) {
                v = Double.valueOf(constant);
            } else if (type == Float.class) {
                v = Float.valueOf(constant);
            } else if (type == java.time.LocalDate.class) {
                v = java.time.LocalDate.parse(constant);
            } else {
                return null;
            }
            return tryChecked(v);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The constants of IN lists among the top-level conjuncts. */
    private List<String> inList() {
        for (DomainCheck c : conjuncts()) {
            if (c instanceof DomainCheck.In in) {
                return in.constants();
            }
        }
        return List.of();
    }

    private List<DomainCheck> conjuncts() {
        List<DomainCheck> out = new ArrayList<>();
        for (DomainCheck c : checks) {
            if (c instanceof DomainCheck.And and) {
                out.addAll(and.parts());
            } else {
                out.add(c);
            }
        }
        return out;
    }

    /** Number bounds of VALUE (or of its length) from top-level comparisons; either side may be open. */
    private record Bounds(BigDecimal lower, BigDecimal upper) {
        boolean any() {
            return lower != null || upper != null;
        }
    }

    private Bounds bounds(boolean length) {
        BigDecimal lower = null;
        BigDecimal upper = null;
        for (DomainCheck c : conjuncts()) {
            if (c instanceof DomainCheck.Compare cmp && cmp.length() == length) {
                BigDecimal v;
                try {
                    v = new BigDecimal(cmp.constant());
                } catch (NumberFormatException e) {
                    continue;
                }
                switch (cmp.op()) {
                    case ">", ">=" -> lower = lower == null || v.compareTo(lower) > 0 ? v : lower;
                    case "<", "<=" -> upper = upper == null || v.compareTo(upper) < 0 ? v : upper;
                    case "=" -> {
                        lower = v;
                        upper = v;
                    }
                    default -> { }
                }
            }
        }
        if (base instanceof DomainCodec inner) {
            // a domain over a domain (small_positive AS positive CHECK (VALUE < 1000)): the inner domain's bounds
            // hold too, or candidates below 1000 would mostly be refused by positive's VALUE > 0
            Bounds b = inner.bounds(length);
            lower = b.lower == null || lower != null && lower.compareTo(b.lower) > 0 ? lower : b.lower;
            upper = b.upper == null || upper != null && upper.compareTo(b.upper) < 0 ? upper : b.upper;
        }
        return new Bounds(lower, upper);
    }

    /**
     * The n-th of the domain's values: the n-th IN-list constant, the n-th unit above a lower number bound, the
     * base's n-th value padded to a minimum length; empty once they run out or fail a CHECK.
     */
    @Override
    public Optional<Object> distinct(long n) {
        List<String> in = inList();
        if (!in.isEmpty()) {
            List<Object> values = new ArrayList<>();
            for (String c : in) {
                Object v = fromConstant(c);
                if (v != null && Boolean.TRUE.equals(satisfies(v)) && !values.contains(v)) {
                    values.add(v);
                }
            }
            return n < values.size() ? Optional.of(values.get((int) n)) : Optional.empty();
        }
        Bounds numbers = bounds(false);
        if (numbers.lower != null && base.distinct(0).flatMap(DomainCheck::asNumber).isPresent()) {
            BigDecimal unit = base.distinct(1).flatMap(DomainCheck::asNumber).orElseThrow()
                    .subtract(base.distinct(0).flatMap(DomainCheck::asNumber).orElseThrow());
            // an exclusive bound (VALUE > 0) is itself no value: start one unit above it
            Object atBound = fromConstant(numbers.lower.toPlainString());
            long offset = atBound != null && Boolean.TRUE.equals(satisfies(atBound)) ? 0 : 1;
            Object v = fromConstant(numbers.lower.add(unit.multiply(BigDecimal.valueOf(n).add(BigDecimal.valueOf(offset))))
                    .toPlainString());
            return v != null && Boolean.TRUE.equals(satisfies(v)) ? Optional.of(v) : Optional.empty();
        }
        Optional<Object> v = base.distinct(n);
        Bounds lengths = bounds(true);
        if (v.isPresent() && lengths.lower != null && v.get() instanceof String s) {
            int min = lengths.lower.intValue() + 1;
            v = Optional.ofNullable(tryChecked("0".repeat(Math.max(0, min - Texts.codePoints(s))) + s));
        }
        return v.filter(x -> Boolean.TRUE.equals(satisfies(x)));
    }

    /** The base type's hostile values that satisfy the CHECKs. */
    @Override
    public List<Object> hostileValues() {
        List<Object> values = new ArrayList<>();
        for (Object v : base.hostileValues()) {
            Object c = tryChecked(v);
            if (c != null && Boolean.TRUE.equals(satisfies(c))) {
                values.add(v);
            }
        }
        return values;
    }

    @Override
    public int compare(Object a, Object b) {
        return ((OrderedCodec) base).compare(a, b);
    }

    @Override
    public Object next(Object v) {
        return ((OrderedCodec) base).next(v);
    }

    @Override
    public String toString() {
        return "DomainCodec[" + sqlType + " over " + base + "]";
    }
}
