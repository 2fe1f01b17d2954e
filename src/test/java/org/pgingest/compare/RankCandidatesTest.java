package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.pgingest.cli.UsageException;
import org.pgingest.load.LoadMethod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every method, on parameters one of them cannot run with: that one is not ranked, with the launcher's reason; named
 * with -p method, it is refused. A new user's table ranking with -p existingRows=200000 was refused whole, for a
 * COPY_FREEZE they had not asked for (2026-12-03).
 */
class RankCandidatesTest {
    @Test
    void aMethodTheParametersRuleOutIsNotRankedUnlessNamed() {
        RankOptions every = RankOptions.parse(new String[] {"-p", "existingRows=200000"});
        assertThat(every.ruledOut()).containsOnlyKeys(LoadMethod.COPY_FREEZE);
        assertThat(every.ruledOut().get(LoadMethod.COPY_FREEZE)).contains("replaces the table's contents on every call");
        assertThat(RankOptions.parse(new String[0]).ruledOut()).isEmpty();
        assertThatThrownBy(() -> RankOptions.parse(new String[] {"-p", "method=COPY_FREEZE,BATCH", "-p",
                "existingRows=200000"})).isInstanceOf(UsageException.class).hasMessageContaining("COPY_FREEZE");
    }
}
