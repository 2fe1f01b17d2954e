package org.pgingest.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.pgingest.results.ResultPath;
import org.pgingest.server.SuiteOptions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Several JMH runs as one (a preset's parts, a table's): each part through the launcher (so every part gets its
 * checks, server costs and failure summary), one progress line per part, JMH's log of every part in one file beside
 * the result, and the parts' JSON merged into one result file with one facts file beside it. The parts' own files
 * go to the run's working directory ({@link org.pgingest.results.WorkDirectory}, removed at its end). The result and its facts are each
 * replaced whole ({@link ResultPath}), and only when some part gave results.
 *
 * @param status  the exit code: 1 when any part had a failed trial, or none gave results
 * @param trials  trials started
 * @param took    how long the parts took
 * @param log     JMH's log file, where one was written
 * @param results whether the parts gave results, merged into the result file (else it is left as it was)
 */
record PartsRun(int status, int trials, Duration took, Optional<Path> log, boolean results) {

    /**
     * Runs {@code parts} (each a launcher command line without {@code -rff}) and merges their results into
     * {@code result}, with {@code extraFacts} (lines of the launcher's own, such as missing trials) among their facts;
     * {@code what} names the run in its lines ("preset quick"); the parts' own files go to {@code work}, this run's
     * alone. A result file that cannot be written is a {@link UsageException} before anything runs.
     */
    static PartsRun run(String what, List<List<String>> parts, Path result, Path work, RunFlags flags,
                        List<String> extraFacts) throws CommandLineOptionException, RunnerException, IOException {
        requireWritable(result);
        List<List<String>> partArgs = new ArrayList<>();
        TrialPlan whole = TrialPlan.NONE;
        for (int i = 0; i < parts.size(); i++) {
            List<String> part = new ArrayList<>(parts.get(i));
            part.add("-rff");
            part.add(work.resolve((i + 1) + ".json").toString());
            // each part's JMH options checked before the first part starts, as a single run's are before it starts
            List<String> jmh = SuiteOptions.parse(part.toArray(String[]::new)).rest();
            JmhOptions.requireValid(jmh);
            JmhOptions.requireProfilers(new CommandLineOptions(jmh.toArray(String[]::new)));
            partArgs.add(part);
            whole = whole.plus(TrialPlan.of(part.toArray(String[]::new)));
        }
        RunConsole console = new RunConsole(flags.jmhLogOnTerminal(), parts.size(), whole, System.out, System.err);
        if (parts.stream().noneMatch(p -> p.contains("-o"))) {
            console.useLog(RunConsole.logFor(result));
        }
        List<Path> partResults = new ArrayList<>();
        int status = 0;
        int trials = 0;
        for (int i = 0; i < partArgs.size(); i++) {
            List<String> part = partArgs.get(i);
            Path partResult = Path.of(part.get(part.size() - 1));
            Files.deleteIfExists(partResult);
            System.out.println("pg-ingest-bench: " + what + ", part " + (i + 1) + " of " + parts.size() + ": "
                    + String.join(" ", part));
            BenchMain.Outcome outcome = BenchMain.run(part.toArray(String[]::new), console);
            status = Math.max(status, outcome.status());
            trials += outcome.trials();
            if (Files.exists(partResult)) {
                partResults.add(partResult);
            }
        }
        Duration took = console.finish();
        if (partResults.isEmpty()) {
            System.out.println("pg-ingest-bench: " + what + ": no part gave results; " + result + " left as it was");
            return new PartsRun(Math.max(status, 1), trials, took, console.logPath(), false);
        }
        merge(partResults, result, extraFacts);
        System.out.println("pg-ingest-bench: " + what + ": JMH results in " + result + ", server facts in " + result
                + ".server.jsonl");
        return new PartsRun(status, trials, took, console.logPath(), true);
    }

    /** A result file that cannot be written: one {@link UsageException}, before anything runs. */
    static void requireWritable(Path result) {
        ResultPath.problem(result).ifPresent(problem -> {
            throw new UsageException("result file " + result + ": " + problem);
        });
    }

    /**
     * One JMH JSON array of every part's entries, and one facts file of every part's lines and {@code extraFacts},
     * each replaced whole.
     */
    static void merge(List<Path> partResults, Path result, List<String> extraFacts) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ArrayNode entries = json.createArrayNode();
        ByteArrayOutputStream facts = new ByteArrayOutputStream();
        for (Path part : partResults) {
            for (JsonNode entry : json.readTree(part.toFile())) {
                entries.add(entry);
            }
            Path partFacts = Path.of(part + ".server.jsonl");
            if (Files.exists(partFacts)) {
                facts.write(Files.readAllBytes(partFacts));
            }
        }
        for (String line : extraFacts) {
            facts.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        ResultPath.write(result, out -> json.writerWithDefaultPrettyPrinter().writeValue(out, entries));
        ResultPath.write(Path.of(result + ".server.jsonl"), facts::writeTo);
    }
}
