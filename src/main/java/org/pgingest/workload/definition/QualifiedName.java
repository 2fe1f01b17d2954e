package org.pgingest.workload.definition;

import org.pgingest.workload.ddl.Identifiers;

import java.util.ArrayList;
import java.util.List;

/**
 * A schema-qualified relation name as the catalog holds it (case and all, unquoted).
 *
 * @param schema the schema; null for a name the user gave without one (resolved by the search path)
 * @param name   the relation
 */
public record QualifiedName(String schema, String name) {

    public QualifiedName {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a relation name is not empty");
        }
    }

    /** {@code "schema"."name"}, or {@code "name"} without a schema. */
    public String quoted() {
        return schema == null ? Identifiers.quote(name) : Identifiers.qualify(schema, name);
    }

    /** As a user would write it: {@code schema.name}, each part quoted only where SQL needs it. */
    @Override
    public String toString() {
        return schema == null ? display(name) : display(schema) + "." + display(name);
    }

    private static String display(String part) {
        return Identifiers.display(part);
    }

    /**
     * A name as SQL reads it: {@code name}, {@code schema.name}, either part double-quoted to keep case, dots or
     * spaces ({@code "Sales"."Order Lines"}); unquoted parts fold to lower case. Throws IllegalArgumentException
     * naming what is wrong.
     */
    public static QualifiedName parse(String text) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        String s = text.trim();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < s.length() && s.charAt(i + 1) == '"') {
                    part.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    part.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                wasQuoted = true;
            } else if (c == '.') {
                parts.add(finish(part, wasQuoted, text));
                part.setLength(0);
                wasQuoted = false;
            } else {
                part.append(Character.toLowerCase(c));
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("table name " + text + " has an unclosed double quote");
        }
        parts.add(finish(part, wasQuoted, text));
        if (parts.size() > 2) {
            throw new IllegalArgumentException("table name " + text + " has more than schema.table");
        }
        return parts.size() == 1 ? new QualifiedName(null, parts.get(0)) : new QualifiedName(parts.get(0), parts.get(1));
    }

    private static String finish(StringBuilder part, boolean wasQuoted, String text) {
        String p = wasQuoted ? part.toString() : part.toString().trim();
        if (p.isEmpty()) {
            throw new IllegalArgumentException("table name '" + text + "' has an empty part");
        }
        return p;
    }
}
