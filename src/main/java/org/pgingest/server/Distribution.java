package org.pgingest.server;

/**
 * How a trial's table lies on a Citus cluster ({@code -p distribution}): hashed on a column ({@code hash:COLUMN}; plain
 * {@code hash}, the default, on the first column of the primary key) or a plain table on the coordinator
 * ({@code local}, for comparison). Means nothing on one server, where only the default is taken.
 *
 * @param column the column to hash on; null for the primary key's first, or for a local table
 * @param local  a plain table on the coordinator
 */
public record Distribution(String column, boolean local) {
    /** The JMH parameter: {@code -p distribution=...}. */
    public static final String PARAMETER = "distribution";
    /** The JMH parameter: {@code -p shards=N}. */
    public static final String SHARDS_PARAMETER = "shards";
    /** The parameter's default: hashed on the first column of the primary key. */
    public static final String DEFAULT = "hash";
    /** Shards of a distributed table: Citus' own default (citus.shard_count). */
    public static final int DEFAULT_SHARDS = 32;
    /** The valid values, as a refusal names them. */
    public static final String VALID = "hash (on the primary key's first column), hash:COLUMN, local";

    /**
     * Whether {@code value} of {@code -p distribution} or {@code -p shards} ({@code parameter}) means the default,
     * however written ("032" is 32); a value that is none at all is not (its own check names it).
     */
    public static boolean isDefault(String parameter, String value) {
        try {
            return parameter.equals(PARAMETER) ? parse(value).equals(parse(DEFAULT))
                    : parseShards(value) == DEFAULT_SHARDS;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The value of {@code -p distribution}, or an {@link IllegalArgumentException} with one line naming the valid ones. */
    public static Distribution parse(String value) {
        String v = value.trim();
        if (v.equals(DEFAULT)) {
            return new Distribution(null, false);
        }
        if (v.equals("local")) {
            return new Distribution(null, true);
        }
        if (v.startsWith("hash:") && !v.substring("hash:".length()).isBlank()) {
            return new Distribution(v.substring("hash:".length()).trim(), false);
        }
        throw new IllegalArgumentException("-p " + PARAMETER + "=" + value + ": "
                + (v.equals("hash:") ? "hash: names no column" : "no such distribution") + "; valid: " + VALID);
    }

    /** The value of {@code -p shards}: a whole number of 1 or more, else the one line that says so. */
    public static int parseShards(String value) {
        try {
            int shards = Integer.parseInt(value.trim());
            if (shards >= 1) {
                return shards;
            }
        } catch (NumberFormatException e) {
            // falls through to the same line as a number below 1
        }
        throw new IllegalArgumentException("-p " + SHARDS_PARAMETER + "=" + value
                + ": use a whole number of 1 or more (shards of a distributed table on -Dpg.target=citus)");
    }
}
