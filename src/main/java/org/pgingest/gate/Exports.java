package org.pgingest.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.Metric;
import org.pgingest.results.ResultFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One result in the formats dashboards read, with what their own JMH adapters drop kept in: params in every
 * name, secondary metrics, the right direction.
 * <ul>
 *   <li>github-action-benchmark {@code tool: customBiggerIsBetter} and {@code customSmallerIsBetter}: one file
 *       each, an array of {name, unit, value, range, extra}; metrics whose direction is unknown are left out.</li>
 *   <li>Bencher Metric Format: {benchmark name: {measure: {value, lower_value, upper_value}}}; the primary metric
 *       is measure "throughput" (thrpt) or "latency" (other modes), secondary metrics are measures named after
 *       them.</li>
 * </ul>
 */
public final class Exports {
    public static final String BIGGER = "github-action-benchmark-bigger.json";
    public static final String SMALLER = "github-action-benchmark-smaller.json";
    public static final String BENCHER = "bencher.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Exports() {
    }

    /** Writes the three files into {@code dir}; returns their paths. */
    public static List<Path> write(ResultFile result, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(write(dir.resolve(BIGGER), githubActionBenchmark(result, Direction.HIGHER_IS_BETTER)));
        written.add(write(dir.resolve(SMALLER), githubActionBenchmark(result, Direction.LOWER_IS_BETTER)));
        written.add(write(dir.resolve(BENCHER), bencher(result)));
        return written;
    }

    private static Path write(Path file, Object json) throws IOException {
        Files.writeString(file, JSON.writeValueAsString(json) + "\n");
        return file;
    }

    /** Entries for github-action-benchmark's custom tool of this direction; missing figures left out. */
    static List<Map<String, Object>> githubActionBenchmark(ResultFile result, Direction direction) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (BenchmarkResult e : result.results()) {
            for (Metric m : e.metrics().values()) {
                if (UnitMeaning.of(m.unit()).direction() != direction || m.missing()) {
                    continue;
                }
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("name", e.label() + (m.name().equals(Metric.PRIMARY) ? "" : " " + m.name())
                        + (e.mode().equals("thrpt") ? "" : " [" + e.mode() + "]"));
                item.put("unit", m.unit());
                item.put("value", m.score());
                if (Double.isFinite(m.error())) {
                    item.put("range", "± " + Format.number(m.error()));
                }
                item.put("extra", UnitMeaning.of(m.unit()).kind().label() + ", " + m.presentIterations().length
                        + " iterations");
                out.add(item);
            }
        }
        return out;
    }

    /** Bencher Metric Format. */
    static Map<String, Map<String, Map<String, Double>>> bencher(ResultFile result) {
        Map<String, Map<String, Map<String, Double>>> out = new LinkedHashMap<>();
        for (BenchmarkResult e : result.results()) {
            Map<String, Map<String, Double>> measures = new LinkedHashMap<>();
            for (Metric m : e.metrics().values()) {
                if (m.missing()) {
                    continue;
                }
                Map<String, Double> value = new LinkedHashMap<>();
                value.put("value", m.score());
                if (Double.isFinite(m.error())) {
                    value.put("lower_value", m.score() - m.error());
                    value.put("upper_value", m.score() + m.error());
                }
                measures.put(measure(e, m), value);
            }
            out.put(e.label() + (e.mode().equals("thrpt") ? "" : " [" + e.mode() + "]"), measures);
        }
        return out;
    }

    /** Bencher's built-in measures for the primary metric; a slug of the name for the others. */
    private static String measure(BenchmarkResult e, Metric m) {
        if (m.name().equals(Metric.PRIMARY)) {
            return e.mode().equals("thrpt") ? "throughput" : "latency";
        }
        return m.name().replace("/", "-per-").replaceAll("[^A-Za-z0-9_-]+", "-").toLowerCase(java.util.Locale.ROOT);
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
