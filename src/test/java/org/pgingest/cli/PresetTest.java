package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every preset's parameter space is one the launcher accepts, and no trial in it is another's duplicate. */
class PresetTest {

    @ParameterizedTest
    @EnumSource(Preset.class)
    void everyCombinationPassesTheLaunchersChecks(Preset preset) {
        for (Preset.Part part : preset.parts()) {
            assertThat(BenchmarkParameters.problemInRun(Map.of(part.include(), part.values()), Map.of()))
                    .as("%s, %s", preset.cliName(), part).isEmpty();
        }
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

    @Test
    void anUnknownNameListsTheValidOnes() {
        assertThatThrownBy(() -> Preset.parse("quik")).isInstanceOf(UsageException.class).hasMessage(
                "--preset quik: no such preset; valid: quick, pgx-showdown, bulk-1m, commit-size, unnest-vs-values, rtt, pooler, workers, rates, pipeline");
    }
}
