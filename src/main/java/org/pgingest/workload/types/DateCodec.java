package org.pgingest.workload.types;


import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * date: Java LocalDate, with {@link LocalDate#MAX} and {@link LocalDate#MIN} for 'infinity' and '-infinity' (as
 * pgjdbc maps them); binary int32 days since 2000-01-01, INT32_MAX/MIN for ±infinity (date_send). Range
 * 4714-11-24 BC to 5874897-12-31.
 */
final class DateCodec extends BaseCodec implements OrderedCodec {
    DateCodec(String sqlType) {
        super(sqlType, LocalDate.class);
    }

    @Override
    Object checkedValue(Object value) {
        LocalDate date = (LocalDate) value;
        if (!isInfinite(date) && (date.isBefore(DateTimes.MIN_DATE) || date.isAfter(DateTimes.MAX_DATE))) {
            throw outOfRange(ValueRejectedException.OUT_OF_RANGE, "date out of range: " + date
                    + " (PostgreSQL holds 4714-11-24 BC to 5874897-12-31)");
        }
        return date;
    }

    static boolean isInfinite(LocalDate date) {
        return date.equals(LocalDate.MAX) || date.equals(LocalDate.MIN);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        LocalDate date = (LocalDate) value;
        if (date.equals(LocalDate.MAX)) {
            out.append("infinity");
        } else if (date.equals(LocalDate.MIN)) {
            out.append("-infinity");
        } else {
            DateTimes.appendDate(out, date);
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        LocalDate date = (LocalDate) value;
        out.writeInt(4);
        out.writeInt(date.equals(LocalDate.MAX) ? Integer.MAX_VALUE : date.equals(LocalDate.MIN) ? Integer.MIN_VALUE
                : (int) (date.toEpochDay() - DateTimes.POSTGRES_EPOCH_DAY));
    }

    /** date_out's ISO form ("2024-02-29", "0044-03-15 BC", "infinity"). */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        if (t.equals("infinity") || t.equals("+infinity")) {
            return LocalDate.MAX;
        }
        if (t.equals("-infinity")) {
            return LocalDate.MIN;
        }
        DateTimes.Parsed parsed = DateTimes.parseDateTime(t);
        if (parsed == null || parsed.time() != null || parsed.offsetSeconds() != null) {
            throw notText(text);
        }
        return parsed.date();
    }

    /** A day within 2015-2034. */
    @Override
    public Object generate(SplittableRandom random) {
        return LocalDate.of(2015, 1, 1).plusDays(random.nextInt(20 * 365));
    }

    /** Day n after 2000-01-01, up to the last day PostgreSQL holds. */
    @Override
    public Optional<Object> distinct(long n) {
        return n <= DateTimes.MAX_DATE.toEpochDay() - DateTimes.POSTGRES_EPOCH_DAY
                ? Optional.of(LocalDate.ofEpochDay(DateTimes.POSTGRES_EPOCH_DAY + n)) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(LocalDate.MIN, LocalDate.MAX, DateTimes.MIN_DATE, DateTimes.MAX_DATE,
                LocalDate.of(0, 2, 29), LocalDate.of(1, 1, 1), LocalDate.of(-1, 12, 31), LocalDate.of(9999, 12, 31),
                LocalDate.of(10_000, 1, 1), LocalDate.of(1999, 12, 31), LocalDate.of(2000, 1, 1),
                LocalDate.of(1582, 10, 10), LocalDate.of(2024, 2, 29));
    }

    @Override
    public int compare(Object a, Object b) {
        return ((LocalDate) a).compareTo((LocalDate) b);
    }

    /** daterange_canonical adds a day to a finite date and leaves ±infinity alone. */
    @Override
    public Object next(Object v) {
        LocalDate date = (LocalDate) v;
        return isInfinite(date) ? date : date.plusDays(1);
    }
}
