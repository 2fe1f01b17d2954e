package org.pgingest.workload.types;

import org.pgingest.workload.ValueRejectedException;

/** Checks the codecs share. */
final class Codecs {
    private Codecs() {
    }

    /** The value itself when it is of the codec's Java type; else a {@link ValueRejectedException} naming both. */
    static Object requireType(TypeCodec codec, Object value) {
        if (!codec.javaType().isInstance(value)) {
            throw new ValueRejectedException(ValueRejectedException.WRONG_TYPE, "a " + codec.sqlType() + " column takes "
                    + codec.javaType().getSimpleName() + ", not " + value.getClass().getSimpleName() + " (" + value + ")");
        }
        return value;
    }

    /**
     * The string itself when it is a sequence of Unicode scalar values without U+0000: a lone surrogate is not
     * UTF-8 encodable (encoders would write '?') and PostgreSQL text cannot hold U+0000.
     */
    static String requireText(TypeCodec codec, Object value) {
        String s = (String) requireType(codec, value);
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c != 0 && !Character.isSurrogate(c)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            throw new ValueRejectedException(ValueRejectedException.NOT_IN_REPERTOIRE, c == 0
                    ? "text holds U+0000 at char " + i + ", which PostgreSQL text cannot store"
                    : String.format("text holds a lone surrogate U+%04X at char %d, which is not Unicode text", (int) c, i));
        }
        return s;
    }
}
