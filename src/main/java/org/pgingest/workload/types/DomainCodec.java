package org.pgingest.workload.types;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * A domain: its base type's codec (binary forms included: domain_recv is the base's receive function plus the
 * domain's checks), and the values it makes are ones the server accepted. The server is the only judge of the
 * domain's CHECKs: when the table is read, it evaluates them on the base codec's generated, distinct and hostile
 * values and on the constants the CHECKs name ({@link #judged}); generated and hostile values are drawn from those it
 * accepted, distinct values start at the first it accepted. A value the CHECKs refuse is not refused here: the server
 * refuses it when it is loaded, and the loaders name its row. A domain's NOT NULL is the column's business: its
 * facts say so ({@link ColumnTypeFacts#notNull()}).
 */
final class DomainCodec implements OrderedCodec {
    /** Generated values the server is asked about. */
    static final int CANDIDATES = 1024;
    private static final long SEED = 20_261_127;

    private final String sqlType;
    private final TypeCodec base;
    /** The CHECKs of the domain and the domains beneath it, joined by AND; empty where it has none. */
    private final String checks;
    /** Why the server gave no verdict on the candidates (its error), or empty. */
    private final Optional<String> unjudged;
    /** Accepted generated, distinct and named values: what {@link #generate} draws from (with CHECKs only). */
    private final List<Object> typical;
    private final List<Object> hostile;
    /** The base's distinct number of this domain's first distinct value. */
    private final long distinctOffset;
    /** Distinct values the domain holds from the offset on; Long.MAX_VALUE when without end. */
    private final long distinctCount;

    private DomainCodec(String sqlType, TypeCodec base, String checks, Optional<String> unjudged, List<Object> typical,
                        List<Object> hostile, long distinctOffset, long distinctCount) {
        this.sqlType = sqlType;
        this.base = base;
        this.checks = checks;
        this.unjudged = unjudged;
        this.typical = List.copyOf(typical);
        this.hostile = List.copyOf(hostile);
        this.distinctOffset = distinctOffset;
        this.distinctCount = distinctCount;
    }

    /**
     * The domain's codec, its values judged by the server: {@code facts.domainChecks()} evaluated on candidates cast
     * to the type beneath every domain (a cast to the domain itself would raise an error at the first refused value).
     */
    static DomainCodec judged(Connection connection, ColumnTypeFacts facts, TypeCodec base) throws SQLException {
        List<String> checks = facts.domainChecks();
        if (checks.isEmpty()) {
            return new DomainCodec(facts.formatted(), base, "", Optional.empty(), List.of(), base.hostileValues(), 0,
                    Long.MAX_VALUE);
        }
        List<Object> candidates = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(SEED);
        if (base.generatorUnsupported().isEmpty()) {
            for (int i = 0; i < CANDIDATES; i++) {
                candidates.add(base.checked(base.generate(random)));
            }
        }
        for (String check : checks) {
            for (String literal : CheckExpressions.literals(check)) {
                try {
                    candidates.add(base.checked(base.parse(literal)));
                } catch (RuntimeException e) {
                    // a constant that is no value of the base type (a length, a pattern): no candidate
                }
            }
        }
        int distinctFrom = candidates.size();
        List<Long> schedule = CheckExpressions.distinctProbes();
        List<Long> probes = addDistinct(base, schedule, candidates);
        int hostileFrom = distinctFrom + probes.size();
        base.hostileValues().forEach(v -> candidates.add(base.checked(v)));
        boolean[] accepted;
        try {
            accepted = accepts(connection, facts, checks, base, candidates);
        } catch (SQLException e) {
            // A CHECK that raises an error on some value (a cast inside it, say): no values of the suite's, but the
            // table is still read, and rows of the user's own still load.
            return new DomainCodec(facts.formatted(), base, String.join(" AND ", checks), Optional.of(
                    String.valueOf(e.getMessage()).replace('\n', ' ')), List.of(), List.of(), 0, 0);
        }

        List<Object> typical = new ArrayList<>();
        List<Object> hostile = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (accepted[i]) {
                (i < hostileFrom ? typical : hostile).add(candidates.get(i));
            }
        }
        // Distinct values: from the first probe accepted up to the last accepted before one is refused (the values
        // between two accepted probes taken as accepted); without end when every probe from the first on passes.
        long offset = -1;
        long count = 0;
        boolean wholeSchedule = probes.size() == schedule.size();
        for (int p = 0; p < probes.size(); p++) {
            boolean passed = accepted[distinctFrom + p];
            if (offset < 0 && passed) {
                offset = probes.get(p);
            }
            if (offset >= 0) {
                if (!passed) {
                    break;
                }
                count = wholeSchedule && p == probes.size() - 1 ? Long.MAX_VALUE : probes.get(p) - offset + 1;
            }
        }
        return new DomainCodec(facts.formatted(), base, String.join(" AND ", checks), Optional.empty(), typical, hostile,
                Math.max(0, offset), count);
    }

    /** Adds the base's distinct values of {@code numbers} while it has them; returns the numbers it added. */
    private static List<Long> addDistinct(TypeCodec base, List<Long> numbers, List<Object> out) {
        List<Long> added = new ArrayList<>();
        for (long n : numbers) {
            Optional<Object> v;
            try {
                v = base.distinct(n);
            } catch (ValueRejectedException e) {
                break; // beyond what the type holds
            }
            if (v.isEmpty()) {
                break;
            }
            out.add(v.get());
            added.add(n);
        }
        return added;
    }

    /**
     * Which values every CHECK accepts (NULL, as in a CHECK, passes), asked of the server in one query, in a read-only
     * scope ({@link CheckExpressions#readOnly}): what a function in a CHECK tries to write fails there.
     */
    private static boolean[] accepts(Connection connection, ColumnTypeFacts facts, List<String> checks, TypeCodec base,
                                     List<Object> values) throws SQLException {
        // A domain's CHECK reads VALUE, an unreserved keyword: a subquery column named value.
        String sql = "SELECT u.ord FROM unnest(?::text[]) WITH ORDINALITY AS u(v, ord) WHERE (SELECT "
                + checks.stream().map(c -> "(" + CheckExpressions.forPreparedStatement(c) + ") IS NOT FALSE")
                        .collect(Collectors.joining(" AND "))
                + " FROM (SELECT u.v::" + facts.baseType() + " AS value) AS d) ORDER BY 1";
        String[] texts = new String[values.size()];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = base.text(values.get(i));
        }
        return CheckExpressions.passing(connection, sql, List.<String[]>of(texts), values.size());
    }

    @Override
    public String sqlType() {
        return sqlType;
    }

    @Override
    public Class<?> javaType() {
        return base.javaType();
    }

    /** The base type's check: the domain's CHECKs are the server's to apply, as it loads the value. */
    @Override
    public Object checked(Object value) {
        return base.checked(value);
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
        Optional<String> why = base.generatorUnsupported();
        if (why.isPresent() || checks.isEmpty() || !typical.isEmpty()) {
            return why;
        }
        if (unjudged.isPresent()) {
            return Optional.of("the server could not evaluate the CHECKs of domain " + sqlType + " (" + checks
                    + ") on the suite's values (" + unjudged.get() + "); give rows of your own with --rows FILE.csv");
        }
        return Optional.of("the server accepts none of the values the suite makes of domain " + sqlType + " (" + checks
                + "), a limit of the suite's generator; give rows of your own with --rows FILE.csv");
    }

    /** A domain over an array has its base's elements. */
    @Override
    public Optional<TypeCodec> element() {
        return base.element();
    }

    @Override
    public Object generate(SplittableRandom random) {
        if (checks.isEmpty()) {
            return base.generate(random);
        }
        if (typical.isEmpty()) {
            throw new IllegalStateException(generatorUnsupported().orElseThrow());
        }
        return typical.get(random.nextInt(typical.size()));
    }

    /** The base's distinct values from the first the server accepted, as far as the accepted probes reach. */
    @Override
    public Optional<Object> distinct(long n) {
        return n < distinctCount ? base.distinct(distinctOffset + n) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        return hostile;
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
