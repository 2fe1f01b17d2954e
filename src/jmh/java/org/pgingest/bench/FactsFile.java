package org.pgingest.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.pgingest.results.ResultFile;
import org.pgingest.server.ServerFacts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Server facts of every trial, one JSON object per line, in the file the launcher names with
 * {@code -Dpg.facts.file} (by default beside the JMH JSON). JMH's JSON has no place for them.
 */
final class FactsFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private FactsFile() {
    }

    static void append(BenchmarkParams params, ServerFacts facts) {
        append(params, "server", facts.toMap());
    }

    /** The table a trial loads (label, source, fingerprint, ...), on a line of its own. */
    static void appendTable(BenchmarkParams params, Map<String, Object> table) {
        append(params, "table", table);
    }

    /**
     * Where a trial's table lies on a Citus cluster ({@code distribution}: "hash:COLUMN" or "local", and
     * {@code shards}), read from Citus' metadata once the table was placed, on a line of its own.
     */
    static void appendDistribution(BenchmarkParams params, Map<String, Object> placement) {
        append(params, "distribution", placement);
    }

    /** The round trip a trial measured with its added delay, on a line of its own. */
    static void appendRoundTrip(BenchmarkParams params, Map<String, Object> roundTrip) {
        append(params, "roundTrip", roundTrip);
    }

    private static void append(BenchmarkParams params, String key, Map<String, Object> value) {
        String file = System.getProperty(ResultFile.FACTS_FILE_PROPERTY);
        if (file == null || file.isBlank()) {
            return;
        }
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("benchmark", params.getBenchmark());
        Map<String, String> jmhParams = new LinkedHashMap<>();
        for (String name : params.getParamsKeys()) {
            jmhParams.put(name, params.getParam(name));
        }
        line.put("params", jmhParams);
        line.put(key, value);
        try {
            Path path = Path.of(file);
            if (path.getParent() != null) {
                Files.createDirectories(path.getParent());
            }
            Files.writeString(path, JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record server facts in " + file, e);
        }
    }
}
