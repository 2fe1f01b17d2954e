package org.pgingest.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.pgingest.rate.RateLadder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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

    /** Runs the preset the arguments name and returns the exit code: 1 when any part had a failed trial. */
    static int run(String[] args) throws CommandLineOptionException, RunnerException, IOException {
        List<String> rest = new ArrayList<>(List.of(args));
        int at = rest.indexOf(OPTION);
        rest.remove(at);
        if (at >= rest.size() || rest.get(at).startsWith("-")) {
            for (Preset p : Preset.values()) {
                System.out.println(p.cliName() + ": " + p.description());
            }
            for (RateLadder ladder : RateLadder.values()) {
                System.out.println(ladder.cliName() + ": " + ladder.description());
            }
            return 0;
        }
        String name = rest.remove(at);
        Optional<RateLadder> ladder = RateLadder.named(name);
        if (ladder.isPresent()) {
            // Not JMH: a fixed rate is an open loop, which JMH's closed loop cannot drive.
            return ladder.get().run(rest, System.out, System.err);
        }
        Preset preset = Preset.parse(name);
        Optional<String> resultOption = valueOf(rest, "-rff");
        Path result = Path.of(resultOption.orElse("target/preset-" + preset.cliName() + ".json"));
        Path partsDirectory = Path.of(result + ".parts");
        Files.createDirectories(partsDirectory);
        List<Path> partResults = new ArrayList<>();
        int status = 0;
        List<Preset.Part> parts = preset.parts();
        for (int i = 0; i < parts.size(); i++) {
            Path partResult = partsDirectory.resolve((i + 1) + ".json");
            Files.deleteIfExists(partResult);
            List<String> partArgs = new ArrayList<>(rest);
            partArgs.addAll(preset.arguments(parts.get(i), rest));
            partArgs.add("-rff");
            partArgs.add(partResult.toString());
            System.out.println("pg-ingest-bench: preset " + preset.cliName() + ", part " + (i + 1) + " of " + parts.size()
                    + ": " + String.join(" ", partArgs));
            status = Math.max(status, BenchMain.run(partArgs.toArray(String[]::new)));
            if (Files.exists(partResult)) {
                partResults.add(partResult);
            }
        }
        merge(partResults, result);
        System.out.println("pg-ingest-bench: preset " + preset.cliName() + ": JMH results in " + result
                + ", server facts in " + result + ".server.jsonl");
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

    /** One JMH JSON array of every part's entries, and one facts file of every part's lines. */
    private static void merge(List<Path> partResults, Path result) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ArrayNode entries = json.createArrayNode();
        Path facts = Path.of(result + ".server.jsonl");
        Files.deleteIfExists(facts);
        Files.createFile(facts);
        for (Path part : partResults) {
            for (JsonNode entry : json.readTree(part.toFile())) {
                entries.add(entry);
            }
            Path partFacts = Path.of(part + ".server.jsonl");
            if (Files.exists(partFacts)) {
                Files.write(facts, Files.readAllBytes(partFacts), StandardOpenOption.APPEND);
            }
        }
        json.writerWithDefaultPrettyPrinter().writeValue(result.toFile(), entries);
    }
}
