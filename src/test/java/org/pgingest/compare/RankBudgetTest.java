package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.pgingest.load.LoadMethod;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The budget's arithmetic: what the launcher asks for before anything starts, and how rankings share the time. */
class RankBudgetTest {
    /** The defaults must admit their own run: every method, a user's table at 500 and 50,000 rows, 10 minutes. */
    @Test
    void theDefaultBudgetAdmitsEveryMethodAtTheDefaultRows() {
        RankOptions defaults = RankOptions.parse(new String[] {"-p", "rows=500,50000"});
        assertThat(defaults.candidates()).hasSize(LoadMethod.values().length);
        assertThat(RankMain.minimumSeconds(defaults, LoadMethod.values().length))
                .isLessThanOrEqualTo(RankOptions.DEFAULT_BUDGET.toSeconds());
    }

    /**
     * The least budget a refusal names is one --budget takes as written (a newcomer saw "--budget 512s"), and the
     * README's example of the quick ranking's tuning holds it.
     */
    @Test
    void theLeastBudgetIsNamedAsTheOptionTakesIt() {
        assertThat(RankMain.asOption(45)).isEqualTo("45s");
        assertThat(RankMain.asOption(180)).isEqualTo("3m");
        assertThat(RankMain.asOption(512)).isEqualTo("8m32s");
        assertThat(RankOptions.parse(new String[] {"--budget", RankMain.asOption(512)}).budget().toSeconds()).isEqualTo(512);
        RankOptions readme = RankOptions.parse(RankMain.quickArgs(List.of("--budget", "4m", "--seed", "7")));
        assertThat(RankMain.minimumSeconds(readme, readme.candidates().size())).isLessThanOrEqualTo(240);
    }

    @Test
    void eachRankingGetsItsShareInProportionToItsLeastTime() {
        RankOptions o = RankOptions.parse(new String[] {"-p", "method=COPY_BINARY,BATCH"});
        long left = TimeUnit.MINUTES.toNanos(8);
        long first = RankMain.share(left, List.of(12, 10), o);
        double expected = RankMain.rankingSeconds(o, 12) / (RankMain.rankingSeconds(o, 12) + RankMain.rankingSeconds(o, 10));
        assertThat((double) first / left).isCloseTo(expected, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(first).isGreaterThan(left / 2);
        assertThat(RankMain.share(left, List.of(5), o)).as("the last ranking gets all that is left").isEqualTo(left);
    }

    /**
     * On a user's table the forks' length is worked out for the candidates that can write it, once that is known (a
     * reader's pass, 2026-12-03: 20 minutes for 12 of 18 methods gave forks for 18); one asked for stays.
     */
    @Test
    void forksAreAsLongAsTheBudgetAffordsTheCandidatesThatRun() {
        RankOptions all = RankOptions.parse(new String[] {"--budget", "20m"});
        RankOptions twelve = all.forCandidates(12);
        assertThat(twelve.roundsPerFork()).isGreaterThan(all.roundsPerFork());
        assertThat(2 * RankMain.minimumSeconds(twelve, 12)).isLessThanOrEqualTo(20 * 60);
        RankOptions asked = RankOptions.parse(new String[] {"--budget", "20m", "--rounds-per-fork", "5"});
        assertThat(asked.forCandidates(12).roundsPerFork()).isEqualTo(5);
    }

    /** Long forks when the budget holds twice the run's least time with them, shorter down to 4 when it does not. */
    @Test
    void forksAreAsLongAsTheBudgetAffords() {
        RankOptions aa = RankOptions.parse(new String[] {"--variant", "a=COPY_BINARY", "--variant", "b=COPY_BINARY"});
        assertThat(aa.roundsPerFork()).isEqualTo(RankOptions.LONGEST_DEFAULT_ROUNDS_PER_FORK);
        RankOptions every = RankOptions.parse(new String[] {"-p", "rows=500,50000"});
        assertThat(every.roundsPerFork()).isEqualTo(RankOptions.SHORTEST_DEFAULT_ROUNDS_PER_FORK);
        RankOptions quick = RankOptions.parse(RankMain.quickArgs(List.of()));
        RankOptions three = RankOptions.parse(new String[] {"-p", "method=COPY_BINARY,BATCH,UNNEST", "--budget", "4m"});
        for (RankOptions o : List.of(quick, three)) {
            int r = o.roundsPerFork();
            double budget = o.budget().toSeconds();
            int n = o.candidates().size();
            assertThat(r).isBetween(RankOptions.SHORTEST_DEFAULT_ROUNDS_PER_FORK,
                    RankOptions.LONGEST_DEFAULT_ROUNDS_PER_FORK);
            if (r > RankOptions.SHORTEST_DEFAULT_ROUNDS_PER_FORK) {
                assertThat(2 * RankMain.minimumSeconds(o, n)).isLessThanOrEqualTo(budget);
            }
            if (r < RankOptions.LONGEST_DEFAULT_ROUNDS_PER_FORK) {
                assertThat(2 * RankMain.minimumSeconds(o.withRoundsPerFork(r + 1), n)).isGreaterThan(budget);
            }
        }
        assertThat(three.roundsPerFork()).as("three candidates in 4 minutes: between the ends")
                .isStrictlyBetween(RankOptions.SHORTEST_DEFAULT_ROUNDS_PER_FORK, RankOptions.LONGEST_DEFAULT_ROUNDS_PER_FORK);
        RankOptions asked = RankOptions.parse(new String[] {"--variant", "a=COPY_BINARY", "--variant", "b=COPY_BINARY",
                "--rounds-per-fork", "5", "--rounds", "15"});
        assertThat(asked.roundsPerFork()).isEqualTo(5);
        assertThat(asked.maxRounds()).isEqualTo(15);
    }

    /** Method names in any case, as rate --method takes them; the candidates keep the constants' names. */
    @Test
    void methodNamesAreReadInAnyCase() {
        assertThat(RankOptions.parse(new String[] {"-p", "method=copy_binary,Batch"}).candidates())
                .extracting(Candidate::name).containsExactly("COPY_BINARY", "BATCH");
        assertThat(RankOptions.parse(new String[] {"--variant", "a=copy_binary", "--variant", "b=COPY_BINARY"})
                .candidates()).extracting(Candidate::method)
                .containsExactly(org.pgingest.load.LoadMethod.COPY_BINARY, org.pgingest.load.LoadMethod.COPY_BINARY);
    }
}
