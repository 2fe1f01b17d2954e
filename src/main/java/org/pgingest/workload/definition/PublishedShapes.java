package org.pgingest.workload.definition;

import org.pgingest.workload.ddl.SqlScript;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * The published experiments' tables (users, sensors, wide_sensors, articles) and the users index ladder, as DDL
 * resources listed in {@code shapes/index.properties}: the same kind of input as a user's {@code --ddl} file, read
 * through the same path ({@link TableSources#fromDdl}). A shape is named by its table, in any case (the
 * benchmarks' {@code -p shape=USERS} as before); a profile by its index.properties key ({@code -p indexes=PK}).
 */
public final class PublishedShapes {
    /** The profile that means a shape's own definition. */
    public static final String STANDARD = "STANDARD";
    private static final String DIRECTORY = "/org/pgingest/workload/shapes/";
    private static final Properties INDEX = load();

    private PublishedShapes() {
    }

    private static Properties load() {
        Properties index = new Properties();
        try (InputStream in = PublishedShapes.class.getResourceAsStream(DIRECTORY + "index.properties")) {
            index.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("the published shapes' index is missing from the jar", e);
        }
        return index;
    }

    /** The shapes' table names, sorted. */
    public static List<String> names() {
        return INDEX.stringPropertyNames().stream().filter(k -> !k.contains(".")).sorted().toList();
    }

    /** The shape a label names (case aside), if any. */
    public static Optional<String> shape(String label) {
        String name = label.trim().toLowerCase(Locale.ROOT);
        return INDEX.containsKey(name) ? Optional.of(name) : Optional.empty();
    }

    /** The index profiles of a shape: STANDARD, then those its index lists. */
    public static List<String> profiles(String shape) {
        List<String> profiles = new ArrayList<>(List.of(STANDARD));
        INDEX.stringPropertyNames().stream().filter(k -> k.startsWith(shape + ".")).sorted()
                .forEach(k -> profiles.add(k.substring(shape.length() + 1)));
        return profiles;
    }

    /**
     * A published shape with an index profile, resolved on {@code connection}'s server through the same path as a
     * user's DDL (nothing is kept there), labelled {@code shape} as given.
     */
    public static ResolvedTable resolve(Connection connection, String shape, String indexes, String suiteSchema)
            throws SQLException {
        String name = shape(shape).orElseThrow(() -> new IllegalArgumentException("unknown table shape '" + shape
                + "': valid shapes are " + String.join(", ", names())));
        ResolvedTable table = TableSources.fromDdl(connection, script(name, indexes),
                new QualifiedName(TableSources.SOURCE_SCHEMA, name), shape, "published shape " + name
                        + (indexes.equalsIgnoreCase(STANDARD) ? "" : " with indexes " + indexes.toLowerCase(Locale.ROOT)),
                suiteSchema);
        return table.labelled(shape, indexes);
    }

    /**
     * The DDL of a shape with an index profile (STANDARD for its own). IllegalArgumentException naming the valid
     * choices when there is no such shape or profile.
     */
    private static SqlScript script(String shape, String profile) {
        String name = shape(shape).orElseThrow(() -> new IllegalArgumentException("unknown table shape '" + shape
                + "': valid shapes are " + String.join(", ", names())));
        String p = profile.trim().toUpperCase(Locale.ROOT);
        String resource = p.equals(STANDARD) ? INDEX.getProperty(name) : INDEX.getProperty(name + "." + p);
        if (resource == null) {
            throw new IllegalArgumentException("index profile " + profile + " does not apply to " + name + "; "
                    + name + " takes " + String.join(", ", profiles(name)));
        }
        try (InputStream in = PublishedShapes.class.getResourceAsStream(DIRECTORY + resource)) {
            return SqlScript.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("the published shape " + resource + " is missing from the jar", e);
        }
    }
}
