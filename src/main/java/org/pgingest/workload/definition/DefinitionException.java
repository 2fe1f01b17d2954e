package org.pgingest.workload.definition;

import java.util.List;

/**
 * A table the suite cannot take as asked: no such table, a view, an ambiguous name, a definition that does not apply.
 * The message is one line that names the table and what would work; the launcher prints it and exits 2.
 */
public final class DefinitionException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Lines to show before the message: what of the DDL could not be applied, where it may be why. */
    private final transient List<String> skipped;

    public DefinitionException(String message) {
        this(message, List.of());
    }

    /** A refusal the server's answer showed the need of ({@code cause}: that answer, kept for a stack trace). */
    public DefinitionException(String message, Throwable cause) {
        super(message, cause);
        this.skipped = List.of();
    }

    public DefinitionException(String message, List<String> skipped) {
        super(message);
        this.skipped = List.copyOf(skipped);
    }

    /** The statements of the DDL that could not be applied (other than ownership, grants, comments), one line each. */
    public List<String> skipped() {
        return skipped;
    }
}
