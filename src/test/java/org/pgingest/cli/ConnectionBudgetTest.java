package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TestServers;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgingest.cli.BenchMainTest.assertRefused;
import static org.pgingest.cli.BenchMainTest.launch;

/**
 * More connections than the server takes (issue 19, item 3): one line before any fork, saying what fits, instead
 * of a silent hang (-t 250) or "too many clients" after half a minute (Writers -p workers=300).
 */
class ConnectionBudgetTest {

    @Test
    void moreThreadsThanTheEmbeddedServerTakesAreRefused() throws Exception {
        assertRefused(launch(Map.of(), "Ingest", "-p", "method=BATCH", "-p", "rows=5", "-t", "250"),
                "-t 250 needs 252 connections at once (250 clients + 2 for the suite's counters and checks); the server takes "
                        + "200 (max_connections 200, none in use): use -t 198 or fewer, or raise it with -Dpg.conf.max_connections=252");
    }

    @Test
    void moreWritersThanTheServerTakesAreRefused() throws Exception {
        assertRefused(launch(Map.of(), "Writers", "-p", "workers=1,300"),
                "-p workers=300 needs 302 connections at once (300 clients + 2 for the suite's counters and checks); the server "
                        + "takes 200 (max_connections 200, none in use): use -p workers=198 or fewer, or raise it with "
                        + "-Dpg.conf.max_connections=302");
        // Found by the adversarial pass: 2147483647 + the suite's 2 wrapped round to a negative count that "fit".
        assertRefused(launch(Map.of(), "Writers", "-p", "workers=2147483647"),
                "-p workers=2147483647 needs 2147483649 connections at once (2147483647 clients + 2 for the suite's counters "
                        + "and checks); the server takes 200 (max_connections 200, none in use): use -p workers=198 or fewer "
                        + "(no server takes 2147483649: max_connections is at most 262143)");
        // With settings overridden the launcher starts the server once to hear its word on them (its log line comes
        // first), then refuses.
        var o = launch(Map.of(), "-Dpg.conf.max_connections=20", "Writers", "-p", "workers=19");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.stderr().lines().filter(l -> l.startsWith("pg-ingest-bench: ")).toList()).containsExactly(
                "pg-ingest-bench: -p workers=19 needs 21 connections at once (19 clients + 2 for the suite's counters and checks); "
                        + "the server takes 20 (max_connections 20, none in use): use -p workers=18 or fewer, or raise it with "
                        + "-Dpg.conf.max_connections=21");
        assertThat(o.stdout()).isEmpty();
    }

    /**
     * On an external server the role's share counts: max_connections less the superusers' reserved slots (the role is
     * no superuser) less the sessions already open.
     */
    @Test
    void onAnExternalServerReservedSlotsAndOpenSessionsCount() throws Exception {
        EmbeddedTarget server = TestServers.withPasswordLogins();
        List<Connection> held = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                held.add(server.monitorDataSource().getConnection());
            }
            int max;
            int reserved;
            int open;
            try (Statement st = held.get(0).createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT current_setting('max_connections')::int, current_setting('superuser_reserved_connections')::int "
                            + "+ current_setting('reserved_connections')::int, "
                            + "(SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int")) {
                rs.next();
                max = rs.getInt(1);
                reserved = rs.getInt(2);
                open = rs.getInt(3);
            }
            int threads = max - reserved - open;
            var o = launch(Map.of("PGIB_JDBC_URL", server.endpoint().jdbcUrl(), "PGIB_USER", TestServers.APP_USER,
                            "PGIB_PASSWORD", TestServers.APP_PASSWORD), "-Dpg.target=external", "-Dpg.schema=budget",
                    "Ingest", "-p", "method=BATCH", "-t", Integer.toString(threads));
            assertThat(o.exit()).as(o.stderr()).isEqualTo(2);
            assertThat(o.stdout()).isEmpty();
            List<String> lines = o.stderr().lines().filter(l -> l.startsWith("pg-ingest-bench: ")).toList();
            assertThat(lines).hasSize(1);
            // The launcher's own check connections have just closed: a backend still exiting may count once more. The
            // session holding the run's schema (SchemaLock) is open, and in use.
            Matcher m = Pattern.compile("pg-ingest-bench: -t " + threads + " needs " + (threads + 2) + " connections at once \\("
                    + threads + " clients \\+ 2 for the suite's counters and checks\\); the server takes (\\d+) \\(max_connections "
                    + max + ", " + reserved + " reserved for other roles, (\\d+) in use\\): use -t (\\d+) or fewer, or close "
                    + "other sessions or raise max_connections on the server \\(a restart\\)").matcher(lines.get(0));
            assertThat(m.matches()).as(lines.get(0)).isTrue();
            int inUse = Integer.parseInt(m.group(2));
            assertThat(inUse).isBetween(open + 1, open + 2);
            assertThat(Integer.parseInt(m.group(1))).isEqualTo(max - reserved - inUse);
            assertThat(Integer.parseInt(m.group(3))).isEqualTo(max - reserved - inUse - 2);
        } finally {
            for (Connection c : held) {
                c.close();
            }
            server.close();
        }
    }
}
