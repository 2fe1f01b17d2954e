package org.pgingest.workload.definition;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The tables of one run, resolved once by the launcher and read by every fork: a JSON file named by the system
 * property {@value #PROPERTY}. A fork started without the launcher (plain JMH, tests) resolves a published shape on
 * its own server instead ({@link #resolve}), through the same path.
 */
public final class ResolvedTables {
    /** The system property that names the file. */
    public static final String PROPERTY = "pg.tables.file";
    private static final ObjectMapper JSON = new ObjectMapper();

    private ResolvedTables() {
    }

    public static void write(Path file, List<ResolvedTable> tables) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), tables);
    }

    static List<ResolvedTable> read(Path file) {
        try {
            return JSON.readValue(file.toFile(), new TypeReference<List<ResolvedTable>>() { });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the run's resolved tables from " + file, e);
        }
    }

    /** The labels of the tables the launcher resolved for this run (none without the launcher). */
    public static java.util.Set<String> labels() {
        String file = System.getProperty(PROPERTY);
        if (file == null || file.isBlank() || !Files.isRegularFile(Path.of(file))) {
            return java.util.Set.of();
        }
        return read(Path.of(file)).stream().map(ResolvedTable::label).collect(java.util.stream.Collectors.toSet());
    }

    /** The table the launcher resolved for {@code shape} and {@code indexes}, if it did. */
    static Optional<ResolvedTable> fromLauncher(String shape, String indexes) {
        String file = System.getProperty(PROPERTY);
        if (file == null || file.isBlank()) {
            return Optional.empty();
        }
        return read(Path.of(file)).stream().filter(t -> t.label().equals(shape)
                && t.indexes().equalsIgnoreCase(indexes)).findFirst();
    }

    /**
     * What {@code shape} with {@code indexes} stands for in this JVM: the launcher's resolution where there is one,
     * else the published shape resolved on {@code connection}'s server (nothing kept there). An unknown name is an
     * IllegalArgumentException naming the valid ones.
     */
    public static ResolvedTable resolve(String shape, String indexes, Connection connection, String suiteSchema)
            throws SQLException {
        Optional<ResolvedTable> resolved = fromLauncher(shape, indexes);
        if (resolved.isPresent()) {
            return resolved.get();
        }
        if (PublishedShapes.shape(shape).isEmpty()) {
            throw new IllegalArgumentException("-p shape=" + shape + ": no published shape has this name (valid: "
                    + String.join(", ", PublishedShapes.names()) + ") and the launcher resolved no table of it "
                    + "(./bench --ddl FILE --table NAME, or --table NAME)");
        }
        return PublishedShapes.resolve(connection, shape, indexes, suiteSchema);
    }
}
