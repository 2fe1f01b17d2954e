package org.pgingest.gate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.Metric;
import org.pgingest.results.ResultFile;
import org.pgingest.results.ResultPath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One result in the formats dashboards read, with what their own JMH adapters drop kept in: params in every
 * name, secondary metrics, the right direction.
 * <ul>
 *   <li>github-action-benchmark {@code tool: customBiggerIsBetter} and {@code customSmallerIsBetter}: one file
 *       each, an array of {name, unit, value, range, extra}; metrics whose direction is unknown are left out. An
 *       empty array is not written: that action stops on it ("No benchmark result was found").</li>
 *   <li>Bencher Metric Format: {benchmark name: {measure: {value, lower_value, upper_value}}}. The primary metric
 *       goes into Bencher's built-in measures in their units: {@code latency} in nanoseconds (avgt, sample, ss),
 *       {@code throughput} in operations per second (thrpt). Secondary metrics are measures of their own, keyed by a
 *       slug of their name in JMH's unit.</li>
 * </ul>
 * Names follow github-action-benchmark's own JMH extractor ({@code benchmark ( {"param":"value",...} )}: the full
 * benchmark name, params as JSON, so no two entries can share a name), then {@code t=N} for more than one thread
 * and {@code [mode]} for modes other than thrpt. Whatever could still collide, or is no number, is refused or left
 * out with a note, never dropped silently.
 */
public final class Exports {
    static final String BIGGER = "github-action-benchmark-bigger.json";
    static final String SMALLER = "github-action-benchmark-smaller.json";
    static final String BENCHER = "bencher.json";
    /** Bencher's limits on a measure's slug and a benchmark's name (bencher_valid; BMF reference). */
    static final int MAX_MEASURE_SLUG = 64;
    static final int MAX_BENCHMARK_NAME = 1024;
    private static final String LATENCY = "latency";
    private static final String THROUGHPUT = "throughput";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper COMPACT = new ObjectMapper();

    private Exports() {
    }

    /**
     * The files to write, by name (a file absent here is not written), and one note per thing left out.
     *
     * @param files each file's JSON content, in the order written
     * @param notes what was left out and why, one line each
     */
    public record Export(Map<String, Object> files, List<String> notes) {
        public Export {
            files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
            notes = List.copyOf(notes);
        }
    }

    /** Builds every file in memory; refuses ({@link GateInputException}) names that would collide. */
    public static Export of(ResultFile result) {
        List<String> notes = new ArrayList<>();
        for (BenchmarkResult e : result.results()) {
            for (Metric m : e.metrics().values()) {
                if (m.missing()) {
                    notes.add("left out " + name(e) + " " + m.name() + ": " + m.score() + " is no measurement");
                }
            }
        }
        Map<String, Object> files = new LinkedHashMap<>();
        for (Direction direction : List.of(Direction.HIGHER_IS_BETTER, Direction.LOWER_IS_BETTER)) {
            String file = direction == Direction.HIGHER_IS_BETTER ? BIGGER : SMALLER;
            List<Map<String, Object>> entries = githubActionBenchmark(result, direction);
            if (entries.isEmpty()) {
                notes.add(file + " not written: no " + direction.text().replace(" is better", "-is-better")
                        + " figure (github-action-benchmark stops on an empty list)");
            } else {
                files.put(file, entries);
            }
        }
        requireUniqueNames(files.values());
        files.put(BENCHER, bencher(result, notes));
        return new Export(files, notes);
    }

    /** The files an export into {@code dir} may write (each checked with the command's other outputs first). */
    public static List<Path> files(Path dir) {
        return List.of(BIGGER, SMALLER, BENCHER).stream().map(dir::resolve).toList();
    }

    /**
     * Writes the export into {@code dir} (created if need be), each file whole or not at all ({@link ResultPath}); a
     * file this export leaves out is removed from it, so no earlier run's file is read as this one's. Returns the
     * files written.
     */
    public static List<Path> write(Export export, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (String name : List.of(BIGGER, SMALLER, BENCHER)) {
            Path file = dir.resolve(name);
            if (export.files().containsKey(name)) {
                byte[] text = (JSON.writeValueAsString(export.files().get(name)) + "\n").getBytes(StandardCharsets.UTF_8);
                ResultPath.write(file, o -> o.write(text));
                written.add(file);
            } else {
                Files.deleteIfExists(file);
            }
        }
        return written;
    }

    /**
     * The entry's name in every export: full benchmark name, params as JSON (as github-action-benchmark's JMH
     * extractor writes them), threads and mode when they are not the defaults.
     */
    static String name(BenchmarkResult e) {
        try {
            return e.benchmark() + (e.params().isEmpty() ? "" : " ( " + COMPACT.writeValueAsString(e.params()) + " )")
                    + (e.threads() == 1 ? "" : " t=" + e.threads())
                    + (e.mode().equals("thrpt") ? "" : " [" + e.mode() + "]");
        } catch (JsonProcessingException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** Entries for github-action-benchmark's custom tool of this direction; figures that are no number left out. */
    static List<Map<String, Object>> githubActionBenchmark(ResultFile result, Direction direction) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (BenchmarkResult e : result.results()) {
            for (Metric m : e.metrics().values()) {
                if (UnitMeaning.of(m.unit()).direction() != direction || m.missing()) {
                    continue;
                }
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("name", name(e) + (m.name().equals(Metric.PRIMARY) ? "" : " " + m.name()));
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

    /** github-action-benchmark finds a series' previous value by name: two entries of one name would be one series. */
    @SuppressWarnings("unchecked")
    private static void requireUniqueNames(java.util.Collection<Object> files) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (Object file : files) {
            for (Map<String, Object> item : (List<Map<String, Object>>) file) {
                seen.merge((String) item.get("name"), 1, Integer::sum);
            }
        }
        seen.forEach((name, times) -> {
            if (times > 1) {
                throw new GateInputException("the result holds " + times + " entries named '" + name
                        + "' (same benchmark, params, threads and mode): dashboards would draw them as one series; "
                        + "export a result with each entry once");
            }
        });
    }

    /** Bencher Metric Format; what cannot be written there is noted in {@code notes}. */
    private static Map<String, Map<String, Map<String, Double>>> bencher(ResultFile result, List<String> notes) {
        Map<String, Map<String, Map<String, Double>>> out = new LinkedHashMap<>();
        Map<String, String> metricOfSlug = new LinkedHashMap<>();
        for (BenchmarkResult e : result.results()) {
            String name = name(e);
            if (name.length() > MAX_BENCHMARK_NAME) {
                throw new GateInputException("benchmark name '" + name.substring(0, 60) + "...' is " + name.length()
                        + " characters; Bencher takes at most " + MAX_BENCHMARK_NAME);
            }
            Map<String, Map<String, Double>> measures = new LinkedHashMap<>();
            for (Metric m : e.metrics().values()) {
                if (m.missing()) {
                    continue;
                }
                Measure measure = measure(e, m);
                String earlier = metricOfSlug.putIfAbsent(measure.slug(), m.name());
                if (earlier != null && !earlier.equals(m.name())) {
                    throw new GateInputException("metrics '" + earlier + "' and '" + m.name() + "' would both be "
                            + "Bencher measure '" + measure.slug() + "'; one measure cannot hold two metrics");
                }
                if (!Double.isFinite(measure.value())) {
                    notes.add("left out of " + BENCHER + " " + name + " " + m.name() + ": " + m.score() + " " + m.unit()
                            + " is beyond a double in Bencher's " + measure.slug() + " unit");
                    continue;
                }
                Map<String, Double> value = new LinkedHashMap<>();
                value.put("value", measure.value());
                if (Double.isFinite(measure.error() + measure.value())) {
                    // A JMH interval is score ± error and can reach below zero; no figure exported here can.
                    value.put("lower_value", Math.max(0, measure.value() - measure.error()));
                    value.put("upper_value", measure.value() + measure.error());
                }
                measures.put(measure.slug(), value);
            }
            if (out.put(name, measures) != null) {
                throw new GateInputException("the result holds two entries named '" + name + "' (same benchmark, params, "
                        + "threads and mode): Bencher would keep the last; export a result with each entry once");
            }
        }
        return out;
    }

    /** A metric as Bencher gets it: which measure, and the value and error in that measure's unit. */
    private record Measure(String slug, double value, double error) {
    }

    private static Measure measure(BenchmarkResult e, Metric m) {
        if (m.name().equals(Metric.PRIMARY)) {
            Optional<Measure> builtIn = builtIn(m);
            if (builtIn.isPresent()) {
                return builtIn.get();
            }
        }
        String slug = slug(m.name().equals(Metric.PRIMARY) ? "score " + m.unit() : m.name());
        if (slug.isEmpty() || slug.equals(LATENCY) || slug.equals(THROUGHPUT) || slug.length() > MAX_MEASURE_SLUG) {
            throw new GateInputException("metric '" + m.name() + "' of " + e.label() + " makes no Bencher measure of its "
                    + "own (its slug '" + slug + "' is " + (slug.isEmpty() ? "empty" : slug.length() > MAX_MEASURE_SLUG
                    ? "longer than " + MAX_MEASURE_SLUG + " characters" : "a built-in measure's") + ")");
        }
        return new Measure(slug, m.score(), m.error());
    }

    /**
     * JMH's primary units in Bencher's built-in measures: TIME/op as latency in nanoseconds, ops/TIME as throughput
     * in operations per second (Bencher's JMH adapter converts the same way: latency_as_nanos, throughput_as_secs).
     */
    private static Optional<Measure> builtIn(Metric m) {
        String unit = m.unit();
        if (unit.endsWith("/op")) {
            return UnitMeaning.nanos(unit.substring(0, unit.length() - "/op".length()))
                    .map(ns -> new Measure(LATENCY, m.score() * ns, m.error() * ns));
        }
        if (unit.startsWith("ops/")) {
            return UnitMeaning.nanos(unit.substring("ops/".length()))
                    .map(ns -> new Measure(THROUGHPUT, m.score() * 1e9 / ns, m.error() * 1e9 / ns));
        }
        return Optional.empty();
    }

    /**
     * A measure's slug as Bencher keeps it (lower-case letters, digits and single inner dashes; its slugify leaves
     * such a key unchanged, so it is used as the slug): "/" reads "per", anything else is a dash.
     */
    static String slug(String name) {
        String words = name.toLowerCase(Locale.ROOT).replace("/", "-per-");
        return words.replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    }
}
