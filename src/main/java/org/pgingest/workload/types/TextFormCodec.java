package org.pgingest.workload.types;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Any type without a codec of its own (extension types such as citext, hstore, ltree, vector, geometry; built-in
 * ones such as xml or point): Java String holding the value's text form, which every text path carries as it is
 * (bind as untyped text, COPY text and CSV, UNNEST and JSON cast from text). Binary COPY carries it only where its
 * send/receive functions are a built-in type's (citext's are text's: {@link ColumnTypeFacts#binaryAs}), through that
 * type's encoder; otherwise the type's send format is its own. Values come from {@link ExtensionValues} where the suite knows the type; otherwise a
 * column of it needs the user's own rows.
 */
final class TextFormCodec extends TextValuedCodec {
    private final String binaryReason;
    private final ExtensionValues values;
    /** The built-in type's codec whose binary form this type's is (a String-valued one), or null. */
    private final TypeCodec binaryTwin;

    TextFormCodec(String sqlType, String binaryReason, ExtensionValues values, TypeCodec binaryTwin) {
        super(sqlType);
        this.binaryReason = binaryReason;
        this.values = values;
        this.binaryTwin = binaryTwin;
    }

    @Override
    Object checkedValue(Object value) {
        return Texts.checkScalarValues((String) value);
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return binaryTwin != null ? Optional.empty() : Optional.of(binaryReason);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        if (binaryTwin == null) {
            throw new UnsupportedOperationException(sqlType() + ": " + binaryReason);
        }
        binaryTwin.writeBinary(out, value);
    }

    @Override
    public Optional<String> generatorUnsupported() {
        return values.generator() == null ? Optional.of("the suite has no generator for type " + sqlType()
                + ": give the table's rows with --rows FILE.csv") : Optional.empty();
    }

    @Override
    public Object generate(SplittableRandom random) {
        if (values.generator() == null) {
            throw new UnsupportedOperationException(generatorUnsupported().orElseThrow());
        }
        return values.generator().apply(random);
    }

    @Override
    public Optional<Object> distinct(long n) {
        return values.distinct() == null ? Optional.empty() : Optional.ofNullable(values.distinct().apply(n));
    }

    @Override
    public List<Object> hostileValues() {
        return List.copyOf(values.hostile());
    }

    /** What the suite can make of an extension type's values, as text forms. */
    record ExtensionValues(Function<SplittableRandom, String> generator, LongFunction<String> distinct,
                           List<String> hostile) {
        static final ExtensionValues NONE = new ExtensionValues(null, null, List.of());
    }
}
