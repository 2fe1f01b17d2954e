package org.pgingest.rate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.pgingest.results.ResultPath;
import org.pgingest.results.WorkDirectory;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A preset of fixed-rate runs, one {@link RateCommand} run per cell (method and rows per call × rate), each cell's JSON
 * in {@code <result>.cells/} and every cell's result in one JSON array, {@code target/preset-NAME.json} by default
 * ({@code --json} sets it), which {@code ./bench report} reads.
 * <ul>
 *   <li>{@code rates}: seed experiment 3's fixed target rates, 500, 1,000, 3,000 and 5,000 rows/s, for the published
 *       method list (one-by-one INSERT, multi-row INSERT of 5 and 10 rows, COPY per 1, 5 and 10 rows) with 50 writers.
 *       "COPY all" has no fixed-rate form (it is one call) and is not a cell.</li>
 *   <li>{@code pipeline}: seed experiment 4's steady pipeline and its trade-off table: 10,000-row {@code articles}
 *       loads in batches of 1 (one-by-one autocommit), 100, 500 and 1,000 rows (one JDBC batch and one transaction
 *       each) and one binary COPY of 10,000, each at the same steady rate by one writer: batch latency p50/p99, rows
 *       at risk per failure, and the client's memory per batch measured before the run
 *       ({@code --measure-batch-memory}). Throughput without a rate is commit-size's.</li>
 * </ul>
 *
 * <p>Arguments after the preset's name go to every cell; an option the user gives replaces the ladder's own
 * ({@code --duration 60s}, {@code --workers 10}, {@code --rows-per-second 500} for one rate, {@code --method batch
 * --batch 10} for one method), and suite options ({@code -Dpg.version=16}) pass through.
 */
public enum RateLadder {
    RATES("rates", "seed experiment 3, fixed target rates: one-by-one, multi-row 5 and 10, COPY per 1, 5 and 10 rows at "
            + "500, 1,000, 3,000 and 5,000 rows/s with 50 writers, 20 s each (./bench rate per cell; --duration 60s for "
            + "the published length)",
            List.of(new Method("autocommit_row", 1), new Method("multi_row_values", 5), new Method("multi_row_values", 10),
                    new Method("copy_binary", 1), new Method("copy_binary", 5), new Method("copy_binary", 10)),
            List.of(500, 1_000, 3_000, 5_000),
            List.of(List.of("--workers", "50"), List.of("--duration", "20s"))),
    PIPELINE("pipeline", "seed experiment 4, the steady pipeline's trade-off table: articles in batches of 1 (autocommit), "
            + "100, 500 and 1,000 rows (one transaction each) and COPY of 10,000 at a steady 1,000 rows/s by one writer, "
            + "60 s each: p50/p99 batch latency, rows at risk, memory per batch (measured)",
            List.of(new Method("autocommit_row", 1), new Method("batch", 100), new Method("batch", 500),
                    new Method("batch", 1_000), new Method("copy_binary", 10_000)),
            List.of(1_000),
            List.of(List.of("--workers", "1"), List.of("--duration", "60s"), List.of("--shape", "articles"),
                    List.of("--measure-batch-memory")));

    /** A method and its rows per call, as the published list names them. */
    record Method(String name, int batch) {
    }

    private final String cliName;
    private final String description;
    private final List<Method> methods;
    private final List<Integer> rates;
    /** The ladder's own options, each with its value (none for a flag), given to every cell unless the user gives it. */
    private final List<List<String>> settings;

    RateLadder(String cliName, String description, List<Method> methods, List<Integer> rates, List<List<String>> settings) {
        this.cliName = cliName;
        this.description = description;
        this.methods = methods;
        this.rates = rates;
        this.settings = settings;
    }

    /** The name after {@code --preset}. */
    public String cliName() {
        return cliName;
    }

    public String description() {
        return description;
    }

    /** The ladder of that preset name, if it is one. */
    public static Optional<RateLadder> named(String name) {
        return Arrays.stream(values()).filter(l -> l.cliName.equals(name)).findFirst();
    }

    String defaultResult() {
        return "target/preset-" + cliName + ".json";
    }

    /**
     * The arguments of each cell's {@code rate} run, in ladder order. The user's arguments go to every cell as they
     * are (so {@code rate} itself checks them, with its one-line errors); where they name the method or the rate,
     * the ladder's methods or rates give way to theirs.
     */
    List<List<String>> cells(List<String> userArgs, Path cellDirectory) {
        List<String> shared = new ArrayList<>(userArgs);
        int json = shared.indexOf("--json");
        if (json >= 0) {
            shared.subList(json, Math.min(json + 2, shared.size())).clear();
        }
        for (List<String> setting : settings) {
            if (!userArgs.contains(setting.get(0))) {
                shared.addAll(setting);
            }
        }
        List<List<String>> methods = new ArrayList<>();
        if (userArgs.contains("--method")) {
            methods.add(List.of());
        } else if (userArgs.contains("--batch")) {
            // the user's batch for every method of the ladder, each method once
            this.methods.stream().map(Method::name).distinct().forEach(m -> methods.add(List.of("--method", m)));
        } else {
            this.methods.forEach(m -> methods.add(List.of("--method", m.name(), "--batch", String.valueOf(m.batch()))));
        }
        List<List<String>> rates = new ArrayList<>();
        if (userArgs.contains("--rows-per-second")) {
            rates.add(List.of());
        } else {
            this.rates.forEach(r -> rates.add(List.of("--rows-per-second", String.valueOf(r))));
        }
        List<List<String>> cells = new ArrayList<>();
        for (List<String> method : methods) {
            for (List<String> rate : rates) {
                List<String> cell = new ArrayList<>(method);
                cell.addAll(rate);
                cell.addAll(shared);
                String name = valueIn(cell, "--method").orElse("default") + "-"
                        + valueIn(cell, "--batch").orElse("default") + "-"
                        + valueIn(cell, "--rows-per-second").orElse("default") + ".json";
                cell.add("--json");
                cell.add(cellDirectory.resolve(name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_.-]", "_")).toString());
                cells.add(cell);
            }
        }
        return cells;
    }

    /** The value after {@code option}; empty where the arguments leave it to {@code rate}'s default. */
    private static Optional<String> valueIn(List<String> args, String option) {
        int at = args.indexOf(option);
        return at >= 0 && at + 1 < args.size() ? Optional.of(args.get(at + 1)) : Optional.empty();
    }

    /**
     * Runs every cell and merges their results; returns the highest exit code of the cells (2 bad input stops at
     * once, 130 or 143, Ctrl-C or SIGTERM, stops after the interrupted cell, and the cells that ended stay in their
     * directory alone).
     */
    public int run(List<String> userArgs, boolean report, PrintStream out, PrintStream err) throws IOException {
        Path result = Path.of(valueIn(userArgs, "--json").orElse(defaultResult()));
        Optional<String> problem = ResultPath.problem(result);
        if (problem.isPresent()) {
            err.println(RateCommand.PREFIX + "--json " + result + ": " + problem.get());
            return 2;
        }
        Path cellDirectory = Path.of(result + ".cells");
        boolean newDirectory = !Files.exists(cellDirectory);
        Files.createDirectories(cellDirectory);
        List<List<String>> cells = cells(userArgs, cellDirectory);
        List<Path> written = new ArrayList<>();
        int status = 0;
        for (int i = 0; i < cells.size(); i++) {
            List<String> cell = cells.get(i);
            Path json = Path.of(cell.get(cell.size() - 1));
            Files.deleteIfExists(json);
            out.println("pg-ingest-bench: preset " + cliName + ", cell " + (i + 1) + " of " + cells.size() + ": rate "
                    + String.join(" ", cell));
            // One report at the end, of every cell.
            List<String> cellArgs = new ArrayList<>(cell);
            cellArgs.add("--no-report");
            int cellStatus = RateCommand.run(cellArgs.toArray(String[]::new), out, err);
            if (Files.exists(json)) {
                written.add(json);
            }
            status = Math.max(status, cellStatus);
            if (cellStatus == 2 || cellStatus > 128) {
                break;
            }
        }
        if (written.isEmpty()) {
            if (newDirectory) {
                // made for this run (bad input stops at its first cell): nothing is left of it
                WorkDirectory.deleteTree(cellDirectory);
            }
            out.println("pg-ingest-bench: preset " + cliName + ": no cell gave a result; " + result + " left as it was");
            return Math.max(status, 1);
        }
        if (status > 128) {
            // stopped (Ctrl-C, SIGTERM): a result file holds complete runs only
            out.println("pg-ingest-bench: preset " + cliName + " stopped: " + result + " left as it was; the "
                    + written.size() + " of " + cells.size() + " cells that ended are in " + cellDirectory + "/");
            return status;
        }
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ArrayNode all = mapper.createArrayNode();
        for (Path json : written) {
            JsonNode cell = mapper.readTree(json.toFile());
            all.add(cell);
        }
        ResultPath.write(result, stream -> mapper.writeValue(stream, all));
        out.println("pg-ingest-bench: preset " + cliName + ": " + written.size() + " of " + cells.size() + " cells in "
                + result + " (each also in " + cellDirectory + "/)");
        RateCommand.end(List.of(result), report, out);
        return status;
    }
}
