package org.pgingest.workload.types;

import java.util.ArrayList;
import java.util.List;

/**
 * Values, as text forms, of the types the suite carries only as text: the extension types users often have
 * (citext, hstore, ltree from contrib; pgvector's vector; PostGIS geometry points), point, and multiranges
 * (built from their range's codec). Each is what that type's input function reads in every version the suite
 * supports (ltree labels without '-', which only PostgreSQL 16 reads).
 */
final class TextFormValues {
    private static final String[] LABELS = {"Top", "Science", "Astronomy", "Galaxies", "Stars", "Hobbies", "Amateurs_Astronomy"};

    private TextFormValues() {
    }

    /** The values of a type known by name (any schema: extensions install where they are told), or none. */
    static TextFormCodec.ExtensionValues forType(ColumnTypeFacts facts) {
        return switch (facts.name()) {
            case "citext" -> new TextFormCodec.ExtensionValues(r -> Texts.words(r, 60), Long::toString, Texts.HOSTILE);
            case "hstore" -> hstore();
            case "ltree" -> ltree();
            case "vector" -> vector(facts.typmod() > 0 ? facts.typmod() : 3);
            case "geometry" -> facts.typmod() < 0 ? geometryPoints() : TextFormCodec.ExtensionValues.NONE;
            case "point" -> point();
            default -> TextFormCodec.ExtensionValues.NONE;
        };
    }

    /** '"key"=>"value", ...' with quotes and backslashes escaped inside the quotes. */
    private static TextFormCodec.ExtensionValues hstore() {
        return new TextFormCodec.ExtensionValues(r -> {
            StringBuilder out = new StringBuilder();
            for (int i = 0, n = r.nextInt(0, 4); i < n; i++) {
                out.append(i > 0 ? ", " : "");
                Texts.appendQuoted(out, "k" + i);
                out.append("=>");
                if (r.nextInt(10) == 0) {
                    out.append("NULL");
                } else {
                    Texts.appendQuoted(out, Texts.words(r, 20));
                }
            }
            return out.toString();
        }, n -> "\"n\"=>\"" + n + "\"", hostileHstores());
    }

    private static List<String> hostileHstores() {
        List<String> values = new ArrayList<>(List.of("", "\"\"=>\"\"", "\"k\"=>NULL", "\"NULL\"=>\"NULL\""));
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < Texts.HOSTILE.size(); i++) {
            all.append(i > 0 ? ", " : "");
            Texts.appendQuoted(all, "key " + i + " " + Texts.HOSTILE.get(i));
            all.append("=>");
            Texts.appendQuoted(all, Texts.HOSTILE.get(i));
        }
        values.add(all.toString());
        return values;
    }

    /** Dot-separated labels of letters, digits and underscores. */
    private static TextFormCodec.ExtensionValues ltree() {
        return new TextFormCodec.ExtensionValues(r -> {
            StringBuilder out = new StringBuilder();
            for (int i = 0, n = r.nextInt(1, 5); i < n; i++) {
                out.append(i > 0 ? "." : "").append(LABELS[r.nextInt(LABELS.length)]);
            }
            return out.toString();
        }, n -> "Top.n" + n, List.of("", "a", "Top.Science.Astronomy", "_.0.Z9_z", "x".repeat(255) + ".y",
                String.join(".", java.util.Collections.nCopies(100, "deep"))));
    }

    /** pgvector's '[1,2.5,-3]' with the declared number of dimensions (finite float4 values only). */
    private static TextFormCodec.ExtensionValues vector(int dimensions) {
        return new TextFormCodec.ExtensionValues(r -> {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < dimensions; i++) {
                out.append(i > 0 ? "," : "").append((float) r.nextGaussian());
            }
            return out.append(']').toString();
        }, n -> {
            StringBuilder out = new StringBuilder("[").append(n);
            for (int i = 1; i < dimensions; i++) {
                out.append(",0");
            }
            return out.append(']').toString();
        }, List.of(filled(dimensions, "0"), filled(dimensions, "-0"), filled(dimensions, Float.toString(Float.MAX_VALUE)),
                filled(dimensions, Float.toString(Float.MIN_VALUE))));
    }

    private static String filled(int dimensions, String component) {
        return "[" + String.join(",", java.util.Collections.nCopies(dimensions, component)) + "]";
    }

    /** PostGIS well-known text points (untyped geometry only: a typmod fixes a geometry type and SRID). */
    private static TextFormCodec.ExtensionValues geometryPoints() {
        return new TextFormCodec.ExtensionValues(r -> "POINT(" + r.nextDouble(-180, 180) + " " + r.nextDouble(-90, 90) + ")",
                n -> "POINT(" + n + " 0)", List.of("POINT(0 0)", "POINT EMPTY", "LINESTRING(0 0,1 1)"));
    }

    private static TextFormCodec.ExtensionValues point() {
        return new TextFormCodec.ExtensionValues(r -> "(" + r.nextDouble(-1000, 1000) + "," + r.nextDouble(-1000, 1000) + ")",
                n -> "(" + n + ",0)", List.of("(0,0)", "(-0,1e-300)", "(1.7976931348623157E308,-1.7976931348623157E308)",
                        "(NaN,Infinity)"));
    }

    /** A multirange's values: braces around its range codec's text forms. */
    static TextFormCodec.ExtensionValues multirange(TypeCodec range) {
        if (range.generatorUnsupported().isPresent()) {
            return TextFormCodec.ExtensionValues.NONE; // its ranges' subtype has no values of the suite's
        }
        return new TextFormCodec.ExtensionValues(r -> {
            StringBuilder out = new StringBuilder("{");
            for (int i = 0, n = r.nextInt(0, 3); i < n; i++) {
                out.append(i > 0 ? "," : "").append(range.text(range.checked(range.generate(r))));
            }
            return out.append('}').toString();
        }, n -> range.distinct(n).map(v -> "{" + range.text(v) + "}").orElse(null), multirangeHostile(range));
    }

    private static List<String> multirangeHostile(TypeCodec range) {
        List<String> values = new ArrayList<>(List.of("{}"));
        StringBuilder all = new StringBuilder("{");
        boolean first = true;
        for (Object v : range.hostileValues()) {
            all.append(first ? "" : ",").append(range.text(range.checked(v)));
            first = false;
        }
        values.add(all.append('}').toString());
        return values;
    }
}
