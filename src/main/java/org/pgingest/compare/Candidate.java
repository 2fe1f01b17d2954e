package org.pgingest.compare;

import org.pgingest.cli.UsageException;
import org.pgingest.load.LoadMethod;
import org.pgingest.secret.SecretBearing;
import org.pgingest.server.SuiteOptions;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One contestant of {@code ./bench rank}: a load method with its knobs and its sessions' settings.
 *
 * @param name     how the ranking names it (the method's name, or the variant's)
 * @param method   the method
 * @param knobs    benchmark parameters of the method's knobs ({@code batchSize}, {@code commitEvery}), as given
 * @param settings session settings of its connections ({@code synchronous_commit=off}), as given
 */
record Candidate(String name, LoadMethod method, Map<String, String> knobs, Map<String, String> settings) {
    static final String VARIANT = "--variant";
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,39}");

    Candidate {
        knobs = Collections.unmodifiableMap(new LinkedHashMap<>(knobs));
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** A method with its default knobs and no settings of its own. */
    static Candidate of(LoadMethod method) {
        return new Candidate(method.name(), method, Map.of(), Map.of());
    }

    /**
     * Parses {@code NAME=METHOD[,PARAM=VALUE]...[,pg.conf.SETTING=VALUE]...}; a problem is one line naming the part
     * and what works.
     */
    static Candidate parseVariant(String spec) {
        String[] parts = spec.split(",", -1);
        // Checked first, and every line below shows the spec masked: a refusal would print a secret's value.
        String shown = SecretBearing.maskedIn(parts[0] + Arrays.stream(parts).skip(1)
                .map(p -> "," + SecretBearing.masked(p)).collect(Collectors.joining()));
        for (String part : Arrays.asList(parts).subList(1, parts.length)) {
            int at = part.indexOf('=');
            if (at < 1) {
                continue;
            }
            String key = part.substring(0, at);
            Optional<String> why = SecretBearing.namedLikeSecret(key) ? Optional.of(" is named like a secret; ")
                    : SecretBearing.inValue(part.substring(at + 1)).map(what -> " holds " + what + ", a secret; ");
            if (why.isPresent()) {
                throw new UsageException(VARIANT + " " + shown + ": " + key + why.get()
                        + "a variant's settings reach its JMH forks' command lines, which JMH prints and records; the suite "
                        + "takes only the password, from PGIB_PASSWORD in the environment");
            }
        }
        int eq = spec.indexOf('=');
        if (eq < 1) {
            throw new UsageException(VARIANT + " " + shown + ": write NAME=METHOD[,PARAM=VALUE]...[,pg.conf.SETTING=VALUE]..., "
                    + "e.g. " + VARIANT + " async=COPY_BINARY,pg.conf.synchronous_commit=off");
        }
        String name = spec.substring(0, eq);
        if (!NAME.matcher(name).matches()) {
            throw new UsageException(VARIANT + " " + shown + ": name " + name + " must start with a letter and hold at most "
                    + "40 letters, digits, '_', '.' or '-'");
        }
        String first = parts[0].substring(eq + 1).trim();
        LoadMethod method;
        try {
            method = LoadMethod.valueOf(first.toUpperCase(java.util.Locale.ROOT)); // as rate --method, any case
        } catch (IllegalArgumentException e) {
            throw new UsageException(VARIANT + " " + shown + ": no method " + first + "; valid: "
                    + Arrays.stream(LoadMethod.values()).map(Enum::name).collect(Collectors.joining(", ")));
        }
        Map<String, String> knobs = new LinkedHashMap<>();
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i];
            int at = part.indexOf('=');
            if (at < 1 || at == part.length() - 1) {
                throw new UsageException(VARIANT + " " + shown + ": '" + SecretBearing.maskedIn(part)
                        + "' is not PARAM=VALUE");
            }
            String key = part.substring(0, at);
            String value = part.substring(at + 1);
            boolean setting = key.startsWith(SuiteOptions.SETTING_PREFIX) && key.length() > SuiteOptions.SETTING_PREFIX.length();
            // PostgreSQL's setting names are case-insensitive (WORK_MEM is work_mem); the knobs are JMH parameters
            String given = key.substring(setting ? SuiteOptions.SETTING_PREFIX.length() : 0);
            if (setting ? settings.keySet().stream().anyMatch(given::equalsIgnoreCase) : knobs.containsKey(key)) {
                throw new UsageException(VARIANT + " " + shown + ": " + key + " given twice; give it once");
            }
            if (setting) {
                if (value.chars().anyMatch(Character::isWhitespace)) {
                    throw new UsageException(VARIANT + " " + shown + ": a setting's value must hold no spaces");
                }
                settings.put(key.substring(SuiteOptions.SETTING_PREFIX.length()), value);
                continue;
            }
            List<String> names = method.knobs().stream().map(LoadMethod.Knob::parameter).distinct().sorted().toList();
            if (!names.contains(key)) {
                throw new UsageException(VARIANT + " " + shown + ": " + method + " has no knob " + key + "; "
                        + (names.isEmpty() ? "it takes none" : "its knobs: " + String.join(", ", names))
                        + ", and session settings are written " + SuiteOptions.SETTING_PREFIX + "NAME=VALUE");
            }
            knobs.put(key, value);
        }
        return new Candidate(name, method, knobs, settings);
    }

    /** What a call does to the table, where methods differ: they are not interchangeable for every table. */
    String semantics() {
        return switch (method) {
            case COPY_FREEZE -> "replaces the table's contents";
            case STAGED_DEDUPE -> "skips a row whose unique key is taken (none where the server fills every key)";
            case COPY_UPSERT, BATCH_UPSERT, MERGE_UPSERT -> "upsert";
            case RETURNING_VALUES, RETURNING_BATCH, RETURNING_UNNEST -> "returns keys";
            default -> "appends";
        };
    }

    /** A short form for a line: the name, and the method, knobs and settings where the name does not say them. */
    String describe() {
        StringBuilder sb = new StringBuilder(name);
        if (!name.equals(method.name()) || !knobs.isEmpty() || !settings.isEmpty()) {
            sb.append(" (").append(method);
            knobs.forEach((k, v) -> sb.append(", ").append(k).append('=').append(v));
            settings.forEach((k, v) -> sb.append(", ").append(k).append('=').append(v));
            sb.append(')');
        }
        return sb.toString();
    }
}
