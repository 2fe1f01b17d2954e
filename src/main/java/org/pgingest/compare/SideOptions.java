package org.pgingest.compare;

import org.pgingest.cli.UsageException;
import org.pgingest.secret.SecretBearing;
import org.pgingest.server.SuiteOptions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code --baseline-opt} or {@code --candidate-opt} give one side: server settings for that side's sessions
 * ({@code -Dpg.conf.NAME=VALUE}) and Java system properties for its JVMs ({@code -DNAME=VALUE}, any name outside the
 * suite's {@code pg.} options). Both sides share one server, so a setting can differ between them only where a
 * session may set it; {@link SessionSettings} checks that against the server. The suite's other options (target,
 * version, image, schema, URL, user) name the server and are given once, before {@code --baseline}.
 *
 * @param side       the side
 * @param settings   session settings by name, in the order given
 * @param properties system properties for the side's launcher and forks, in the order given
 */
record SideOptions(Side side, Map<String, String> settings, Map<String, String> properties) {

    SideOptions {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    static SideOptions none(Side side) {
        return new SideOptions(side, Map.of(), Map.of());
    }

    /** Reads the side's arguments; anything but {@code -Dname=value} as above is one line naming what would work. */
    static SideOptions parse(Side side, List<String> args) {
        String option = "--" + side.id() + "-opt";
        Map<String, String> settings = new LinkedHashMap<>();
        Map<String, String> properties = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (!arg.startsWith("-D") || eq < 3) {
                throw new UsageException(option + " " + SecretBearing.masked(arg) + ": give -Dpg.conf.NAME=VALUE (a server setting for this "
                        + "side's sessions) or -DNAME=VALUE (a Java system property for this side's JVMs)");
            }
            String name = arg.substring(2, eq);
            String value = arg.substring(eq + 1);
            if (SecretBearing.namedLikeSecret(name)) {
                // Checked first: every refusal below would print the value.
                throw new UsageException(option + " -D" + name + "=***: named like a secret; a side's options reach its "
                        + "JMH forks' command lines, which JMH prints and records; the suite takes only the password, "
                        + "from PGIB_PASSWORD in the environment");
            }
            SecretBearing.inValue(value).ifPresent(what -> {
                // a setting's value (primary_conninfo's password=...) or a URL's user:password@ reaches the forks too
                throw new UsageException(option + " -D" + name + " holds " + what + ", a secret; a side's options "
                        + "reach its JMH forks' command lines, which JMH prints and records; the suite takes only the "
                        + "password, from PGIB_PASSWORD in the environment");
            });
            if (name.startsWith(SuiteOptions.SETTING_PREFIX) && name.length() > SuiteOptions.SETTING_PREFIX.length()) {
                if (value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) {
                    throw new UsageException(option + " " + arg + ": a setting's value must be non-empty and hold no "
                            + "spaces");
                }
                settings.put(name.substring(SuiteOptions.SETTING_PREFIX.length()), value);
            } else if (name.startsWith("pg.")) {
                throw new UsageException(option + " " + arg + ": both sides share one server, so -D" + name
                        + " cannot differ between them; give it once before --baseline (only session settings, "
                        + "-Dpg.conf.NAME=VALUE, can be given per side)");
            } else {
                properties.put(name, value);
            }
        }
        // A side's JVM properties reach its forks' command lines as the suite's own options do: checked alike.
        SuiteOptions.of(properties);
        return new SideOptions(side, settings, properties);
    }

    /** The properties as {@code -Dname=value} arguments for the side's launcher. */
    List<String> asArgs() {
        List<String> args = new ArrayList<>();
        properties.forEach((name, value) -> args.add("-D" + name + "=" + value));
        return args;
    }
}
