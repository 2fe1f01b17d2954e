package org.pgingest.cli;

import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.pgingest.bench.CeilingBenchmark;
import org.pgingest.bench.IngestBenchmark;
import org.pgingest.exit.Forks;
import org.pgingest.exit.StopOnExit;
import org.pgingest.load.LoadMethod;
import org.pgingest.results.MissingTrial;
import org.pgingest.results.OutputFiles;
import org.pgingest.results.WorkDirectory;
import org.pgingest.secret.SecretBearing;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.SchemaLock;
import org.pgingest.server.SuiteOptions;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetKind;
import org.pgingest.table.TableCheck;
import org.pgingest.table.UserRows;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.SchemaRefusedException;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.ddl.Identifiers;
import org.pgingest.workload.ddl.SqlScript;
import org.pgingest.workload.definition.ConstraintDefinition;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.ResolvedTables;
import org.pgingest.workload.definition.TableSources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code ./bench --ddl FILE --table NAME [JMH args]} and {@code ./bench --table SCHEMA.NAME -Dpg.target=external}:
 * every loader that can write the user's table, measured on copies of it.
 * <ol>
 *   <li>The table is resolved once, here, before any fork: from the DDL applied to a fresh embedded server of the
 *       launcher's own (statements it cannot apply listed one line each and skipped; the run stops with one line when
 *       the table depends on one of them), or from the live server's catalog, which is only read.</li>
 *   <li>It is checked as a fork would use it ({@link TableCheck}): copied with the tables its foreign keys reference,
 *       rows planned and a sample inserted and rolled back, on the launcher's server (the target's, for an external
 *       one), and the loaders that cannot write it are known with their reasons.</li>
 *   <li>The forks get the resolved table in a file ({@value ResolvedTables#PROPERTY}) and apply its DDL to their own
 *       servers: the definition is resolved once, and every fork measures the same one.</li>
 *   <li>Defaults: every loader that can write the table, at 500 and 50,000 rows per call (methods that commit every
 *       row, or send one row per statement, at 500 only: their cost per row does not depend on the call's size, and
 *       a call of 50,000 takes them minutes), the COPY formats' ceilings beside them, no hostile values, and short
 *       iterations; {@code -p method}, {@code -p rows} and JMH's options narrow or change that.</li>
 *   <li>The end: the ranked table, a paragraph on what the figures say for this table ({@link TableAdvice}), and the
 *       loaders that could not run with their reasons (missing, in the facts file too).</li>
 * </ol>
 * Results go to {@code target/table-NAME.json} ({@code table-NAME-from-FILE.json} for a table from {@code --ddl FILE})
 * unless {@code -rff} names another file; the run's working files go to a directory of its own beside it.
 */
final class TableRun {
    /** Rows per call by default: a small call and a bulk one. */
    static final List<String> DEFAULT_ROWS = List.of("500", "50000");
    /** JMH settings by default: one fork per trial, one warm-up and three measured iterations of a second. */
    static final List<String> SETTINGS = List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "3", "-r", "1s");
    /** Methods whose cost per row does not depend on the call's size: one transaction, or one statement, per row. */
    static final List<LoadMethod> PER_ROW = List.of(LoadMethod.AUTOCOMMIT_ROW, LoadMethod.ROW_COMMIT_EVERY);
    private static final String INGEST = BenchMain.methodsOf(IngestBenchmark.class);
    private static final String CEILING = BenchMain.methodsOf(CeilingBenchmark.class);
    private static final List<LoadMethod> COPY_FORMATS = List.of(LoadMethod.COPY_TEXT, LoadMethod.COPY_CSV,
            LoadMethod.COPY_BINARY);

    private TableRun() {
    }

    static boolean asked(String[] args) {
        return TableOptions.asked(List.of(args));
    }

    static int run(String[] args, RunFlags flags) throws CommandLineOptionException, RunnerException, IOException {
        // The launcher's own servers (the DDL's, the check's) say nothing on stderr but problems: its lines are the
        // run's, and a refused input is one line. slf4j-simple reads this when the first logger is made.
        System.setProperty("org.slf4j.simpleLogger.log.org.pgingest.server", "warn");
        TableOptions options = TableOptions.take(List.of(args));
        SuiteOptions suite = SuiteOptions.parse(options.rest().toArray(String[]::new));
        suite.apply();
        TargetConfig config = TargetConfig.fromEnvironment();
        options.checkTarget(config);
        // the run's result must not replace the files the table is read from (a leftover of 2026-12-03)
        Optional<String> asked = valueOf(suite.rest(), "-rff");
        if (asked.isPresent()) {
            OutputFiles.problem(List.of(Map.entry("-rff", Path.of(asked.get()))), options.files()).ifPresent(problem -> {
                throw new UsageException(problem);
            });
        }
        JmhLock.requireFree();
        // The schema is the run's from the table's check until it is dropped.
        try (SchemaLock held = SchemaLock.take(config)) {
            Resolution resolution = resolveAndTell(options, config);
            ResolvedTable resolved = resolution.table();

            List<String> jmhArgs = suite.rest();
            Path result = Path.of(asked
                    .orElse("target/table-" + fileName(resolved, options) + ".json"));
            PartsRun.requireWritable(result);
            // The suite's schema on an external server is dropped (or said kept) however the run ends: normally,
            // failed, or stopped by Ctrl-C or SIGTERM, when the hook does it once the forks (signalled with this JVM)
            // let go.
            try (StopOnExit leave = new StopOnExit("pg-ingest-bench-leave-server", () -> {
                // the schema dropped under a fork still loading failed its trial with the server's error
                Forks.stop();
                leaveServer(config, options, 0);
            });
                 WorkDirectory work = WorkDirectory.beside(result)) {
                leave.register();
                // The forks read the table from a file of this run's own: another run's table of the same name is not it.
                Path tablesFile = work.path().resolve("tables.json");
                ResolvedTables.write(tablesFile, List.of(resolved));
                System.setProperty(ResolvedTables.PROPERTY, tablesFile.toString());
                return runParts(options, config, flags, resolution, jmhArgs, result, work.path());
            }
        }
    }

    /** Plans the parts of a run on the resolved table and runs them, their files in {@code work}. */
    private static int runParts(TableOptions options, TargetConfig config, RunFlags flags, Resolution resolution,
                                List<String> jmhArgs, Path result, Path work)
            throws CommandLineOptionException, RunnerException, IOException {
        ResolvedTable resolved = resolution.table();

        List<String> given = BenchMain.parameterNames(jmhArgs);
        List<String> userRest = new ArrayList<>(options.rest());
        removeOption(userRest, "-rff");
        Plan plan = plan(resolution.check(), userMethods(jmhArgs, given), userValues(jmhArgs, given, "rows"));
        // Benchmarks named on the command line (./bench --ddl F --table T Encoder) run on the table instead of the
        // loaders and ceilings: JMH includes are alternatives, so adding them to the parts would run everything.
        boolean benchmarksNamed = !new CommandLineOptions(jmhArgs.toArray(String[]::new)).getIncludes().isEmpty();
        List<List<String>> parts = benchmarksNamed ? List.of(Plan.named(resolved.label(), userRest, given))
                : plan.parts(resolved.label(), userRest, given);
        List<MissingTrial> missing = benchmarksNamed ? List.of() : plan.missing(resolved.label());
        BenchMain.reportMissing(missing);
        if (parts.isEmpty()) {
            System.err.println("pg-ingest-bench: no loader asked for can write " + resolved.label() + "; " + result
                    + " left as it was");
            return 0;
        }
        PartsRun run = PartsRun.run("table " + resolved.label(), parts, result, work, flags,
                missing.stream().map(MissingTrial::jsonLine).toList());
        if (run.results()) {
            TableEnd.finish(result, resolved, flags.report(), run.trials(), run.took(), run.log());
        }
        return run.status();
    }

    /**
     * On an external server, drops the suite's schema the run worked in (its copies of the user's table and what they
     * reference), unless {@code --keep-schema}; says which, and how to drop a kept one; says nothing where there is no
     * such schema (a table refused before the check made it). Returns {@code status}.
     */
    static int leaveServer(TargetConfig config, TableOptions options, int status) {
        if (config.kind() != TargetKind.EXTERNAL) {
            return status;
        }
        String schema = config.schema();
        String dropIt = "DROP SCHEMA " + org.pgingest.workload.ddl.Identifiers.quote(schema) + " CASCADE drops it";
        try (PostgresTarget target = PostgresTarget.open(config); Connection c = target.dataSource().getConnection()) {
            if (!schemaExists(c, schema)) {
                return status;
            }
            try (Statement st = c.createStatement()) {
                // Stopped by a signal, forks still ending may hold the copies' locks: wait a while, never forever
                st.execute("SET lock_timeout = '10s'");
            }
            if (options.keepSchema()) {
                System.out.println("pg-ingest-bench: schema " + schema + " kept on the server (" + TableOptions.KEEP_SCHEMA
                        + "); " + dropIt);
            } else if (new SuiteSchema(schema).drop(c)) {
                System.out.println("pg-ingest-bench: schema " + schema + ", where the suite's copies were, dropped from "
                        + "the server (" + TableOptions.KEEP_SCHEMA + " keeps it)");
            } else {
                System.err.println("pg-ingest-bench: schema " + schema + " holds objects the suite did not create: "
                        + "left as it is");
            }
        } catch (SchemaRefusedException e) {
            // a user's object outside the schema depends on a copy: DROP SCHEMA ... CASCADE would drop it too
            System.err.println("pg-ingest-bench: schema " + schema + " left on the server: " + e.getMessage());
        } catch (SQLException e) {
            System.err.println("pg-ingest-bench: schema " + schema + " could not be dropped (" + e.getMessage()
                    .replace('\n', ' ') + "); " + dropIt);
        }
        return status;
    }

    private static boolean schemaExists(Connection c, String schema) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_namespace WHERE nspname = ?")) {
            ps.setString(1, schema);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** The resolved table and what the check found. */
    record Resolution(ResolvedTable table, TableCheck check) {
    }

    /**
     * Resolves and checks the table, then says what a reader should know: the statements skipped (stderr) and the
     * notes (stdout). A table that cannot be resolved is a {@link UsageException} after its skipped statements.
     */
    static Resolution resolveAndTell(TableOptions options, TargetConfig config) throws IOException {
        Resolution resolution;
        try {
            resolution = resolve(options, config);
        } catch (DefinitionException e) {
            e.skipped().forEach(line -> System.err.println("pg-ingest-bench: " + options.ddl().map(f -> TableOptions.DDL
                    + " " + f.getFileName() + " ").orElse("") + line + " (skipped)"));
            leaveServer(config, options, 2);
            throw new UsageException(e.getMessage());
        } catch (SQLException e) {
            leaveServer(config, options, 2);
            // Neither the user's input nor a fault of the server's: what the table's definition or code needs that the
            // suite's check of it cannot give (a CHECK reading a setting, say). Said as the suite's limit, the
            // server's words after it, masked as every text from the user's table is.
            throw new UsageException("the suite cannot read and check " + options.table() + " (a limit of the suite: "
                    + "the server refused what it asked while reading the table's definition or trying rows in a copy of "
                    + "it); the server said: " + SecretBearing.maskedIn(e.getMessage().replace('\n', ' ')));
        } catch (SchemaRefusedException e) {
            // an object of the user's (made by their own event trigger, say) came to depend on the check's copy
            leaveServer(config, options, 2);
            throw new UsageException("checking " + options.table() + ": " + e.getMessage());
        }
        ResolvedTable resolved = resolution.table();
        resolved.skipped().forEach(line -> System.err.println("pg-ingest-bench: " + resolved.source() + " " + line
                + " (skipped)"));
        notes(resolved, resolution.check()).forEach(line -> System.out.println("pg-ingest-bench: " + line));
        return resolution;
    }

    /**
     * Resolves and checks the table on a server of the launcher's own (the DDL's) or on the external target (a live
     * table, or the DDL's copy where the target is external); everything the check made is dropped again.
     */
    private static Resolution resolve(TableOptions options, TargetConfig config) throws SQLException, IOException {
        String label = options.table().toString().replace(',', '_');
        if (options.ddl().isPresent()) {
            Path file = options.ddl().get();
            SqlScript script;
            try {
                script = SqlScript.parse(SqlScript.text(Files.readAllBytes(file)));
            } catch (IllegalArgumentException e) {
                throw new DefinitionException(TableOptions.DDL + " " + file + " is not SQL: " + e.getMessage());
            }
            if (script.statements().isEmpty()) {
                throw new DefinitionException(TableOptions.DDL + " " + file + " holds no SQL statement");
            }
            TargetConfig own = config.kind() == TargetKind.EXTERNAL ? TargetConfig.defaults().withSchema(config.schema())
                    : config.withKind(TargetKind.EMBEDDED);
            try (EmbeddedTarget server = EmbeddedTarget.start(own)) {
                ResolvedTable resolved;
                try (Connection c = server.dataSource().getConnection()) {
                    resolved = withOptions(TableSources.fromUserDdl(c, script, options.table(), label,
                            TableOptions.DDL + " " + file.getFileName(), server.schema()), options);
                }
                if (config.kind() == TargetKind.EXTERNAL) {
                    // The DDL is not applied there: a copied trigger would call the user's own function, which may
                    // write the user's tables (an audit log); so the copies get none, and the notes say so.
                    resolved = resolved.withoutTriggers();
                    try {
                        return new Resolution(resolved, checkOn(config, resolved, false));
                    } catch (DefinitionException e) {
                        throw new DefinitionException(e.getMessage() + "; on an external server the suite applies no "
                                + "DDL: create what the table needs there and use " + TableOptions.TABLE + " alone, or "
                                + "run on the embedded server");
                    }
                }
                try (Connection c = server.dataSource().getConnection()) {
                    return new Resolution(resolved, TableCheck.run(c, new SuiteSchema(server.schema()), resolved, true, RowGenerator.SEED));
                }
            }
        }
        try (PostgresTarget target = PostgresTarget.open(config); Connection c = target.dataSource().getConnection()) {
            ResolvedTable live = TableSources.live(c, options.table(), label, target.schema());
            live = withOptions(live.withNullShares(UserRows.nullShares(c, live.table())), options);
            if (options.sample().isPresent()) {
                live = live.withSample(UserRows.fromLiveTable(c, live.table(), options.sample().get()));
            }
            return new Resolution(live, TableCheck.run(c, new SuiteSchema(target.schema()), live, false, RowGenerator.SEED));
        }
    }

    private static ResolvedTable withOptions(ResolvedTable resolved, TableOptions options) {
        ResolvedTable r = options.dropForeignKeys() ? resolved.withoutForeignKeys() : resolved;
        return options.rows().map(r::withSample).orElse(r);
    }

    private static TableCheck checkOn(TargetConfig config, ResolvedTable resolved, boolean owned) throws SQLException {
        try (PostgresTarget target = PostgresTarget.open(config); Connection c = target.dataSource().getConnection()) {
            return TableCheck.run(c, new SuiteSchema(target.schema()), resolved, owned, RowGenerator.SEED);
        }
    }

    /** " (the server fills line_id, total)": the columns no loader writes (identity, sequence, generated), or "". */
    private static String unwritten(ResolvedTable r) {
        List<String> filled = r.table().columns().stream().filter(c -> !c.written())
                .map(c -> Identifiers.display(c.name())).toList();
        return filled.isEmpty() ? "" : " (the server fills " + String.join(", ", filled) + ")";
    }

    /** What a reader should know before the figures: triggers, foreign keys, keys, the rows' source. */
    static List<String> notes(ResolvedTable r, TableCheck check) {
        List<String> notes = new ArrayList<>();
        notes.add("table " + r.label() + " from " + r.source() + " (fingerprint " + r.fingerprint() + "): "
                + r.table().writtenColumns().size() + " columns written of " + r.table().columns().size()
                + unwritten(r)
                + (check.keyCarriers().isEmpty() ? "" : "; distinct keys in " + String.join(", ", check.keyCarriers()))
                + "; rows " + (r.sample() == null ? "generated" : "from " + r.sample().source() + " ("
                + r.sample().rows().size() + (r.sample().rows().size() == 1 ? " row" : " rows") + ", taken in turn)"));
        if (r.sample() != null) {
            // a column the server fills takes no value from the rows: said, not dropped silently (a new user's pass)
            List<String> filled = r.table().columns().stream().filter(c -> !c.written())
                    .map(c -> c.name()).filter(r.sample().header()::contains).map(Identifiers::display).toList();
            if (!filled.isEmpty()) {
                notes.add(r.sample().source() + "'s " + String.join(", ", filled) + (filled.size() == 1 ? " is a "
                        + "column" : " are columns") + " the server fills: " + (filled.size() == 1 ? "its" : "their")
                        + " values are not loaded");
            }
            // keys and foreign keys take the suite's values: said, as a new user found their 615 loaded as 44
            List<String> replaced = new ArrayList<>(check.keyCarriers());
            if (r.foreignKeys()) {
                r.table().constraints(ConstraintDefinition.Kind.FOREIGN_KEY).forEach(fk -> fk.columns().stream()
                        .filter(col -> !replaced.contains(col)).forEach(replaced::add));
            }
            List<String> inFile = replaced.stream().filter(r.sample().header()::contains).map(Identifiers::display)
                    .toList();
            if (!inFile.isEmpty()) {
                notes.add(r.sample().source() + "'s " + String.join(", ", inFile) + " take the suite's values, not the "
                        + "file's: a unique key's column carries the row number (keys stay distinct over every call), a "
                        + "foreign key's the referenced copies' keys");
            }
        }
        int triggers = r.table().triggers().size();
        if (r.triggers() && triggers > 0) {
            notes.add("its " + triggers + (triggers == 1 ? " trigger runs" : " triggers run") + " in every measured call: "
                    + "its cost is part of every figure");
        } else if (!r.triggers() && triggers > 0) {
            notes.add("its " + triggers + (triggers == 1 ? " trigger is" : " triggers are") + " not copied on an "
                    + "external server (a trigger function there is your own and may write your other tables): to include "
                    + (triggers == 1 ? "it" : "them") + ", run ./bench --ddl FILE --table " + r.label()
                    + " on the embedded server, with FILE from pg_dump --schema-only");
        }
        if (!r.foreignKeys()) {
            notes.add("foreign keys dropped (--drop-foreign-keys)");
        } else if (!r.referenced().isEmpty()) {
            notes.add("its foreign keys reference copies of " + String.join(", ", r.referenced().stream()
                    .map(t -> t.name().toString()).toList()) + ", filled with " + org.pgingest.table.TableCopies.REFERENCED_ROWS
                    + " rows each before anything is measured");
        }
        return notes;
    }

    /**
     * Which trials run: the methods that can write the table (those the user named, if any), each at the rows per
     * call asked, by default 500 and 50,000 (per-row methods at 500 only), and the ceilings of the COPY formats among
     * them; the methods that cannot, with their reasons, to report missing.
     */
    record Plan(List<LoadMethod> methods, List<String> rows, boolean rowsGiven, Map<LoadMethod, String> cannot) {

        List<List<String>> parts(String label, List<String> userArgs, List<String> given) {
            List<List<String>> parts = new ArrayList<>();
            if (methods.isEmpty()) {
                return parts;
            }
            List<String> small = rowsGiven ? rows : rows.subList(0, 1);
            parts.add(part(INGEST, label, methods, small, userArgs, given));
            List<LoadMethod> bulk = methods.stream().filter(m -> !PER_ROW.contains(m)).toList();
            if (!rowsGiven && !bulk.isEmpty()) {
                parts.add(part(INGEST, label, bulk, rows.subList(1, rows.size()), userArgs, given));
            }
            List<LoadMethod> copies = methods.stream().filter(COPY_FORMATS::contains).toList();
            if (!copies.isEmpty()) {
                parts.add(part(CEILING, label, copies, rows, userArgs, given));
            }
            return parts;
        }

        private static List<String> part(String include, String label, List<LoadMethod> methods, List<String> rows,
                                         List<String> userArgs, List<String> given) {
            List<String> args = new ArrayList<>(userArgs);
            removeParameter(args, "method");
            removeParameter(args, "rows");
            args.add(include);
            args.addAll(List.of("-p", "method=" + String.join(",", methods.stream().map(Enum::name).toList())));
            args.addAll(List.of("-p", "rows=" + String.join(",", rows)));
            return onTable(args, label, userArgs, given);
        }

        /** The benchmarks the user named, with their arguments, on the table. */
        static List<String> named(String label, List<String> userArgs, List<String> given) {
            return onTable(new ArrayList<>(userArgs), label, userArgs, given);
        }

        private static List<String> onTable(List<String> args, String label, List<String> userArgs, List<String> given) {
            args.addAll(List.of("-p", "shape=" + label));
            if (!given.contains("hostileShare")) {
                args.addAll(List.of("-p", "hostileShare=0"));
            }
            for (int i = 0; i + 1 < SETTINGS.size(); i += 2) {
                if (!userArgs.contains(SETTINGS.get(i))) {
                    args.add(SETTINGS.get(i));
                    args.add(SETTINGS.get(i + 1));
                }
            }
            return args;
        }

        /** The trials of the methods that cannot write the table, one per rows per call, for the facts file. */
        List<MissingTrial> missing(String label) {
            List<MissingTrial> missing = new ArrayList<>();
            cannot.forEach((method, why) -> {
                for (String r : rowsGiven ? rows : (PER_ROW.contains(method) ? rows.subList(0, 1) : rows)) {
                    TreeMap<String, String> params = new TreeMap<>(Map.of("method", method.name(), "shape", label, "rows", r));
                    missing.add(new MissingTrial(IngestBenchmark.class.getName() + ".load", params,
                            method + " cannot write " + label + ": " + why));
                }
            });
            return missing;
        }
    }

    static Plan plan(TableCheck check, Optional<List<LoadMethod>> asked, Optional<List<String>> rows) {
        List<LoadMethod> wanted = asked.orElse(List.of(LoadMethod.values()));
        List<LoadMethod> methods = wanted.stream().filter(m -> !check.cannotWrite().containsKey(m)).toList();
        Map<LoadMethod, String> cannot = new java.util.LinkedHashMap<>();
        wanted.stream().filter(check.cannotWrite()::containsKey).forEach(m -> cannot.put(m, check.cannotWrite().get(m)));
        return new Plan(methods, rows.orElse(DEFAULT_ROWS), rows.isPresent(), cannot);
    }

    /** The methods of {@code -p method=...}, if given; an unknown name is a one-line problem. */
    private static Optional<List<LoadMethod>> userMethods(List<String> jmhArgs, List<String> given) {
        return userValues(jmhArgs, given, "method").map(values -> values.stream().map(v -> {
            try {
                return LoadMethod.valueOf(v.trim());
            } catch (IllegalArgumentException e) {
                throw new UsageException("-p method=" + v + ": no such method; valid: " + String.join(", ",
                        java.util.Arrays.stream(LoadMethod.values()).map(Enum::name).toList()));
            }
        }).toList());
    }

    private static Optional<List<String>> userValues(List<String> jmhArgs, List<String> given, String name) {
        if (!given.contains(name)) {
            return Optional.empty();
        }
        for (int i = 0; i < jmhArgs.size(); i++) {
            String arg = jmhArgs.get(i);
            String spec = arg.equals("-p") && i + 1 < jmhArgs.size() ? jmhArgs.get(i + 1) : arg.startsWith("-p") ? arg.substring(2) : "";
            if (spec.startsWith(name + "=")) {
                return Optional.of(List.of(spec.substring(name.length() + 1).split(",")));
            }
        }
        return Optional.empty();
    }

    /** Takes {@code -p NAME=...} (either form) out of {@code args}. */
    private static void removeParameter(List<String> args, String name) {
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("-p") && i + 1 < args.size() && args.get(i + 1).startsWith(name + "=")) {
                args.remove(i + 1);
                args.remove(i);
                i--;
            } else if (args.get(i).startsWith("-p" + name + "=")) {
                args.remove(i);
                i--;
            }
        }
    }

    private static void removeOption(List<String> args, String option) {
        int at = args.indexOf(option);
        if (at >= 0 && at + 1 < args.size()) {
            args.remove(at + 1);
            args.remove(at);
        }
    }

    private static Optional<String> valueOf(List<String> args, String option) {
        int at = args.indexOf(option);
        return at >= 0 && at + 1 < args.size() ? Optional.of(args.get(at + 1)) : Optional.empty();
    }

    /**
     * The table's name as a file name, its schema's before it outside {@code public}, with the DDL file's name for a
     * table from {@code --ddl} ({@code orders} for a live table, {@code orders-from-schema.sql} for one from schema.sql,
     * {@code audit.orders-from-schema.sql}) and the rows' source when they are not generated
     * ({@code orders-from-schema.sql-rows_sample.csv}, {@code orders-sample_500}): other sources and other schemas'
     * tables of one name, whose results must not replace each other. Letters, digits, dot, dash and underscore are
     * kept, anything else is an underscore.
     */
    static String fileName(ResolvedTable resolved, TableOptions options) {
        // the name as the user gave it (the label): the copy the suite reads lives in a schema of the suite's
        QualifiedName given = QualifiedName.parse(resolved.label());
        String name = (given.schema() == null || given.schema().equals("public") ? "" : given.schema() + ".")
                + given.name()
                + options.ddl().map(f -> "-from-" + f.getFileName()).orElse("")
                + options.rows().map(rows -> "-" + rows.source().replaceFirst("^--", "")).orElse("")
                + options.sample().map(n -> "-sample_" + n).orElse("");
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
