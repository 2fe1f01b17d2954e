package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.pgingest.bench.BenchmarkParameters;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every preset's parameter space is one the launcher accepts, and no trial in it is another's duplicate. */
class PresetTest {

    /**
     * As the launcher checks a run: every benchmark the part selects, with its {@code @Param} defaults (from JMH's
     * generated benchmark list, not from the preset) replaced by the part's values. A preset value that conflicts
     * with a default it leaves alone (a knob the default method ignores, a shape the default method cannot write)
     * shows here, as in the launcher.
     */
    @ParameterizedTest
    @EnumSource(Preset.class)
    void everyCombinationPassesTheLaunchersChecks(Preset preset) {
        for (Preset.Part part : preset.parts()) {
            assertThat(problemAsTheLauncherSeesIt(part)).as("%s, %s", preset.cliName(), part).isEmpty();
        }
    }

    /** Checked against the part's own values only, a misspelled param was its own known name and passed. */
    @Test
    void aParamNoSelectedBenchmarkHasIsCaught() {
        Preset.Part typo = new Preset.Part(Preset.Part.INGEST, Map.of("method", "BATCH", "batchsize", "100"));
        assertThat(problemAsTheLauncherSeesIt(typo)).contains("-p batchsize: no selected benchmark has this parameter; "
                + "theirs are batchSize, commitEvery, distribution, existingRows, hostileShare, indexes, method, rows, shape, "
                + "shards");
    }

    /**
     * As the launcher checks a run: every benchmark the part selects, with its {@code @Param} defaults (from JMH's
     * generated benchmark list, not from the preset) replaced by the part's values.
     */
    private static Optional<String> problemAsTheLauncherSeesIt(Preset.Part part) {
        SortedSet<BenchmarkListEntry> selected = BenchmarkList.defaultList()
                .find(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of(part.include()), List.of());
        assertThat(selected).as("%s selects a benchmark", part.include()).isNotEmpty();
        Map<String, Map<String, List<String>>> defaults = new LinkedHashMap<>();
        for (BenchmarkListEntry entry : selected) {
            Map<String, List<String>> params = new LinkedHashMap<>();
            entry.getParams().orElse(Map.of()).forEach((name, values) -> params.put(name, List.of(values)));
            defaults.put(entry.getUsername(), params);
        }
        // A part on a DDL file's table: its shape is the table's name, which the launcher knows once the preset has
        // resolved the table (PresetRun), as a table run's.
        Map<String, List<String>> values = new LinkedHashMap<>(part.values());
        part.table().ifPresent(table -> assertThat(values.remove("shape")).containsExactly(table.name()));
        return BenchmarkParameters.problemInRun(defaults, values);
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void noTrialIsRunTwiceUnderAnotherLabel(Preset preset) {
        Set<String> seen = new HashSet<>();
        for (Preset.Part part : preset.parts()) {
            for (Map<String, String> trial : part.trials()) {
                assertThat(seen.add(part.include() + " " + trial)).as("%s: %s twice", preset.cliName(), trial).isTrue();
            }
        }
    }

    @Test
    void aKnobTheMethodIgnoresIsNotPartOfItsTrial() {
        Preset.Part part = new Preset.Part("x", Map.of("method", "COPY_BINARY,BATCH", "batchSize", "100,1000"));
        assertThat(part.trials()).containsExactlyInAnyOrder(Map.of("method", "COPY_BINARY"), Map.of("method", "COPY_BINARY"),
                Map.of("method", "BATCH", "batchSize", "100"), Map.of("method", "BATCH", "batchSize", "1000"));
    }

    @Test
    void theUsersOwnValuesReplaceThePresets() {
        List<String> args = Preset.BULK_1M.arguments(Preset.BULK_1M.parts().get(0), List.of("-p", "rows=1000", "-i", "2"));
        assertThat(args).contains("-p", "batchSize=10000").doesNotContain("rows=1000000", "5")
                .containsSubsequence("-wi", "1").doesNotContain("-i");
    }

    /** The pooler preset's second part runs PgBouncer 1.25 (its directory a -D option); a user's own -D wins. */
    @Test
    void aPartsOwnSuiteOptionsComeFirstUnlessTheUserGivesThem() {
        Preset.Part newer = Preset.POOLER.parts().get(1);
        assertThat(Preset.POOLER.arguments(newer, List.of())).startsWith(
                "-Dpg.pgbouncer.home=/opt/pg-ingest-bench/pgbouncer-1.25", newer.include());
        assertThat(newer.values()).containsEntry("maxPreparedStatements", List.of("0", "200"))
                .containsEntry("via", List.of("pgbouncer-transaction"));
        assertThat(Preset.POOLER.arguments(newer, List.of("-Dpg.pgbouncer.home=/usr/local")))
                .noneMatch(arg -> arg.startsWith("-Dpg.pgbouncer.home"));
        assertThat(Preset.POOLER.arguments(Preset.POOLER.parts().get(0), List.of()))
                .noneMatch(arg -> arg.startsWith("-D"));
    }

    @Test
    void maxPreparedStatementsWithoutAPgBouncerIsRefused() {
        Preset.Part direct = new Preset.Part(Preset.Part.POOLER, Map.of("method", "BATCH", "via", "direct",
                "maxPreparedStatements", "0"));
        assertThat(problemAsTheLauncherSeesIt(direct)).contains("-p maxPreparedStatements=0 with -p via=direct: there "
                + "is no PgBouncer to set it on; narrow -p via to pgbouncer-session or pgbouncer-transaction, or leave "
                + "-p maxPreparedStatements out");
        Preset.Part negative = new Preset.Part(Preset.Part.POOLER, Map.of("method", "BATCH",
                "via", "pgbouncer-transaction", "maxPreparedStatements", "-1"));
        assertThat(problemAsTheLauncherSeesIt(negative)).hasValueSatisfying(p -> assertThat(p)
                .startsWith("-p maxPreparedStatements=-1: use a whole number of 0 or more"));
    }

    @Test
    void anUnknownNameListsTheValidOnes() {
        assertThatThrownBy(() -> Preset.parse("quik")).isInstanceOf(UsageException.class).hasMessage(
                "--preset quik: no such preset; valid: quick, pgx-showdown, bulk-1m, commit-size, unnest-vs-values, rtt, pooler, citus, workers, rates, pipeline");
    }
}
