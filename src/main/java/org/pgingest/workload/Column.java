package org.pgingest.workload;

import org.pgingest.workload.ddl.Identifiers;
import org.pgingest.workload.types.ColumnTypeFacts;
import org.pgingest.workload.types.TypeCodec;

import java.util.ArrayList;
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
        List<String> checks = new ArrayList<>();
        for (ColumnTypeFacts t = type; t != null && t.kind() == 'd'; t = t.base().orElse(null)) {
            for (String check : t.checks()) {
                String c = check.endsWith(" NOT VALID") ? check.substring(0, check.length() - 10) : check;
                checks.add(c.startsWith("CHECK ") ? c.substring(6) : c);
            }
        }
        return checks;
    }

    /** The type beneath any domains: what a value is cast to where the domain's CHECK must not raise an error. */
    public String baseType() {
        ColumnTypeFacts t = type;
        while (t.kind() == 'd' && t.base().isPresent()) {
            t = t.base().get();
        }
        return t.formatted();
    }
}
