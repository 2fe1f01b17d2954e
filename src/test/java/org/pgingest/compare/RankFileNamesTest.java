package org.pgingest.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The default verdict files of a narrowed ranking are its own: a new user's ranking of two methods, as an open
 * verdict advised, replaced the full ranking's target/rank-TABLE.json and .md (2026-12-03).
 */
class RankFileNamesTest {
    private static String suffix(String... args) {
        return RankOptions.parse(args).fileSuffix();
    }

    @Test
    void whatARankingChoseIsInItsFileNames() {
        assertThat(suffix()).isEmpty();
        assertThat(RankOptions.parse(RankMain.quickArgs(List.of("--seed", "7"))).fileSuffix()).as("./bench").isEmpty();
        assertThat(suffix("--budget", "3m", "--seed", "7")).as("tuning alone").isEmpty();
        assertThat(suffix("-p", "method=COPY_BINARY,COPY_TEXT")).isEqualTo("-method_COPY_BINARY+COPY_TEXT");
        assertThat(suffix("--variant", "a=BATCH", "--variant", "b=BATCH,batchSize=10")).isEqualTo("-variant_a+b");
        assertThat(suffix("-p", "method=COPY_BINARY,MULTI_ROW_VALUES", "-p", "rows=5000", "-p", "existingRows=200000"))
                .isEqualTo("-method_COPY_BINARY+MULTI_ROW_VALUES-rows_5000-existingRows_200000");
        assertThat(suffix("-p", "shape=SENSORS")).as("the shape is the label already").isEmpty();
    }
}
