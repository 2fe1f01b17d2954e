package org.pgingest.workload;

/**
 * The suite refused to touch a schema or table it did not create (see {@link SuiteSchema}). The message is
 * one line that names the object and how to choose another schema.
 */
public class SchemaRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SchemaRefusedException(String message) {
        super(message);
    }
}
