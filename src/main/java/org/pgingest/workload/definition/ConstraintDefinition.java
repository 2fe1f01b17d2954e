package org.pgingest.workload.definition;

import java.util.List;

/**
 * A table constraint as {@code pg_constraint} holds it.
 *
 * @param name       its name
 * @param kind       what it is
 * @param columns    the columns it names ({@code conkey}), in order
 * @param definition {@code pg_get_constraintdef}: "PRIMARY KEY (id)", "CHECK ((qty > 0))", "FOREIGN KEY (a)
 *                   REFERENCES s.t(id) ON DELETE CASCADE", with other schemas' objects qualified
 * @param references foreign keys: the referenced table and columns; null otherwise
 */
public record ConstraintDefinition(String name, Kind kind, List<String> columns, String definition,
                                   Reference references) {

    public enum Kind { PRIMARY_KEY, UNIQUE, CHECK, FOREIGN_KEY, EXCLUSION }

    /**
     * The table and columns a foreign key references.
     *
     * @param table   the referenced table
     * @param sqlName the referenced table as {@code pg_get_constraintdef} writes it in {@link #definition}
     * @param columns the referenced columns, in the order of the foreign key's own
     */
    public record Reference(QualifiedName table, String sqlName, List<String> columns) {
    }

    public ConstraintDefinition {
        columns = List.copyOf(columns);
    }

    /** A CHECK's boolean expression (without "CHECK" and any "NOT VALID"). */
    public String checkExpression() {
        if (kind != Kind.CHECK) {
            throw new IllegalStateException(name + " is no CHECK");
        }
        String d = definition.endsWith(" NOT VALID") ? definition.substring(0, definition.length() - 10) : definition;
        return d.substring("CHECK ".length());
    }
}
