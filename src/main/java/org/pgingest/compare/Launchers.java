package org.pgingest.compare;

import org.pgingest.cli.BenchMain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The {@code ./bench} launchers a comparison (a side's) and a ranking (a candidate's) start, and their last word. */
final class Launchers {
    /** What every launcher's own lines start with. */
    private static final String PREFIX = "pg-ingest-bench: ";

    private Launchers() {
    }

    /** {@code java} of this JVM's installation, then {@code arguments}. */
    static List<String> java(String... arguments) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(arguments));
        return command;
    }

    /**
     * Starts {@code command} in {@code directory}, its output in {@code log}, without standard input, with
     * {@code environment} added and none of the user's {@code PGIB_*} variables (the launcher gets its server from
     * the options and environment given, not from the shell's).
     */
    static Process start(List<String> command, Path directory, Path log, Map<String, String> environment)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
        builder.environment().putAll(environment);
        Process p = builder.start();
        p.getOutputStream().close();
        return p;
    }

    /** The launcher's last line of its own in {@code log} ("1 of 1 trials failed ..."), without its prefix. */
    static Optional<String> lastWord(Path log) throws IOException {
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                // the run's closing lines, where it put its results and left its schema, say nothing of how it went
                .filter(l -> l.startsWith(PREFIX) && !l.contains("JMH results in") && !l.contains(BenchMain.SCHEMA_KEPT))
                .reduce((first, second) -> second)
                .map(l -> l.substring(PREFIX.length()));
    }
}
