package org.pgingest.cli;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgingest.cli.BenchMainTest.assertRefused;
import static org.pgingest.cli.BenchMainTest.launch;

/**
 * Input that used to reach a fork and fail there with a stack trace, exit code 1 (issue 19, item 12): refused by
 * the launcher in one line, exit code 2, nothing started.
 */
class ForkInputRefusalsTest {

    @Test
    void aVersionWithoutBinariesIsRefusedBeforeAnyFork() throws Exception {
        var o = launch(Map.of(), "-Dpg.version=17.99.0", "Ingest", "-p", "method=BATCH");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.stderr()).startsWith("pg-ingest-bench: PostgreSQL 17.99.0 binaries not found (looked in ")
                .hasLineCount(1);
        assertThat(o.stdout()).isEmpty();
    }

    @Test
    void moreRowsPerCallThanMemoryHoldsAreRefused() throws Exception {
        assertRefused(launch(Map.of(), "Ingest", "-p", "method=BATCH", "-p", "rows=2147483647"),
                "-p rows=2147483647: use a whole number from 1 to 10,000,000 (rows per call of the loader, generated in memory before it)");
    }

    @Test
    void aNegativeRoundTripIsRefused() throws Exception {
        assertRefused(launch(Map.of(), "Latency", "-p", "rttMs=-1"),
                "-p rttMs=-1: use a number from 0 to 1000 (milliseconds added to every round trip, 0 = none)");
    }

    @Test
    void noWritersIsRefused() throws Exception {
        assertRefused(launch(Map.of(), "Writers", "-p", "workers=0"),
                "-p workers=0: use a whole number of 1 or more (concurrent writers, one connection each)");
    }

    @Test
    void enumParametersDeclaredBesideTheBenchmarksAreChecked() throws Exception {
        assertRefused(launch(Map.of(), "Planning", "-p", "prepare=SOMETIMES"),
                "-p prepare=SOMETIMES: no such prepare; valid: UNPREPARED, SERVER_PREPARED");
        assertRefused(launch(Map.of(), "Writers", "-p", "connections=pooled"),
                "-p connections=pooled: no such connections; valid: POOLED, NEW_PER_CALL");
        assertRefused(launch(Map.of(), "Encoder", "-p", "format=JSON"),
                "-p format=JSON: no such format; valid: " + String.join(", ",
                        java.util.Arrays.stream(org.pgingest.load.CopyFormat.values()).map(Enum::name).toList()));
    }

    @Test
    void aServerThatRefusesItsConnectionSettingsSaysWhyInItsOwnWords() throws Exception {
        var o = launch(Map.of(), "-Dpg.conf.max_connections=1", "Ingest", "-p", "method=BATCH");
        // PostgreSQL checks this before its logging starts and writes it to stderr as "postgres: ..." (postmaster.c).
        assertRefused(o, "PostgreSQL " + org.pgingest.server.PgVersions.buildDefault() + " refused to start: FATAL: "
                + "\"superuser_reserved_connections\" (3) plus \"reserved_connections\" (0) must be less than \"max_connections\" (1)");
    }

    /** Found by the adversarial pass: the connection budget read the value before the server did, and threw. */
    @Test
    void aMaxConnectionsThatIsNoNumberIsTheServersComplaint() throws Exception {
        assertRefused(launch(Map.of(), "-Dpg.conf.max_connections=abc", "Ingest", "-p", "method=BATCH"),
                "PostgreSQL " + org.pgingest.server.PgVersions.buildDefault() + " refused to start: FATAL: invalid value "
                        + "for parameter \"max_connections\": \"abc\"");
    }
}
