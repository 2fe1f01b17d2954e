package org.pgingest.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.pgingest.rate.RateLadder;
import org.pgingest.results.ResultPath;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code ./bench --preset NAME [more arguments]}: runs each part of the preset through the launcher (so every part
 * gets its checks, server costs and failure summary) and merges the parts' JSON into one result file, by default
 * {@code target/preset-NAME.json} ({@code -rff} sets it), server facts beside it as for any run. The parts' own
 * files stay in {@code <result>.parts/}. {@code --preset} alone lists the presets.
 */
final class PresetRun {
    static final String OPTION = "--preset";

    private PresetRun() {
    }

    /** Whether the arguments ask for a preset (or the list of them). */
    static boolean asked(String[] args) {
        return List.of(args).contains(OPTION);
    }

    /**
     * Runs the preset the arguments name and returns the exit code: 1 when any part had a failed trial. One progress
     * line per part on the terminal, JMH's log of every part in one file beside the result, and at the end the ranked
     * table of the merged result and its report ({@link RunEnd}).
     */
    static int run(String[] args, RunFlags flags) throws CommandLineOptionException, RunnerException, IOException {
        List<String> rest = new ArrayList<>(List.of(args));
        int at = rest.indexOf(OPTION);
        rest.remove(at);
        if (at >= rest.size() || rest.get(at).startsWith("-")) {
            for (Preset p : Preset.values()) {
                System.out.println(p.cliName() + ": " + p.description());
            }
            System.out.println(RateLadder.NAME + ": " + RateLadder.DESCRIPTION);
            return 0;
        }
        String name = rest.remove(at);
        if (rest.contains(OPTION)) {
            String second = rest.indexOf(OPTION) + 1 < rest.size() ? rest.get(rest.indexOf(OPTION) + 1) : "";
            throw new UsageException(OPTION + " given twice (" + name + (second.isEmpty() ? "" : ", " + second)
                    + "): a run is one preset; run them one after the other");
        }
        if (name.equals(RateLadder.NAME)) {
            // Not JMH: a fixed rate is an open loop, which JMH's closed loop cannot drive.
            return RateLadder.run(rest, flags.report(), System.out, System.err);
        }
        Preset preset = Preset.parse(name);
        Optional<String> resultOption = valueOf(rest, "-rff");
        Path result = Path.of(resultOption.orElse("target/preset-" + preset.cliName() + ".json"));
        ResultPath.problem(result).ifPresent(problem -> {
            throw new UsageException("result file " + result + ": " + problem);
        });
        Path partsDirectory = Path.of(result + ".parts");
        Files.createDirectories(partsDirectory);
        List<Preset.Part> parts = preset.parts();
        List<List<String>> partArgs = new ArrayList<>();
        TrialPlan whole = TrialPlan.NONE;
        for (int i = 0; i < parts.size(); i++) {
            List<String> part = new ArrayList<>(rest);
            part.addAll(preset.arguments(parts.get(i), rest));
            part.add("-rff");
            part.add(partsDirectory.resolve((i + 1) + ".json").toString());
            partArgs.add(part);
            whole = whole.plus(TrialPlan.of(part.toArray(String[]::new)));
        }
        RunConsole console = new RunConsole(flags.jmhLogOnTerminal(), parts.size(), whole, System.out, System.err);
        if (!rest.contains("-o")) {
            console.useLog(RunConsole.logFor(result));
        }
        List<Path> partResults = new ArrayList<>();
        int status = 0;
        int trials = 0;
        for (int i = 0; i < parts.size(); i++) {
            List<String> part = partArgs.get(i);
            Path partResult = Path.of(part.get(part.size() - 1));
            Files.deleteIfExists(partResult);
            System.out.println("pg-ingest-bench: preset " + preset.cliName() + ", part " + (i + 1) + " of " + parts.size()
                    + ": " + String.join(" ", part));
            BenchMain.Outcome outcome = BenchMain.run(part.toArray(String[]::new), console);
            status = Math.max(status, outcome.status());
            trials += outcome.trials();
            if (Files.exists(partResult)) {
                partResults.add(partResult);
            }
        }
        Duration took = console.finish();
        if (partResults.isEmpty()) {
            System.out.println("pg-ingest-bench: preset " + preset.cliName() + ": no part gave results; " + result
                    + " left as it was");
            return Math.max(status, 1);
        }
        merge(partResults, result);
        System.out.println("pg-ingest-bench: preset " + preset.cliName() + ": JMH results in " + result
                + ", server facts in " + result + ".server.jsonl");
        RunEnd.finish(result, flags.report(), trials, took, console.logPath(), System.out, System.err);
        return status;
    }

    /** The value after {@code option}, taken out of the arguments. */
    private static Optional<String> valueOf(List<String> args, String option) {
        int at = args.indexOf(option);
        if (at < 0 || at + 1 >= args.size()) {
            return Optional.empty();
        }
        args.remove(at);
        return Optional.of(args.remove(at));
    }

    /** One JMH JSON array of every part's entries, and one facts file of every part's lines, each replaced whole. */
    private static void merge(List<Path> partResults, Path result) throws IOException {
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
        ResultPath.write(result, out -> json.writerWithDefaultPrettyPrinter().writeValue(out, entries));
        ResultPath.write(Path.of(result + ".server.jsonl"), facts::writeTo);
    }
}
