package org.pgingest.workload.types;


import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * money: Java BigDecimal with two decimals, rounded half away from zero as cash_in rounds; binary int64 cents
 * (cash_send). Assumes an lc_monetary with two fraction digits and '.' as decimal point (C, POSIX, en_US and most
 * others; PostgreSQL uses two when the locale says nothing): money's text input, output and scale follow the
 * server's lc_monetary, which this codec does not read.
 */
final class MoneyCodec extends BaseCodec {
    private static final BigDecimal MIN = BigDecimal.valueOf(Long.MIN_VALUE, 2);
    private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE, 2);

    MoneyCodec(String sqlType) {
        super(sqlType, BigDecimal.class);
    }

    @Override
    Object checkedValue(Object value) {
        BigDecimal d = (BigDecimal) value;
        BigDecimal cents = d.scale() == 2 ? d : d.setScale(2, RoundingMode.HALF_UP);
        if (cents.compareTo(MIN) < 0 || cents.compareTo(MAX) > 0) {
            throw outOfRange(ValueRejectedException.NUMERIC_OUT_OF_RANGE, "value \"" + d.toPlainString()
                    + "\" is out of range for type money");
        }
        return cents.equals(d) ? d : cents;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append(((BigDecimal) value).toPlainString());
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(8);
        out.writeLong(((BigDecimal) value).unscaledValue().longValueExact());
    }

    /**
     * cash_out's form in lc_monetary C or en_US ("-$1,234.56") and plain decimals: currency sign, grouping commas
     * and blanks dropped.
     */
    @Override
    public Object parse(String text) {
        String t = text.trim().replace("$", "").replace(",", "").replace(" ", "");
        if (!Floats.isDecimal(t)) {
            throw notText(text);
        }
        return new BigDecimal(t);
    }

    /** A price up to 10,000.00. */
    @Override
    public Object generate(SplittableRandom random) {
        return BigDecimal.valueOf(random.nextLong(1_000_001), 2);
    }

    /** n cents. */
    @Override
    public Optional<Object> distinct(long n) {
        return Optional.of(BigDecimal.valueOf(n, 2));
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(MIN, MAX, BigDecimal.ZERO, new BigDecimal("0.005"), new BigDecimal("-0.005"),
                new BigDecimal("1.015"), new BigDecimal("-1234567.8"), new BigDecimal("1E+3"));
    }
}
