package org.pgingest.gate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Units the suite's metrics carry, read as the gate reads them. */
class UnitMeaningTest {

    @Test
    void twoPhaseCommitsPerCallOfACitusNodeAreACountedCostLikeCommits() {
        // node.worker1.prepared/op: PREPARE TRANSACTIONs on a worker per call
        assertThat(UnitMeaning.of("prepared/op")).isEqualTo(new UnitMeaning(MetricKind.COUNTED, Direction.LOWER_IS_BETTER));
        assertThat(UnitMeaning.of("prepared/op")).isEqualTo(UnitMeaning.of("commits/op"));
    }
}
