package org.pgingest.bench;

import org.junit.jupiter.api.Test;
import org.pgingest.load.Preparation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The parameter space of a run (or of a preset) is checked combination by combination: a value that works with
 * one method and not with another is refused only where the run would combine them.
 */
class BenchmarkParametersTest {
    private static final Map<String, List<String>> INGEST_DEFAULTS = Map.of(
            "method", List.of("BATCH", "UNNEST"), "shape", List.of("USERS"), "indexes", List.of("STANDARD"),
            "rows", List.of("500"), "batchSize", List.of("1000"), "commitEvery", List.of("0"), "hostileShare", List.of("0.1"),
            "existingRows", List.of("0"), "distribution", List.of("hash"), "shards", List.of("32"));

    private static Map<String, Map<String, List<String>>> ingest() {
        return Map.of("org.pgingest.bench.IngestBenchmark.load", INGEST_DEFAULTS);
    }

    private static Map<String, List<String>> given(String... nameValues) {
        Map<String, List<String>> given = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            given.put(nameValues[i], List.of(nameValues[i + 1].split(",")));
        }
        return given;
    }

    @Test
    void theDefaultsAreAWorkingSpace() {
        assertThat(BenchmarkParameters.problemInRun(ingest(), Map.of())).isEmpty();
    }

    @Test
    void aBatchSizeOfZeroWorksForUnnestAloneButNotBesideBatch() {
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("method", "UNNEST", "batchSize", "0"))).isEmpty();
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("batchSize", "0"))).hasValue(
                "BATCH needs batchSize of 1 or more (rows per executeBatch), was 0; change that -p value or narrow -p method");
    }

    @Test
    void aMethodATableCannotServeIsNoParameterProblem() {
        // Which loader can write which table is decided on the table: the trial is reported missing with the reason.
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("method", "BATCH,COPY_UPSERT", "shape", "USERS,WIDE_SENSORS")))
                .isEmpty();
    }

    @Test
    void aDistributionIsHashHashOnAColumnOrLocalAndShardsAreOneOrMore() {
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("distribution", "hash:device,local,hash", "shards", "1")))
                .isEmpty();
        String valid = "; valid: hash (on the primary key's first column), hash:COLUMN, local";
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("distribution", "range")))
                .hasValue("-p distribution=range: no such distribution" + valid);
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("distribution", "hash:")))
                .hasValue("-p distribution=hash:: hash: names no column" + valid);
        for (String shards : List.of("0", "-3", "many")) {
            assertThat(BenchmarkParameters.problemInRun(ingest(), given("shards", shards))).hasValue("-p shards=" + shards
                    + ": use a whole number of 1 or more (shards of a distributed table on -Dpg.target=citus)");
        }
    }

    @Test
    void anIndexProfileAppliesToTheShapesThatHaveIt() {
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("shape", "USERS", "indexes", "PK,PK_UNIQUE_BTREE_GIN"))).isEmpty();
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("shape", "USERS,SENSORS", "indexes", "STANDARD,PK")))
                .hasValue("-p indexes=PK with -p shape=SENSORS: sensors takes STANDARD; narrow -p indexes or -p shape");
    }

    @Test
    void aShapeIsAPublishedOneInAnyCaseOrATableTheLauncherResolved() {
        assertThat(BenchmarkParameters.problem(Map.of("shape", "users"))).isEmpty();
        assertThat(BenchmarkParameters.problem(Map.of("shape", "Wide_Sensors"))).isEmpty();
        assertThat(BenchmarkParameters.problem(Map.of("shape", "orders"))).hasValue("-p shape=orders: no such shape; valid: "
                + "ARTICLES, SENSORS, USERS, WIDE_SENSORS, or a table of your own with ./bench --ddl FILE --table NAME "
                + "(or --table NAME on an external server)");
    }

    @Test
    void numbersThatAreNotNumbersNameTheParameter() {
        assertThat(BenchmarkParameters.problem(Map.of("rows", "many"))).hasValue(
                "-p rows=many: use a whole number from 1 to 10,000,000 (rows per call of the loader, generated in memory before it)");
        assertThat(BenchmarkParameters.problem(Map.of("hostileShare", "NaN"))).hasValue(
                "-p hostileShare=NaN: use a share from 0 to 1 (0.1 = one value in ten from the hostile set)");
        assertThat(BenchmarkParameters.problem(Map.of("commitEvery", "-1"))).hasValue(
                "-p commitEvery=-1: use a whole number of 0 or more (rows per transaction, 0 = one per call)");
    }

    @Test
    void parametersOfOtherBenchmarksAreNotChecked() {
        assertThat(BenchmarkParameters.problem(Map.of("threadsPerWriter", "whatever"))).isEmpty();
    }

    @Test
    void literalSqlIsForValuesAndUnnestAndIsNeverPrepared() {
        Map<String, Map<String, List<String>>> planning = Map.of("org.pgingest.bench.PlanningBenchmark.load",
                Map.of("method", List.of("MULTI_ROW_VALUES", "UNNEST"), "batchSize", List.of("0"), "commitEvery", List.of("0"),
                        "prepare", List.of("UNPREPARED", "SERVER_PREPARED"), "sql", List.of("bind")));
        Map<String, Class<? extends Enum<?>>> prepare = Map.of("prepare", Preparation.class);
        assertThat(BenchmarkParameters.problemInRun(planning, given("sql", "literal", "prepare", "UNPREPARED"), prepare)).isEmpty();
        assertThat(BenchmarkParameters.problemInRun(planning, given("sql", "bind,literal"), prepare)).hasValue(
                "-p sql=literal with -p prepare=SERVER_PREPARED: literal SQL is sent as a simple query, which the server "
                        + "never prepares; use -p prepare=UNPREPARED");
        assertThat(BenchmarkParameters.problemInRun(planning, given("sql", "literal", "prepare", "UNPREPARED",
                "method", "COPY_BINARY"), prepare)).hasValue("-p sql=literal with -p method=COPY_BINARY: literal SQL is written "
                + "for MULTI_ROW_VALUES and UNNEST only; narrow -p method");
        assertThat(BenchmarkParameters.problem(Map.of("sql", "inline"))).hasValue("-p sql=inline: no such sql; valid: bind, literal");
    }

    @Test
    void aMethodThatReplacesTheTableCannotLoadBesideExistingRows() {
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("existingRows", "1000000"))).isEmpty();
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("method", "COPY_FREEZE", "existingRows", "0,10"))).hasValue(
                "-p method=COPY_FREEZE with -p existingRows=10: COPY_FREEZE replaces the table's contents on every call, "
                        + "so the table cannot hold rows before it; narrow -p method or use -p existingRows=0");
        assertThat(BenchmarkParameters.problem(Map.of("existingRows", "-5"))).hasValue(
                "-p existingRows=-5: use a whole number from 0 to 100,000,000 (rows the table holds before each iteration's)");
    }

    /** Issue 19, item 12: no parameter of any benchmark reaches a fork unchecked. */
    @Test
    void everyParameterOfEveryBenchmarkHasARule() {
        var all = org.openjdk.jmh.runner.BenchmarkList.defaultList().getAll(
                org.openjdk.jmh.runner.format.OutputFormatFactory.createFormatInstance(System.out,
                        org.openjdk.jmh.runner.options.VerboseMode.SILENT), List.of());
        var enums = BenchmarkParameters.enumTypes(all);
        var names = all.stream().flatMap(e -> e.getParams().orElse(Map.of()).keySet().stream()).distinct().toList();
        assertThat(names).contains("rows", "workers", "rttMs", "prepare", "format", "connections");
        assertThat(names).allSatisfy(name -> assertThat(BenchmarkParameters.ruled().contains(name) || enums.containsKey(name))
                .as(name + " has a rule").isTrue());
    }
}
