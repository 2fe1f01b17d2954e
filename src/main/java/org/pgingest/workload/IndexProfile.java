package org.pgingest.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Indexes on the users table, from the published cost-of-indexes experiment: each profile adds one index
 * to the one before. Other shapes have their fixed indexes and take {@link #STANDARD} only.
 */
public enum IndexProfile {
    /** The shape's own indexes as published (users: primary key and unique email). */
    STANDARD,
    /** users: primary key only (no unique email, so no upsert on email). */
    PK,
    /** users: primary key + unique(email). */
    PK_UNIQUE,
    /** users: + btree(created_at). */
    PK_UNIQUE_BTREE,
    /** users: + GIN(to_tsvector('simple', name)). */
    PK_UNIQUE_BTREE_GIN;

    /** Parses a user-supplied name; an unknown name is an error listing the valid ones. */
    public static IndexProfile parse(String name) {
        for (IndexProfile p : values()) {
            if (p.name().equalsIgnoreCase(name.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown index profile '" + name + "': valid profiles are "
                + Arrays.stream(values()).map(p -> p.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
    }
}
