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
        assertThat(RankMain.asked(defaults)).hasSize(LoadMethod.values().length);
        assertThat(RankMain.minimumSeconds(defaults, LoadMethod.values().length))
                .isLessThanOrEqualTo(RankOptions.DEFAULT_BUDGET.toSeconds());
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
}
