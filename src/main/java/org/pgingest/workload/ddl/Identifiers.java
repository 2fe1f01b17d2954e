package org.pgingest.workload.ddl;

/**
 * SQL identifiers as the suite writes them: always double-quoted (quotes doubled), so mixed case, reserved words,
 * spaces and non-ASCII names mean exactly the object they name. One home for the rule.
 */
public final class Identifiers {
    private Identifiers() {
    }

    /** {@code "name"}, with any {@code "} in it doubled. */
    public static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /**
     * The name as people write it: bare where SQL reads it back unchanged (lower case, digits, underscores; not
     * starting with a digit), quoted otherwise. For messages; SQL text the suite sends uses {@link #quote} always.
     */
    public static String display(String identifier) {
        return identifier.matches("[a-z_][a-z0-9_$]*") ? identifier : quote(identifier);
    }

    /** {@code "schema"."name"}. */
    public static String qualify(String schema, String name) {
        return quote(schema) + "." + quote(name);
    }
}
