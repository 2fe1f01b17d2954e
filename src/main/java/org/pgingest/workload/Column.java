package org.pgingest.workload;

import org.pgingest.workload.ddl.Identifiers;
import org.pgingest.workload.types.ColumnTypeFacts;
import org.pgingest.workload.types.TypeCodec;

import java.util.List;

/**
 * One column a loader writes.
 *
 * @param name     column name, as the catalog holds it (unquoted)
 * @param codec    its type's codec
 * @param nullable whether NULL is allowed (the generator produces NULLs only where it is)
 * @param type     what the catalog says of its type (domains' CHECKs among it)
 */
public record Column(String name, TypeCodec codec, boolean nullable, ColumnTypeFacts type) {

    /** The name quoted for SQL text. */
    public String quoted() {
        return Identifiers.quote(name);
    }

    /** The CHECK expressions of its domain and the domains beneath it, on VALUE; empty for a type that is no domain. */
    List<String> domainChecks() {
        return type.domainChecks();
    }

    /** The type beneath any domains: what a value is cast to where the domain's CHECK must not raise an error. */
    public String baseType() {
        return type.baseType();
    }
}
