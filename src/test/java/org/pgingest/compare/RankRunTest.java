package org.pgingest.compare;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

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

    /** A slice of 500 ms: more than 125 ms of compiling in it leaves it out. */
    @Test
    void slicesInWhichTheForkCompiledForMoreThanAQuarterAreLeftOut() {
        List<List<RankRun.SliceRecord>> fork = List.of(
                List.of(slice(0, 0, 20, 93), slice(1, 1, 20, 5)),
                List.of(slice(1, 0, 20, 616), slice(0, 1, 20, 125)),
                List.of(slice(0, 0, 20, 126), slice(1, 1, 20, 200)));
        List<List<RankRun.SliceRecord>> marked = RankRun.leaveOutCompiling(fork, 500);
        assertThat(marked).hasSize(3);
        assertThat(marked.get(0)).extracting(RankRun.SliceRecord::compiling).containsExactly(false, false);
        assertThat(marked.get(1)).extracting(RankRun.SliceRecord::compiling).containsExactly(true, false);
        assertThat(marked.get(2)).extracting(RankRun.SliceRecord::compiling).containsExactly(true, true);
        assertThat(marked.get(1).get(0).figures()).isEqualTo(fork.get(1).get(0).figures());
    }

    @Test
    void compilingIsMeasuredAgainstTheSlicesTimeAsJmhMeasuredIt() {
        // Two calls of 400 ms each (2.5 calls/s over 800 ms): 190 ms of compiling is under a quarter, 210 ms is not.
        List<List<RankRun.SliceRecord>> fork = List.of(List.of(slice(0, 0, 2.5, 2, 190)), List.of(slice(0, 0, 2.5, 2, 210)));
        assertThat(RankRun.leaveOutCompiling(fork, 500)).extracting(r -> r.get(0).compiling()).containsExactly(false, true);
    }

    @Test
    void aCandidateThatCompiledInEverySliceOfTheForkKeepsThemAll() {
        List<List<RankRun.SliceRecord>> fork = List.of(
                List.of(slice(0, 0, 20, 300), slice(1, 1, 20, 130)),
                List.of(slice(1, 0, 20, 3), slice(0, 1, 20, 426)));
        List<List<RankRun.SliceRecord>> marked = RankRun.leaveOutCompiling(fork, 500);
        assertThat(marked.get(0)).extracting(RankRun.SliceRecord::compiling).containsExactly(false, true);
        assertThat(marked.get(1)).extracting(RankRun.SliceRecord::compiling).containsExactly(false, false);
    }

    @Test
    void aSliceWithoutACompileTimeIsKept() {
        List<List<RankRun.SliceRecord>> fork = List.of(List.of(new RankRun.SliceRecord(0, 0, 0,
                Map.of("rows", 1000.0, TurnProfiler.SCORE, 2.0), false)), List.of(slice(0, 0, 20, 400)));
        assertThat(RankRun.leaveOutCompiling(fork, 500)).extracting(r -> r.get(0).compiling()).containsExactly(false, true);
    }

    /** A slice of 500 ms. */
    private static RankRun.SliceRecord slice(int candidate, int position, double callsPerSecond, double jitMillis) {
        return slice(candidate, position, callsPerSecond, callsPerSecond / 2, jitMillis);
    }

    private static RankRun.SliceRecord slice(int candidate, int position, double callsPerSecond, double calls,
                                             double jitMillis) {
        return new RankRun.SliceRecord(candidate, position, 0, Map.of("rows", callsPerSecond * 500,
                TurnProfiler.SCORE, callsPerSecond, TurnProfiler.CALLS, calls, "jit.time", jitMillis), false);
    }
}
