package org.pgingest.cli;

import org.pgingest.bench.BenchmarkParameters;
import org.pgingest.bench.CeilingBenchmark;
import org.pgingest.bench.IngestBenchmark;
import org.pgingest.bench.LatencyBenchmark;
import org.pgingest.bench.PlanningBenchmark;
import org.pgingest.bench.PoolerBenchmark;
import org.pgingest.bench.RoundTripBenchmark;
import org.pgingest.bench.WritersBenchmark;
import org.pgingest.load.LoadMethod;
import org.pgingest.rate.RateLadder;
import org.pgingest.server.PgBouncerSetup;
import org.pgingest.server.Via;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A published experiment (../shared/reference/seed-experiments.md) as one command: {@code ./bench --preset NAME}.
 * Each preset is one or more JMH runs ({@link Part}s) whose results land in one JSON file. A preset is split into
 * parts where its methods use different knobs: JMH multiplies every {@code -p} list with every other, and a knob a
 * method ignores (COPY has no batch size) would otherwise give the same trial twice under different labels.
 */
enum Preset {
    QUICK("the README's separate-trial run and the CI smoke: the round-trip floor, seven methods at 500 users rows per call, "
            + "and the ceilings of the two COPY formats among them",
            // Twelve measured iterations: JMH's 99.9 % interval is t(0.9995, n-1)/sqrt(n) times the iterations'
            // spread, 1.28 at 12 against 1.91 at 8 and 18 at 3, and ten trials still end within 5 minutes.
            List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "12", "-r", "1s"),
            new Part(Part.ROUND_TRIP + "|" + Part.INGEST, Map.of()),
            new Part(Part.CEILING, Map.of("method", "COPY_TEXT,COPY_BINARY"))),

    PGX_SHOWDOWN("seed experiment 1: COPY binary, one pipelined batch, multi-row VALUES and one-by-one at 5 to 50,000 "
            + "users rows with the binary ceiling (WAL per method among the figures); the index ladder at 50,000 for COPY "
            + "and batch into a table already holding 1,000,000 rows; COPY-upsert against batched upsert at 5,000",
            List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "5", "-r", "1s"),
            // pgx's SendBatch sends the whole call as one batch: batchSize at least the largest call.
            new Part(Part.INGEST, Map.of("method", "COPY_BINARY,BATCH,AUTOCOMMIT_ROW", "batchSize", "50000",
                    "rows", "5,50,500,5000,50000")),
            // 0 = as many rows per statement as the 65,535 bind parameters allow (50,000 rows need several).
            new Part(Part.INGEST, Map.of("method", "MULTI_ROW_VALUES", "batchSize", "0", "rows", "5,50,500,5000,50000")),
            new Part(Part.CEILING, Map.of("method", "COPY_BINARY", "rows", "5,50,500,5000,50000")),
            // The published ladder inserted into a table already holding 1,000,000 rows.
            new Part(Part.INGEST, Map.of("method", "COPY_BINARY,BATCH", "batchSize", "50000", "rows", "50000",
                    "indexes", "PK,PK_UNIQUE,PK_UNIQUE_BTREE,PK_UNIQUE_BTREE_GIN", "existingRows", "1000000")),
            new Part(Part.INGEST, Map.of("method", "COPY_UPSERT,BATCH_UPSERT", "batchSize", "5000", "rows", "5000"))),

    BULK_1M("seed experiment 2: 1,000,000 users rows per call through batch, rewritten batch, multi-row VALUES and "
            + "UNNEST in chunks of 10,000 and COPY text, CSV and binary, each COPY beside its ceiling; the loader's own "
            + "allocation per row (alloc.bytes/row)",
            List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "5", "-r", "1s"),
            new Part(Part.INGEST, Map.of("method", "BATCH,BATCH_REWRITTEN,MULTI_ROW_VALUES,UNNEST", "batchSize", "10000",
                    "rows", "1000000")),
            new Part(Part.INGEST + "|" + Part.CEILING, Map.of("method", "COPY_TEXT,COPY_CSV,COPY_BINARY",
                    "rows", "1000000"))),

    COMMIT_SIZE("seed experiment 4: 10,000 articles rows: autocommit one-by-one, one row per statement committed "
            + "every 100 and 1,000 rows, batches committed every 100, 500 and 1,000 rows, COPY in one transaction, "
            + "unlogged staging + dedupe; fsyncs, WAL and commits per row",
            List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "5", "-r", "1s"),
            new Part(Part.INGEST, Map.of("method", "AUTOCOMMIT_ROW,COPY_BINARY,STAGED_DEDUPE", "shape", "ARTICLES",
                    "rows", "10000", "commitEvery", "0")),
            new Part(Part.INGEST, Map.of("method", "ROW_COMMIT_EVERY", "shape", "ARTICLES", "rows", "10000",
                    "commitEvery", "100,1000")),
            // Batch size and commit interval move together here, as in the published runs (a batch spanning
            // commits would be split at each commit anyway).
            new Part(Part.INGEST, Map.of("method", "BATCH", "shape", "ARTICLES", "rows", "10000",
                    "batchSize", "100", "commitEvery", "100")),
            // 500: the steady pipeline's batch (seed 4's trade-off table: 1, 100, 500, 1,000 and COPY 10,000)
            new Part(Part.INGEST, Map.of("method", "BATCH", "shape", "ARTICLES", "rows", "10000",
                    "batchSize", "500", "commitEvery", "500")),
            new Part(Part.INGEST, Map.of("method", "BATCH", "shape", "ARTICLES", "rows", "10000",
                    "batchSize", "1000", "commitEvery", "1000"))),

    UNNEST_VS_VALUES("seed experiment 5: one INSERT ... VALUES against one INSERT ... SELECT FROM unnest per call of "
            + "1,000, 5,000 and 10,000 sensors and wide_sensors rows, planning and execution time per call from "
            + "pg_stat_statements: values as literals in the SQL text sent as a simple query (sql=literal, as published), "
            + "and as bind parameters unprepared on every call (prepareThreshold=0) and server-prepared",
            List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "5", "-r", "1s"),
            new Part(Part.PLANNING, Map.of("method", "MULTI_ROW_VALUES,UNNEST", "batchSize", "0",
                    "shape", "SENSORS,WIDE_SENSORS", "rows", "1000,5000,10000", "sql", "literal", "prepare", "UNPREPARED")),
            new Part(Part.PLANNING, Map.of("method", "MULTI_ROW_VALUES,UNNEST", "batchSize", "0",
                    "shape", "SENSORS,WIDE_SENSORS", "rows", "1000,5000,10000", "sql", "bind",
                    "prepare", "UNPREPARED,SERVER_PREPARED"))),

    RTT("seed experiment 1, round trips: one-by-one, batch, multi-row and binary COPY at 500 rows per call with 0, 1, "
            + "5, 25 and 67 ms added to every round trip (was presets/rtt.sh)",
            List.of("-wi", "1", "-i", "3"),
            new Part(Part.LATENCY, Map.of("rows", "500"))),

    POOLER("seed experiment 1, proxy and pooler compatibility: every loader at 500 users rows per call directly, "
            + "through PgBouncer in session mode and in transaction mode, with pgjdbc's prepareThreshold 5 (its default) "
            + "and 0: which work, which fail and with what error; rows/s, server plans per call and server connections "
            + "for those that work. The installed PgBouncer (Debian's 1.18), then PgBouncer 1.25 as deployed today in "
            + "transaction mode with max_prepared_statements 0 and 200 (from " + Part.PGBOUNCER_125_HOME + ", which "
            + "docker/build-vendor.sh builds; -D" + PgBouncerSetup.HOME_OPTION + " names another)",
            List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "3", "-r", "1s"),
            new Part(Part.POOLER, Map.of("method", Arrays.stream(LoadMethod.values()).map(Enum::name)
                    .collect(Collectors.joining(",")), Via.PARAMETER, Arrays.stream(Via.values()).map(Via::id).collect(Collectors.joining(",")),
                    "prepareThreshold", "5,0")),
            // The release is a JVM option (the forks start the PgBouncer); the trials differ from the first part's by
            // maxPreparedStatements, which the first part leaves at its release's default.
            new Part(Part.POOLER, Map.of("method", Arrays.stream(LoadMethod.values()).map(Enum::name)
                    .collect(Collectors.joining(",")), Via.PARAMETER, "pgbouncer-transaction", "prepareThreshold", "5,0",
                    "maxPreparedStatements", "0,200"),
                    Map.of(PgBouncerSetup.HOME_OPTION, Part.PGBOUNCER_125_HOME))),

    CITUS("Citus: one server against a coordinator with two workers (-Dpg.target=citus, the "
            + "Citus that docker/build-vendor.sh builds): users and " + Part.WIDE_EVENTS_DDL + " through binary COPY, COPY "
            + "text, multi-row VALUES and a batch, by one writer at 500 and 50,000 rows per call and by 8 at 500, each "
            + "table kept on the coordinator (-p distribution=local) and hashed over 32 shards on the workers; WAL, "
            + "commits, two-phase commits and server CPU per node",
            List.of("-f", "1", "-wi", "1", "-w", "1s", "-i", "3", "-r", "1s"),
            // users' email is unique in its standard profile, and Citus refuses a unique key without the
            // distribution column: the primary key alone
            new Part(Part.INGEST, Map.of("method", Part.CITUS_METHODS, "rows", "500,50000", "indexes", "PK",
                    "distribution", "local,hash"), Part.CITUS_TARGET),
            new Part(Part.INGEST, Map.of("method", Part.CITUS_METHODS, "rows", "500,50000",
                    "distribution", "local,hash"), Part.CITUS_TARGET).onTable(Part.WIDE_EVENTS_DDL, "wide_events"),
            // 8 writers at 500 rows only: at 50,000 each statement path's trial would take 7 to 20 minutes on a
            // 2-core VM (docs/results/citus.md)
            new Part(Part.WRITERS, Map.of("method", Part.CITUS_METHODS, "workers", "8", "connections", "POOLED",
                    "rows", "500", "indexes", "PK", "distribution", "local,hash"), Part.CITUS_TARGET),
            new Part(Part.WRITERS, Map.of("method", Part.CITUS_METHODS, "workers", "8", "connections", "POOLED",
                    "rows", "500", "distribution", "local,hash"), Part.CITUS_TARGET)
                    .onTable(Part.WIDE_EVENTS_DDL, "wide_events")),

    WORKERS("seed experiment 3, concurrent writers: the published method list with 1 and 50 writers into one table, "
            + "then COPY per 10 rows on a new connection per call (was presets/workers.sh)",
            List.of("-wi", "1", "-i", "3"),
            new Part(Part.WRITERS, Map.of("method", "AUTOCOMMIT_ROW", "rows", "100", "connections", "POOLED",
                    "workers", "1,50")),
            new Part(Part.WRITERS, Map.of("method", "MULTI_ROW_VALUES", "batchSize", "5,10", "rows", "100",
                    "connections", "POOLED", "workers", "1,50")),
            new Part(Part.WRITERS, Map.of("method", "COPY_BINARY", "rows", "1,5,10,2000",
                    "connections", "POOLED", "workers", "1,50")),
            new Part(Part.WRITERS, Map.of("method", "COPY_BINARY", "rows", "10", "connections", "NEW_PER_CALL",
                    "workers", "1,50")));

    /**
     * One JMH run of a preset.
     *
     * @param include the benchmarks, as JMH's include regex
     * @param params  {@code -p} values by parameter name, comma-separated as on JMH's command line
     * @param options the suite's {@code -D} options for this part (a user's own of the same name win)
     * @param table   a table of a DDL file the part runs on instead of a published shape, as {@code --ddl FILE
     *                --table NAME} would select it (its {@code -p shape} is the table's name)
     */
    record Part(String include, Map<String, String> params, Map<String, String> options, Optional<DdlTable> table) {
        static final String INGEST = BenchMain.methodsOf(IngestBenchmark.class);
        static final String CEILING = BenchMain.methodsOf(CeilingBenchmark.class);
        static final String PLANNING = BenchMain.methodsOf(PlanningBenchmark.class);
        static final String ROUND_TRIP = BenchMain.methodsOf(RoundTripBenchmark.class);
        static final String LATENCY = BenchMain.methodsOf(LatencyBenchmark.class);
        static final String WRITERS = BenchMain.methodsOf(WritersBenchmark.class);
        static final String POOLER = BenchMain.methodsOf(PoolerBenchmark.class);
        /** Where docker/build-vendor.sh installs PgBouncer 1.25.2. */
        static final String PGBOUNCER_125_HOME = "/opt/pg-ingest-bench/pgbouncer-1.25";
        static final Map<String, String> CITUS_TARGET = Map.of("pg.target", "citus");
        static final String CITUS_METHODS = "COPY_BINARY,COPY_TEXT,MULTI_ROW_VALUES,BATCH";
        /** The wide mixed table of docs/your-table.md, relative to the checkout ({@code ./bench} runs there). */
        static final String WIDE_EVENTS_DDL = "docs/examples/wide_events.sql";

        Part {
            params = Map.copyOf(params);
            options = Map.copyOf(options);
        }

        Part(String include, Map<String, String> params, Map<String, String> options) {
            this(include, params, options, Optional.empty());
        }

        Part(String include, Map<String, String> params) {
            this(include, params, Map.of());
        }

        /** This part on the table {@code name} of the DDL file {@code ddl}, every row valid (as a table run's). */
        Part onTable(String ddl, String name) {
            Map<String, String> onTable = new LinkedHashMap<>(params);
            onTable.put("shape", name);
            onTable.put("hostileShare", "0");
            return new Part(include, onTable, options, Optional.of(new DdlTable(ddl, name)));
        }

        /**
         * The trials JMH will start for this part's own values, each without the knobs its method ignores
         * ({@link LoadMethod#knobs()}): two equal trials here would be the same measurement under two labels.
         */
        List<Map<String, String>> trials() {
            List<Map<String, String>> trials = BenchmarkParameters.combinations(values());
            for (Map<String, String> trial : trials) {
                if (trial.containsKey("method")) {
                    Set<String> used = LoadMethod.valueOf(trial.get("method")).knobs().stream()
                            .map(LoadMethod.Knob::parameter).collect(Collectors.toSet());
                    Arrays.stream(LoadMethod.Knob.values()).map(LoadMethod.Knob::parameter)
                            .filter(knob -> !used.contains(knob)).forEach(trial::remove);
                }
            }
            return trials;
        }

        /** The values of each parameter, split as JMH splits them. */
        Map<String, List<String>> values() {
            Map<String, List<String>> values = new LinkedHashMap<>();
            params.keySet().stream().sorted().forEach(name -> values.put(name, List.of(params.get(name).split(","))));
            return values;
        }
    }

    /** A table of a DDL file: {@code --ddl file --table name}. */
    record DdlTable(String file, String name) {
    }

    private final String description;
    private final List<String> settings;
    private final List<Part> parts;

    Preset(String description, List<String> settings, Part... parts) {
        this.description = description;
        this.settings = settings;
        this.parts = List.of(parts);
    }

    /** The name on the command line: {@code bulk-1m} for BULK_1M. */
    String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    String description() {
        return description;
    }

    /** JMH's iteration settings (forks, warm-up and measured iterations and their times) for every part. */
    List<String> settings() {
        return settings;
    }

    List<Part> parts() {
        return parts;
    }

    /**
     * Arguments of one part: its suite options ({@code -Dname=value}), the include, its {@code -p} values and the
     * preset's settings, leaving out every {@code -D} name, {@code -p} name and option the user gives in
     * {@code userArgs} (theirs win).
     */
    List<String> arguments(Part part, List<String> userArgs) {
        List<String> given = BenchMain.parameterNames(userArgs);
        List<String> args = new ArrayList<>();
        part.options().forEach((name, value) -> {
            if (userArgs.stream().noneMatch(arg -> arg.startsWith("-D" + name + "="))) {
                args.add("-D" + name + "=" + value);
            }
        });
        args.add(part.include());
        part.values().forEach((name, values) -> {
            if (!given.contains(name)) {
                args.add("-p");
                args.add(name + "=" + String.join(",", values));
            }
        });
        for (int i = 0; i + 1 < settings.size(); i += 2) {
            if (!userArgs.contains(settings.get(i))) {
                args.add(settings.get(i));
                args.add(settings.get(i + 1));
            }
        }
        return args;
    }

    /** The preset of that command-line name; an unknown name is one line listing the valid ones. */
    static Preset parse(String name) {
        for (Preset p : values()) {
            if (p.cliName().equals(name)) {
                return p;
            }
        }
        throw new UsageException("--preset " + name + ": no such preset; valid: " + names());
    }

    static String names() {
        return Stream.concat(Arrays.stream(values()).map(Preset::cliName), Arrays.stream(RateLadder.values())
                .map(RateLadder::cliName)).collect(Collectors.joining(", "));
    }
}
