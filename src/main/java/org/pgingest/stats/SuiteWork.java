package org.pgingest.stats;

import java.util.OptionalLong;

/**
 * What the suite knows its own workers did in a window, as far as it knows it: the transactions its loaders
 * committed and the rows they inserted. A window whose database shows more was shared with foreign work
 * (see {@link ServerCosts#contaminated()}).
 *
 * @param commits         transactions the workers' loaders committed; empty when not known
 * @param insertedAtMost  rows the workers inserted, at most (an upsert may update instead); empty when not known
 *                        (a loader that stages rows in another table inserts those too)
 */
public record SuiteWork(OptionalLong commits, OptionalLong insertedAtMost) {
    /** Nothing known: only the checks that need no expectation run. */
    static final SuiteWork UNKNOWN = new SuiteWork(OptionalLong.empty(), OptionalLong.empty());

    public static SuiteWork of(long commits, long insertedAtMost) {
        return new SuiteWork(OptionalLong.of(commits), OptionalLong.of(insertedAtMost));
    }
}
