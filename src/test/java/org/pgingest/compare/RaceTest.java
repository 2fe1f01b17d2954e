package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.pgingest.compare.RankStatistics.Claim;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Racing, settling and ranks on rounds made here, with noise of a known size. */
class RaceTest {
    private final Random random = new Random(7);

    /** One round: each running candidate at its rate, times a shared drift and 2 % noise of its own. */
    private void round(Race race, double... rates) {
        double drift = 0.7 + 0.6 * random.nextDouble();
        Map<Integer, Double> round = new LinkedHashMap<>();
        for (int c : race.running()) {
            round.put(c, rates[c] * drift * Math.exp(0.02 * random.nextGaussian()));
        }
        race.add(round);
    }

    private void runUntilSettled(Race race, int maxRounds, double... rates) {
        while (race.rounds() < maxRounds && !race.settled()) {
            round(race, rates);
            if (race.lookDue()) {
                race.look();
            }
        }
    }

    @Test
    void aClearLeaderSettlesAndTheOthersStopBehindIt() {
        Race race = new Race(3, new RankStatistics(0.95, 0.03));
        runUntilSettled(race, 200, 1.5, 1.0, 0.5);
        assertThat(race.settled()).isTrue();
        assertThat(race.leader()).isZero();
        assertThat(race.status(1)).isEqualTo(Race.Status.BEHIND);
        assertThat(race.status(2)).isEqualTo(Race.Status.BEHIND);
        assertThat(race.rank(0)).containsExactly(1, 1);
        assertThat(race.pair(0, 2).orElseThrow().claim()).isEqualTo(Claim.FASTER);
        assertThat(race.pair(2, 0).orElseThrow().claim()).isEqualTo(Claim.SLOWER);
        assertThat(race.pair(2, 0).orElseThrow().ratio()).isCloseTo(1 / 3.0, org.assertj.core.api.Assertions.within(0.02));
    }

    @Test
    void twinsSettleAsATieAndAreRankedTogether() {
        Race race = new Race(3, new RankStatistics(0.95, 0.03));
        runUntilSettled(race, 400, 1.0, 1.0, 0.5);
        assertThat(race.settled()).isTrue();
        assertThat(race.tieGroup()).containsExactlyInAnyOrder(0, 1);
        assertThat(race.rank(0)).containsExactly(1, 2);
        assertThat(race.rank(1)).containsExactly(1, 2);
        assertThat(race.rank(2)).containsExactly(3, 3);
        assertThat(race.unsettled()).isEmpty();
    }

    @Test
    void withoutEnoughRoundsNothingIsClaimed() {
        Race race = new Race(2, new RankStatistics(0.95, 0.03));
        for (int i = 0; i < RankStatistics.MIN_ROUNDS - 1; i++) {
            round(race, 2, 1);
            assertThat(race.lookDue()).isFalse();
        }
        round(race, 2, 1);
        assertThat(race.lookDue()).isTrue();
        race.look();
        assertThat(race.lookDue()).as("the next look waits for more rounds").isFalse();
    }

    @Test
    void aFailedCandidatesSlicesLeaveEveryRound() {
        Race race = new Race(3, new RankStatistics(0.95, 0.03));
        for (int i = 0; i < 6; i++) {
            round(race, 1.0, 1.2, 0.8);
        }
        race.fail(1, "its fork ended");
        assertThat(race.roundFigures()).allSatisfy(r -> assertThat(r).doesNotContainKey(1));
        assertThat(race.running()).containsExactly(0, 2);
        assertThat(race.ranked()).containsExactly(0, 2);
        race.look();
        assertThat(race.pair(0, 1)).isEmpty();
        assertThat(race.why(1)).contains("its fork ended");
    }
}
