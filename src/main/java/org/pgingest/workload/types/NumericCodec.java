package org.pgingest.workload.types;


import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * numeric and numeric(p,s): Java BigDecimal, or {@link NumericSpecial} for NaN and ±Infinity; exact on every path,
 * no double anywhere. {@link #checked} gives the value the server stores: rounded half away from zero to the
 * scale s (apply_typmod; negative scales from PostgreSQL 15), refused when it has more than p - s integer
 * digits; unconstrained numeric keeps the value's own scale (its dscale: "1.50" stays "1.50"). Binary form
 * (numeric_send): int16 count of base-10000 digits, int16 weight of the first digit, int16 sign, int16 dscale,
 * then the digits.
 */
final class NumericCodec extends BaseCodec implements OrderedCodec {
    /** numeric's own limits (numeric.c): 131072 digits before the point, 16383 after. */
    private static final int MAX_INTEGER_DIGITS = 131_072;
    private static final int MAX_DSCALE = 16_383;
    private static final int NUMERIC_NEG = 0x4000;
    /** Digits of a value whose binary form is made in long arithmetic: 15, plus up to 3 of padding, fit a long. */
    private static final int SMALL_PRECISION = 15;
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1000};

    /** Declared precision, or -1 for unconstrained numeric. */
    private final int precision;
    private final int scale;

    NumericCodec(String sqlType, int typmod) {
        super(sqlType, BigDecimal.class);
        if (typmod < 4) {
            precision = -1;
            scale = 0;
        } else {
            // numeric typmod: ((p << 16) | (s & 0x7ff)) + VARHDRSZ, the scale sign-extended from 11 bits (PG 15+;
            // 14 allowed 0 <= s <= p only, which reads the same)
            int packed = typmod - 4;
            precision = (packed >> 16) & 0xFFFF;
            scale = ((packed & 0x7FF) ^ 1024) - 1024;
        }
    }

    private boolean constrained() {
        return precision >= 0;
    }

    @Override
    public Object checked(Object value) {
        if (value instanceof NumericSpecial special) {
            if (special.isInfinite() && constrained()) {
                throw outOfRange(ValueRejectedException.NUMERIC_OUT_OF_RANGE, "numeric field overflow: a field with precision "
                        + precision + ", scale " + scale + " cannot hold an infinite value");
            }
            return special;
        }
        return super.checked(value);
    }

    @Override
    Object checkedValue(Object value) {
        BigDecimal d = (BigDecimal) value;
        BigDecimal stored;
        if (constrained()) {
            stored = d.scale() == scale ? d : d.setScale(scale, RoundingMode.HALF_UP);
            if (scale < 0) {
                stored = stored.setScale(0);
            }
            if (stored.signum() != 0 && stored.precision() - stored.scale() > precision - scale) {
                throw outOfRange(ValueRejectedException.NUMERIC_OUT_OF_RANGE, "numeric field overflow: " + d.toPlainString()
                        + " rounds to a value of more than " + (precision - scale) + " integer digits");
            }
        } else {
            stored = checkUnconstrained(d, sqlType());
        }
        return stored.equals(d) ? d : stored;
    }

    /**
     * The value unconstrained numeric stores (a negative scale becomes 0), or a rejection when it lies beyond
     * numeric's format: more than 131072 digits before the point or 16383 after.
     */
    static BigDecimal checkUnconstrained(BigDecimal d, String sqlType) {
        BigDecimal stored = d.scale() < 0 ? d.setScale(0) : d;
        if (stored.scale() > MAX_DSCALE || stored.precision() - stored.scale() > MAX_INTEGER_DIGITS) {
            throw new ValueRejectedException(ValueRejectedException.NUMERIC_OUT_OF_RANGE, sqlType
                    + ": value overflows numeric format: " + (stored.precision() - stored.scale())
                    + " integer digits, scale " + stored.scale());
        }
        return stored;
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.NUMERIC);
    }

    /** pgjdbc sends a BigDecimal as numeric; NaN and ±Infinity go as untyped text. */
    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        if (value instanceof NumericSpecial special) {
            statement.setObject(index, special.text(), Types.OTHER);
        } else {
            statement.setBigDecimal(index, (BigDecimal) value);
        }
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append(value instanceof NumericSpecial special ? special.text() : ((BigDecimal) value).toPlainString());
    }

    /**
     * numeric_send of a value of at most {@link #SMALL_PRECISION} digits, {@code unscaled} × 10^-{@code dscale},
     * in long arithmetic: the digits padded to whole groups of four after the point are at most 18, so a long holds
     * them, and no String or array is made (binary COPY sends one such value per numeric column and row).
     */
    private static void writeSmall(BinarySink out, long unscaled, int dscale) {
        int padRight = (4 - dscale % 4) % 4;
        long scaled = Math.abs(unscaled) * POWERS_OF_TEN[padRight];
        if (scaled == 0) {
            out.writeInt(8);
            out.writeShort(0);
            out.writeShort(0);
            out.writeShort(0);
            out.writeShort(dscale);
            return;
        }
        int groups = 1;
        long top = 1;
        while (scaled / top >= 10_000) {
            top *= 10_000;
            groups++;
        }
        int trailingZeroGroups = 0;
        for (long rest = scaled; rest % 10_000 == 0; rest /= 10_000) {
            trailingZeroGroups++;
        }
        int ndigits = groups - trailingZeroGroups;
        out.writeInt(8 + 2 * ndigits);
        out.writeShort(ndigits);
        out.writeShort(groups - 1 - (dscale + padRight) / 4);
        out.writeShort(unscaled < 0 ? NUMERIC_NEG : 0);
        out.writeShort(dscale);
        for (int g = 0; g < ndigits; g++) {
            out.writeShort((int) (scaled / top));
            scaled %= top;
            top /= 10_000;
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        if (value instanceof NumericSpecial special) {
            out.writeInt(8);
            out.writeShort(0);
            out.writeShort(0);
            out.writeShort(special.signWord());
            out.writeShort(0);
            return;
        }
        BigDecimal d = (BigDecimal) value;
        int dscale = d.scale();
        if (d.precision() <= SMALL_PRECISION && dscale >= 0) {
            writeSmall(out, d.movePointRight(dscale).longValue(), dscale);
            return;
        }
        // Decimal digits padded with zeros on the right to whole groups of four after the point and on the left to
        // whole groups of four before it; then groups of four digits are the base-10000 digits.
        String digits = d.unscaledValue().abs().toString();
        int padRight = (4 - dscale % 4) % 4;
        int length = digits.length() + padRight;
        int padLeft = (4 - length % 4) % 4;
        int groups = (length + padLeft) / 4;
        short[] base10000 = new short[groups];
        for (int g = 0; g < groups; g++) {
            int v = 0;
            for (int i = g * 4 - padLeft, end = i + 4; i < end; i++) {
                v = v * 10 + (i >= 0 && i < digits.length() ? digits.charAt(i) - '0' : 0);
            }
            base10000[g] = (short) v;
        }
        int first = 0;
        int last = groups - 1;
        while (first <= last && base10000[first] == 0) {
            first++;
        }
        while (last >= first && base10000[last] == 0) {
            last--;
        }
        int ndigits = last - first + 1;
        int weight = ndigits == 0 ? 0 : groups - (dscale + padRight) / 4 - 1 - first;
        out.writeInt(8 + 2 * ndigits);
        out.writeShort(ndigits);
        out.writeShort(weight);
        out.writeShort(d.signum() < 0 ? NUMERIC_NEG : 0);
        out.writeShort(dscale);
        for (int g = first; g <= last; g++) {
            out.writeShort(base10000[g]);
        }
    }

    /** numeric_out's forms and numeric_in's: "NaN", "Infinity", "-Infinity" in any case, decimals with exponents. */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        String special = Floats.special(t);
        if (special != null) {
            return special.equals("NaN") ? NumericSpecial.NAN
                    : special.equals("Infinity") ? NumericSpecial.POSITIVE_INFINITY : NumericSpecial.NEGATIVE_INFINITY;
        }
        if (!Floats.isDecimal(t)) {
            throw notText(text);
        }
        return new BigDecimal(t);
    }

    /**
     * Amounts: up to the declared precision (unconstrained: up to 15 digits and 0 to 6 decimals), of every
     * magnitude, one in ten negative.
     */
    @Override
    public Object generate(SplittableRandom random) {
        int totalDigits = random.nextInt(1, (constrained() ? Math.max(precision, 1) : 15) + 1);
        StringBuilder unscaled = new StringBuilder(totalDigits + 1);
        if (random.nextInt(10) == 0) {
            unscaled.append('-');
        }
        for (int i = 0; i < totalDigits; i++) {
            unscaled.append((char) ('0' + random.nextInt(10)));
        }
        int s = constrained() ? scale : random.nextInt(0, 7);
        return checkedValue(new BigDecimal(new BigInteger(unscaled.toString()), s));
    }

    /** n in units of the last decimal place; numeric(p,s) holds 10^p of them. */
    @Override
    public Optional<Object> distinct(long n) {
        if (!constrained()) {
            return Optional.of(BigDecimal.valueOf(n));
        }
        if (precision < 19 && n >= Integers.pow10(precision)) {
            return Optional.empty();
        }
        return Optional.of(checkedValue(BigDecimal.valueOf(n, scale)));
    }

    @Override
    public List<Object> hostileValues() {
        List<Object> values = new ArrayList<>();
        values.add(NumericSpecial.NAN);
        values.add(BigDecimal.ZERO);
        if (constrained()) {
            BigDecimal max = new BigDecimal(BigInteger.TEN.pow(precision).subtract(BigInteger.ONE), scale);
            BigDecimal unit = BigDecimal.ONE.scaleByPowerOfTen(-scale);
            values.add(max);
            values.add(max.negate());
            values.add(unit);
            values.add(unit.negate());
            // half a unit: rounds away from zero, both signs
            BigDecimal half = unit.divide(BigDecimal.valueOf(2));
            values.add(half);
            values.add(half.negate());
            // just below the overflow: rounds down to max, still storable
            values.add(max.add(half.divide(BigDecimal.TEN)));
        } else {
            values.add(NumericSpecial.POSITIVE_INFINITY);
            values.add(NumericSpecial.NEGATIVE_INFINITY);
            values.add(new BigDecimal("1.50"));
            values.add(new BigDecimal("-0.000"));
            values.add(new BigDecimal("123456789012345678901234567890.123456789012345678901234567890"));
            values.add(new BigDecimal("1E+10")); // negative scale: stored with dscale 0
            values.add(BigDecimal.ONE.scaleByPowerOfTen(-MAX_DSCALE)); // the smallest positive numeric
            values.add(new BigDecimal(BigInteger.TEN.pow(MAX_INTEGER_DIGITS).subtract(BigInteger.ONE)).negate()); // the largest magnitude
            values.add(new BigDecimal("0.0001"));
            values.add(new BigDecimal("9999.9999"));
            values.add(new BigDecimal("10000"));
        }
        return values;
    }

    /** numeric's order: -Infinity, the numbers, Infinity, then NaN (numeric.c sorts NaN above everything). */
    @Override
    public int compare(Object a, Object b) {
        int ra = rank(a);
        int rb = rank(b);
        return ra != rb || ra != 1 ? Integer.compare(ra, rb) : ((BigDecimal) a).compareTo((BigDecimal) b);
    }

    private static int rank(Object v) {
        return v == NumericSpecial.NEGATIVE_INFINITY ? 0 : v == NumericSpecial.POSITIVE_INFINITY ? 2
                : v == NumericSpecial.NAN ? 3 : 1;
    }
}
