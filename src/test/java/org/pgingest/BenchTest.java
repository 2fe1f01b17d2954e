package org.pgingest;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which command line ./bench ranks (a user's table without JMH's run options) and which it hands to JMH. */
class BenchTest {
    @Test
    void aTableWithoutJmhRunOptionsIsRanked() {
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders"))).isTrue();
        // options without a value take none: what follows them is the next option
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders", "--no-report", "--json", "v.json",
                "--seed", "7"))).isTrue();
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--drop-foreign-keys", "--table", "orders", "--seed", "7")))
                .isTrue();
        assertThat(Bench.ranks(List.of("-Dpg.version=16", "--ddl", "s.sql", "--table", "orders", "-p", "rows=500",
                "--budget", "5m"))).isTrue();
    }

    @Test
    void jmhRunOptionsOrABenchmarkNameAskForSeparateTrials() {
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders", "-i", "3"))).isFalse();
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders", "Encoder"))).isFalse();
        assertThat(Bench.ranks(List.of("--ddl", "s.sql", "--table", "orders", "-t", "2"))).isFalse();
        assertThat(Bench.ranks(List.of("Ingest", "-p", "method=BATCH"))).isFalse();
        assertThat(Bench.ranks(List.of("--preset", "quick"))).isFalse();
    }
}
