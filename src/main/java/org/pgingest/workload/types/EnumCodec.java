package org.pgingest.workload.types;


import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Enums: Java String, one of the labels pg_enum lists for the type (in enumsortorder). Text the label; binary its
 * UTF-8 bytes (enum_send sends the label as text).
 */
final class EnumCodec extends TextValuedCodec implements OrderedCodec {
    private final List<String> labels;

    EnumCodec(String sqlType, List<String> labels) {
        super(sqlType);
        if (labels.isEmpty()) {
            throw new IllegalArgumentException("enum " + sqlType + " has no labels: no value can be stored");
        }
        this.labels = List.copyOf(labels);
    }

    @Override
    Object checkedValue(Object value) {
        if (!labels.contains(value)) {
            throw outOfRange(ValueRejectedException.INVALID_TEXT, "invalid input value for enum " + sqlType() + ": \""
                    + value + "\" (labels: " + labels + ")");
        }
        return value;
    }

    @Override
    public Object generate(SplittableRandom random) {
        return labels.get(random.nextInt(labels.size()));
    }

    /** The n-th label: an enum holds as many distinct values as it has labels. */
    @Override
    public Optional<Object> distinct(long n) {
        return n < labels.size() ? Optional.of(labels.get((int) n)) : Optional.empty();
    }

    @Override
    public List<Object> hostileValues() {
        return List.copyOf(labels);
    }

    /** In enumsortorder, as enums compare. */
    @Override
    public int compare(Object a, Object b) {
        return Integer.compare(labels.indexOf(a), labels.indexOf(b));
    }
}
