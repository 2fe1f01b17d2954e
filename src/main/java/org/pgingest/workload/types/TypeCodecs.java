package org.pgingest.workload.types;

/** Finds the codec of a column from its catalog facts. */
public final class TypeCodecs {
    private TypeCodecs() {
    }

    /**
     * The codec of a column's type: arrays by their element's codec, domains by their base's codec plus the
     * domain's CHECKs, enums by their labels, ranges by their subtype's codec, built-in types each by their own
     * class, and any other type through its text form (no binary COPY).
     */
    public static TypeCodec forColumn(ColumnTypeFacts facts) {
        // Interim, until the type-codecs branch lands: the published shapes' seven types, any other through its text.
        return InterimCodecs.forColumn(facts).orElseGet(() -> new InterimCodecs.TextForm(facts.formatted()));
    }
}
