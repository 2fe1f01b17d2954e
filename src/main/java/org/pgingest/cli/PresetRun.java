package org.pgingest.cli;

import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.pgingest.rate.RateLadder;
import org.pgingest.results.WorkDirectory;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.SuiteOptions;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.ResolvedTables;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ./bench --preset NAME [more arguments]}: runs each part of the preset through the launcher (so every part
 * gets its checks, server costs and failure summary) and merges the parts' JSON into one result file, by default
 * {@code target/preset-NAME.json} ({@code -rff} sets it), server facts beside it as for any run. The parts' own
 * files go to a working directory of the run's own beside the result, removed at its end. {@code --preset} alone
 * lists the presets.
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
            for (RateLadder ladder : RateLadder.values()) {
                System.out.println(ladder.cliName() + ": " + ladder.description());
            }
            return 0;
        }
        String name = rest.remove(at);
        if (rest.contains(OPTION)) {
            String second = rest.indexOf(OPTION) + 1 < rest.size() ? rest.get(rest.indexOf(OPTION) + 1) : "";
            throw new UsageException(OPTION + " given twice (" + name + (second.isEmpty() ? "" : ", " + second)
                    + "): a run is one preset; run them one after the other");
        }
        Optional<RateLadder> ladder = RateLadder.named(name);
        if (ladder.isPresent()) {
            // Not JMH: a fixed rate is an open loop, which JMH's closed loop cannot drive. Its cells are runs of their
            // own, in the schema the ladder holds for them all.
            try (SchemaLock held = SchemaLock.take(applied(rest))) {
                return ladder.get().run(rest, flags.report(), System.out, System.err);
            }
        }
        Preset preset = Preset.parse(name);
        Optional<String> resultOption = valueOf(rest, "-rff");
        Path result = Path.of(resultOption.orElse("target/preset-" + preset.cliName() + ".json"));
        List<List<String>> parts = new ArrayList<>();
        for (Preset.Part part : preset.parts()) {
            List<String> partArgs = new ArrayList<>(rest);
            partArgs.addAll(preset.arguments(part, rest));
            // Each part's own options (PgBouncer 1.25's directory) checked before the first part starts.
            SuiteOptions.parse(partArgs.toArray(String[]::new));
            parts.add(partArgs);
        }
        PartsRun.requireWritable(result);
        JmhLock.requireFree();
        // The schema is the run's from its tables' checks until their copies are dropped.
        TargetConfig config = applied(rest);
        try (SchemaLock held = SchemaLock.take(config)) {
            PartsRun run;
            List<TableOnTarget> tables;
            try (WorkDirectory work = WorkDirectory.beside(result)) {
                tables = resolveTables(preset, parts, work.path());
                run = PartsRun.run("preset " + preset.cliName(), parts, result, work.path(), flags, List.of());
            }
            if (run.results()) {
                RunEnd.finish(result, flags.report(), run.trials(), run.took(), run.log(), System.out, System.err);
            }
            int status = run.status();
            for (TableOnTarget table : tables) {
                status = TableRun.leaveServer(table.config(), table.options(), status);
            }
            if (tables.isEmpty() && run.trials() > 0) {
                BenchMain.sayWhereTheSchemaIs(config);
            }
            return status;
        }
    }

    /** The target the run's own options (not a part's) name, once they are this JVM's properties. */
    private static TargetConfig applied(List<String> rest) {
        SuiteOptions.parse(rest.toArray(String[]::new)).apply();
        return TargetConfig.fromEnvironment();
    }

    private record TableOnTarget(TableOptions options, TargetConfig config) {
    }

    /**
     * The tables of DDL files the parts run on, each resolved and checked on its part's target as a table run does it
     * (the same lines on the terminal), into a file of the run's own that the forks read.
     */
    private static List<TableOnTarget> resolveTables(Preset preset, List<List<String>> partArgs, Path work)
            throws IOException {
        List<TableOnTarget> tables = new ArrayList<>();
        List<ResolvedTable> resolved = new ArrayList<>();
        Set<Preset.DdlTable> seen = new HashSet<>();
        for (int i = 0; i < partArgs.size(); i++) {
            Optional<Preset.DdlTable> table = preset.parts().get(i).table();
            if (table.isEmpty() || !seen.add(table.get())) {
                continue;
            }
            SuiteOptions.parse(partArgs.get(i).toArray(String[]::new)).apply();
            TargetConfig config = TargetConfig.fromEnvironment();
            TableOptions options = TableOptions.take(List.of(TableOptions.DDL, table.get().file(), TableOptions.TABLE,
                    table.get().name()));
            options.checkTarget(config);
            resolved.add(TableRun.resolveAndTell(options, config).table());
            tables.add(new TableOnTarget(options, config));
        }
        if (!resolved.isEmpty()) {
            Path file = work.resolve("tables.json");
            ResolvedTables.write(file, resolved);
            System.setProperty(ResolvedTables.PROPERTY, file.toString());
        }
        return tables;
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
}
