package org.pgingest.compare;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.pgingest.bench.BenchmarkParameters;
import org.pgingest.cli.OptionArgs;
import org.pgingest.cli.UsageException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * One side's {@code target/benchmarks.jar}: checked to be a build of this suite (JMH's benchmark list and the suite's
 * launcher inside), and the trials a selection finds in it.
 *
 * @param side the side it is
 * @param path the jar
 * @param list the JMH benchmark list it carries
 */
record BenchmarkJar(Side side, Path path, String list) {
    /** Where JMH's annotation processor writes the list of benchmarks (JMH 1.x). */
    static final String BENCHMARK_LIST = "META-INF/BenchmarkList";
    /** The launcher each side's runs go through: its checks, server-cost profiler and facts file. */
    static final String LAUNCHER = "org.pgingest.cli.BenchMain";

    /** Reads the jar; a missing file, a file that is no jar, or a jar without the suite's benchmarks is one line. */
    static BenchmarkJar open(Side side, Path path) {
        String what = "--" + side.id() + " " + path;
        if (!Files.isRegularFile(path)) {
            throw new UsageException(what + ": no such file (give the target/benchmarks.jar of a build of this suite)");
        }
        try (ZipFile zip = new ZipFile(path.toFile())) {
            ZipEntry list = zip.getEntry(BENCHMARK_LIST);
            if (list == null) {
                throw new UsageException(what + ": no JMH benchmark list inside (" + BENCHMARK_LIST + "); give the "
                        + "target/benchmarks.jar that ./mvnw package builds");
            }
            if (zip.getEntry(LAUNCHER.replace('.', '/') + ".class") == null) {
                throw new UsageException(what + ": a JMH jar, but not of this suite (no " + LAUNCHER + " inside)");
            }
            String text;
            try (InputStream in = zip.getInputStream(list)) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            // Read here, not when a selection is made: a list another JMH version wrote failed later with a stack trace.
            for (String line : text.split("\\R")) {
                if (!line.isBlank()) {
                    try {
                        new BenchmarkListEntry(line);
                    } catch (RuntimeException e) {
                        throw new UsageException(what + ": its JMH benchmark list cannot be read (" + e.getMessage()
                                + "); give the target/benchmarks.jar of a build of this suite");
                    }
                }
            }
            return new BenchmarkJar(side, path, text);
        } catch (ZipException e) {
            throw new UsageException(what + ": not a jar (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new UsageException(what + ": cannot be read: " + e.getMessage());
        }
    }

    /**
     * The benchmarks the selection finds in this jar, each with its params' default values.
     *
     * @return full benchmark name and mode ("org.pgingest.bench.IngestBenchmark.load thrpt") to its params' defaults
     */
    Map<BenchmarkListEntry, Map<String, List<String>>> select(List<String> includes, List<String> excludes) {
        PrintStream silent = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        Map<BenchmarkListEntry, Map<String, List<String>>> found = new LinkedHashMap<>();
        OptionArgs.requireRegularExpressions(includes);
        OptionArgs.requireRegularExpressions(excludes);
        for (BenchmarkListEntry entry : BenchmarkList.fromString(list)
                .find(OutputFormatFactory.createFormatInstance(silent, VerboseMode.SILENT), includes, excludes)) {
            Map<String, List<String>> params = new LinkedHashMap<>();
            entry.getParams().orElse(Map.of()).forEach((name, values) -> params.put(name, List.of(values)));
            found.put(entry, params);
        }
        return found;
    }

    /**
     * Every trial the selection would run from this jar: each selected benchmark's params' defaults replaced by the
     * {@code -p} values given for the params it has, then every combination.
     */
    List<Trial> trials(List<String> includes, List<String> excludes, Map<String, List<String>> given) {
        List<Trial> trials = new ArrayList<>();
        select(includes, excludes).forEach((entry, defaults) -> {
            Map<String, List<String>> space = new LinkedHashMap<>(defaults);
            given.forEach((name, values) -> space.computeIfPresent(name, (n, old) -> values));
            List<Map<String, String>> combinations = BenchmarkParameters.combinations(space);
            combinations.forEach(c -> trials.add(new Trial(entry.getUsername(), entry.getMode(), new TreeMap<>(c))));
        });
        return trials;
    }
}
