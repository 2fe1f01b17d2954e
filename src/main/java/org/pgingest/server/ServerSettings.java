package org.pgingest.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server configuration every target uses: {@code docker/postgresql.conf} (packaged on the class path),
 * plus per-run overrides given as {@code -Dpg.conf.NAME=VALUE}.
 */
public final class ServerSettings {
    /** Settings whose values decide what a write costs; a run where they differ from "on" says so loudly. */
    static final Set<String> DURABILITY = Set.of("fsync", "synchronous_commit", "full_page_writes");

    static final String RESOURCE = "/org/pgingest/server/postgresql.conf";
    private static final Pattern LINE = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_.]*)\\s*=?\\s*(.*?)\\s*$");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");

    private final Map<String, String> values;
    private final Map<String, String> overrides;

    private ServerSettings(Map<String, String> values, Map<String, String> overrides) {
        this.values = Collections.unmodifiableMap(values);
        this.overrides = Collections.unmodifiableMap(overrides);
    }

    /** The packaged settings file, no overrides. */
    static ServerSettings load() {
        try (InputStream in = ServerSettings.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path (is docker/ a resource dir?)");
            }
            return new ServerSettings(parse(in), new LinkedHashMap<>());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static Map<String, String> parse(InputStream in) throws IOException {
        Map<String, String> result = new LinkedHashMap<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
            String content = stripComment(line);
            if (content.isBlank()) {
                continue;
            }
            Matcher m = LINE.matcher(content);
            if (!m.matches()) {
                throw new IllegalStateException("unreadable line in postgresql.conf: " + line);
            }
            result.put(m.group(1), unquote(m.group(2)));
        }
        return result;
    }

    private static String stripComment(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (c == '#' && !quoted) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
            return value.substring(1, value.length() - 1).replace("''", "'");
        }
        return value;
    }

    /** These settings with some replaced or added; each is recorded as an override. */
    ServerSettings withOverrides(Map<String, String> changes) {
        Map<String, String> merged = new LinkedHashMap<>(values);
        Map<String, String> allOverrides = new LinkedHashMap<>(overrides);
        changes.forEach((name, value) -> {
            if (!NAME.matcher(name).matches()) {
                throw new TargetException("invalid server setting name '" + name + "' in -Dpg.conf." + name);
            }
            if (value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) {
                throw new TargetException("invalid value '" + value + "' for server setting " + name
                        + ": values must be non-empty and contain no spaces");
            }
            merged.put(name, value);
            allOverrides.put(name, value);
        });
        return new ServerSettings(merged, allOverrides);
    }

    /** Name to value, in file order; overrides replace file values in place and new names come last. */
    Map<String, String> values() {
        return values;
    }

    /** What the run changed from the file. */
    public Map<String, String> overrides() {
        return overrides;
    }
}
