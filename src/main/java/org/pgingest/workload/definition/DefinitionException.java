package org.pgingest.workload.definition;

/**
 * A table the suite cannot take as asked: no such table, a view, an ambiguous name, a definition that does not apply.
 * The message is one line that names the table and what would work; the launcher prints it and exits 2.
 */
public final class DefinitionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DefinitionException(String message) {
        super(message);
    }
}
