package org.pgingest.workload.types;


import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Range types (int4range, int8range, numrange, tsrange, tstzrange, daterange and user-defined ranges over a
 * subtype with a codec): Java {@link PgRange} holding the subtype's values. {@link #checked} gives the stored
 * form, as make_range does: lower above upper refused, equal bounds not both included give 'empty', unbounded
 * sides exclusive, and for discrete subtypes the canonical [lower, upper) (int4range_canonical and its kin; a
 * user-defined range's canonical function is not known here, so its checked form may differ from the stored
 * one while every path still stores the same). Text: brackets around the bounds, each double-quoted. Binary
 * (range_send): a flags byte, then each present bound as a field of the subtype.
 */
final class RangeCodec extends BaseCodec {
    /** The SQLSTATE make_range raises for lower > upper. */
    private static final String DATA_EXCEPTION = "22000";
    private static final int EMPTY = 0x01;
    private static final int LB_INC = 0x02;
    private static final int UB_INC = 0x04;
    private static final int LB_INF = 0x08;
    private static final int UB_INF = 0x10;

    private final OrderedCodec subtype;
    private final boolean discrete;

    /** @param discrete whether the range type canonicalizes with the subtype's {@link OrderedCodec#next} */
    RangeCodec(String sqlType, OrderedCodec subtype, boolean discrete) {
        super(sqlType, PgRange.class);
        this.subtype = subtype;
        this.discrete = discrete;
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return subtype.binaryUnsupported();
    }

    @Override
    Object checkedValue(Object value) {
        PgRange v = (PgRange) value;
        if (v.isEmpty()) {
            return PgRange.EMPTY;
        }
        Object lower = v.lower() == null ? null : subtype.checked(v.lower());
        Object upper = v.upper() == null ? null : subtype.checked(v.upper());
        boolean lowerInc = lower != null && v.lowerInclusive();
        boolean upperInc = upper != null && v.upperInclusive();
        if (lower != null && upper != null) {
            int order = subtype.compare(lower, upper);
            if (order > 0) {
                throw outOfRange(DATA_EXCEPTION, "range lower bound must be less than or equal"
                        + " to range upper bound: " + v);
            }
            if (order == 0 && !(lowerInc && upperInc)) {
                return PgRange.EMPTY;
            }
        }
        if (discrete) {
            if (lower != null && !lowerInc) {
                Object next = subtype.next(lower);
                if (!next.equals(lower)) {
                    lower = next;
                    lowerInc = true;
                }
            }
            if (upper != null && upperInc) {
                Object next = subtype.next(upper);
                if (!next.equals(upper)) {
                    upper = next;
                    upperInc = false;
                }
            }
            if (lower != null && upper != null && subtype.compare(lower, upper) == 0 && !(lowerInc && upperInc)) {
                return PgRange.EMPTY;
            }
        }
        PgRange stored = new PgRange(lower, upper, lowerInc, upperInc, false);
        return stored.equals(v) ? v : stored;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        PgRange v = (PgRange) value;
        if (v.isEmpty()) {
            out.append("empty");
            return;
        }
        out.append(v.lowerInclusive() ? '[' : '(');
        appendBound(out, v.lower());
        out.append(',');
        appendBound(out, v.upper());
        out.append(v.upperInclusive() ? ']' : ')');
    }

    /** A bound double-quoted, with quotes and backslashes escaped; nothing for an unbounded side. */
    private void appendBound(StringBuilder out, Object bound) {
        if (bound == null) {
            return;
        }
        Texts.appendQuoted(out, subtype.text(bound));
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        PgRange v = (PgRange) value;
        int mark = out.reserveLength();
        if (v.isEmpty()) {
            out.writeByte(EMPTY);
        } else {
            out.writeByte((v.lowerInclusive() ? LB_INC : 0) | (v.upperInclusive() ? UB_INC : 0)
                    | (v.lower() == null ? LB_INF : 0) | (v.upper() == null ? UB_INF : 0));
            if (v.lower() != null) {
                subtype.writeBinary(out, v.lower());
            }
            if (v.upper() != null) {
                subtype.writeBinary(out, v.upper());
            }
        }
        out.fillLength(mark);
    }

    /** range_out's form ("empty", "[1,5)", "(,\\"2024-01-01 00:00:00+00\\"]"), bounds read by the subtype's codec. */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("empty")) {
            return PgRange.EMPTY;
        }
        try {
            char open = t.charAt(0);
            char close = t.charAt(t.length() - 1);
            if ("[(".indexOf(open) < 0 || "])".indexOf(close) < 0) {
                throw notText(text);
            }
            Bound lower = Bound.read(t, 1);
            if (t.charAt(lower.end()) != ',') {
                throw notText(text);
            }
            Bound upper = Bound.read(t, lower.end() + 1);
            if (upper.end() != t.length() - 1) {
                throw notText(text);
            }
            return new PgRange(lower.text() == null ? null : subtype.parse(lower.text()),
                    upper.text() == null ? null : subtype.parse(upper.text()),
                    open == '[' && lower.text() != null, close == ']' && upper.text() != null, false);
        } catch (IndexOutOfBoundsException e) {
            throw notText(text);
        }
    }

    /**
     * A bound of range text and where it ends (at the ',' or closing bracket after it): double-quoted ("" and \\
     * escapes inside) or bare (\\ escapes); text null for an empty bare bound (unbounded).
     */
    private record Bound(String text, int end) {
        static Bound read(String t, int start) {
            StringBuilder out = new StringBuilder();
            int i = start;
            boolean quoted = false;
            while (true) {
                char c = t.charAt(i);
                if (!quoted && (c == ',' || (i == t.length() - 1 && (c == ']' || c == ')')))) {
                    break;
                }
                if (c == '\\') {
                    out.append(t.charAt(++i));
                } else if (c == '"') {
                    if (quoted && t.charAt(i + 1) == '"') {
                        out.append('"');
                        i++;
                    } else {
                        quoted = !quoted;
                    }
                } else {
                    out.append(c);
                }
                i++;
            }
            return new Bound(i == start ? null : out.toString(), i);
        }
    }

    /** A range of a subtype the suite makes no values of (a domain whose CHECKs it cannot meet) has none either. */
    @Override
    public Optional<String> generatorUnsupported() {
        return subtype.generatorUnsupported();
    }

    /** Two typical values of the subtype as [lower, upper); a one-value range when they are equal. */
    @Override
    public Object generate(SplittableRandom random) {
        Object a = subtype.checked(subtype.generate(random));
        Object b = subtype.checked(subtype.generate(random));
        int order = subtype.compare(a, b);
        return checkedValue(order == 0 ? PgRange.of(a, a, "[]") : order < 0 ? PgRange.of(a, b, "[)") : PgRange.of(b, a, "[)"));
    }

    /** [v, ) for the subtype's n-th distinct value v. */
    @Override
    public Optional<Object> distinct(long n) {
        return subtype.distinct(n).map(v -> checkedValue(PgRange.of(v, null, "[)")));
    }

    /**
     * 'empty', unbounded on either side or both, the subtype's extreme hostile values as bounds (inclusive upper
     * only for continuous subtypes: a discrete upper bound one past the largest value overflows), a one-value
     * range, and ranges the server turns into 'empty'.
     */
    @Override
    public List<Object> hostileValues() {
        List<Object> bounds = new ArrayList<>();
        for (Object v : subtype.hostileValues()) {
            bounds.add(subtype.checked(v));
        }
        bounds.sort(subtype::compare);
        if (bounds.isEmpty()) {
            // a domain subtype whose CHECKs accept none of its base's hostile values (VALUE BETWEEN 1 AND 100)
            return List.of(PgRange.EMPTY, new PgRange(null, null, false, false, false));
        }
        Object min = bounds.get(0);
        Object max = bounds.get(bounds.size() - 1);
        Object middle = bounds.get(bounds.size() / 2);
        List<Object> values = new ArrayList<>(List.of(PgRange.EMPTY, new PgRange(null, null, false, false, false),
                PgRange.of(null, middle, "(]"), PgRange.of(middle, null, "[)"), PgRange.of(middle, middle, "[]"),
                PgRange.of(middle, middle, "()"), PgRange.of(min, max, "[)"), PgRange.of(min, max, "()")));
        if (!discrete) {
            values.add(PgRange.of(min, max, "[]"));
        }
        return values;
    }
}
