package org.pgingest.load;

/**
 * Whether pgjdbc prepares statements on the server: an axis for planning cost. With {@code prepareThreshold=0}
 * every execution goes as an unnamed statement, which PostgreSQL parses and plans each time (as a client without
 * prepared statements does, and as the published UNNEST-vs-VALUES measurement did). With 1 the driver names the
 * statement from its first execution and reuses it; PostgreSQL's plan cache then plans it afresh for five
 * executions and may switch to a generic plan, planned once (plan_cache_mode=auto, PostgreSQL 12+ names the setting).
 */
public enum Preparation {
    UNPREPARED("0"),
    SERVER_PREPARED("1");

    private final String prepareThreshold;

    Preparation(String prepareThreshold) {
        this.prepareThreshold = prepareThreshold;
    }

    /** The pgjdbc {@code prepareThreshold} connection option. */
    public String prepareThreshold() {
        return prepareThreshold;
    }
}
