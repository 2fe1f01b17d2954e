package org.pgingest.compare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RankRunTest {
    @Test
    void forksDoubleTheirRoundsWhenHalfTheFieldHasStoppedAndAgainAtAQuarter() {
        assertThat(RankRun.roundsOf(4, 12, 12)).isEqualTo(4);
        assertThat(RankRun.roundsOf(4, 12, 7)).isEqualTo(4);
        assertThat(RankRun.roundsOf(4, 12, 6)).isEqualTo(8);
        assertThat(RankRun.roundsOf(4, 12, 4)).isEqualTo(8);
        assertThat(RankRun.roundsOf(4, 12, 3)).isEqualTo(16);
        assertThat(RankRun.roundsOf(4, 12, 1)).as("four times at most").isEqualTo(16);
        assertThat(RankRun.roundsOf(12, 2, 2)).as("two candidates: as asked").isEqualTo(12);
        assertThat(RankRun.roundsOf(12, 3, 2)).isEqualTo(12);
        assertThat(RankRun.roundsOf(12, 7, 3)).as("16 at most").isEqualTo(16);
        assertThat(RankRun.roundsOf(20, 12, 3)).as("never fewer than asked").isEqualTo(20);
    }
}
