package org.pgingest.cli;

import org.junit.jupiter.api.Test;

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
            "rows", List.of("500"), "batchSize", List.of("1000"), "commitEvery", List.of("0"), "hostileShare", List.of("0.1"));

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
    void anUpsertIsRefusedOnlyWhereTheRunPairsItWithAShapeWithoutAKey() {
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("method", "COPY_UPSERT", "shape", "USERS,ARTICLES"))).isEmpty();
        assertThat(BenchmarkParameters.problemInRun(ingest(), given("method", "BATCH,COPY_UPSERT", "shape", "USERS,WIDE_SENSORS")))
                .hasValue("-p method=COPY_UPSERT with -p shape=WIDE_SENSORS: COPY_UPSERT writes USERS, ARTICLES only; "
                        + "narrow -p method or -p shape");
    }

    @Test
    void enumValuesAreJmhsExactConstantNames() {
        assertThat(BenchmarkParameters.problem(Map.of("shape", "users"))).hasValueSatisfying(p -> assertThat(p)
                .startsWith("-p shape=users: no such shape; valid: USERS, SENSORS, WIDE_SENSORS, ARTICLES"));
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
