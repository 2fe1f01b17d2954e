package org.pgingest.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The leading {@code -Dname=value} arguments of {@code ./bench}: set in the launcher and passed to every fork.
 * Names under {@code pg.} are the suite's own and a misspelt one is an error (it would otherwise be ignored
 * silently, and the run would measure something else than asked); any other name is passed through.
 *
 * @param properties every leading {@code -D} option, in order
 * @param jmhArgs    the arguments after them, JMH's own
 */
public record SuiteOptions(Map<String, String> properties, List<String> jmhArgs) {
    /** The suite's names: read by {@code org.pgingest.server.TargetConfig} and {@code EmbeddedBinaries}. */
    static final List<String> KNOWN = List.of("pg.target", "pg.version", "pg.schema", "pg.url", "pg.user",
            "pg.binaries.dir", "pg.image");
    /** One server setting each: {@code -Dpg.conf.synchronous_commit=off}. */
    public static final String SETTING_PREFIX = "pg.conf.";

    /** Splits the command line; a {@code pg.*} name the suite does not know is a {@link UsageException}. */
    public static SuiteOptions parse(String[] args) {
        Map<String, String> properties = new LinkedHashMap<>();
        List<String> jmhArgs = new ArrayList<>();
        for (String arg : args) {
            if (jmhArgs.isEmpty() && arg.startsWith("-D") && arg.contains("=")) {
                String[] kv = arg.substring(2).split("=", 2);
                requireKnown(kv[0]);
                properties.put(kv[0], kv[1]);
            } else {
                jmhArgs.add(arg);
            }
        }
        return new SuiteOptions(properties, jmhArgs);
    }

    private static void requireKnown(String name) {
        if (!name.startsWith("pg.") || KNOWN.contains(name)) {
            return;
        }
        if (name.startsWith(SETTING_PREFIX) && name.length() > SETTING_PREFIX.length()) {
            return;
        }
        throw new UsageException("unknown option -D" + name + ": the suite's options are -D"
                + String.join(", -D", KNOWN) + " and -D" + SETTING_PREFIX + "NAME=VALUE");
    }

    /** The options as {@code -Dname=value} arguments for the forks' command line. */
    List<String> asJvmArgs() {
        List<String> result = new ArrayList<>();
        properties.forEach((k, v) -> result.add("-D" + k + "=" + v));
        return result;
    }

    /** Whether any server setting of the suite's file is overridden. */
    boolean overridesSettings() {
        return properties.keySet().stream().anyMatch(k -> k.startsWith(SETTING_PREFIX));
    }
}
