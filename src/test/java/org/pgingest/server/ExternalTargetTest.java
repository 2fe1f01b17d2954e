package org.pgingest.server;

import org.pgingest.workload.SchemaRefusedException;
import org.pgingest.workload.SuiteSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The external target, pointed at a server this test started (password logins required). */
class ExternalTargetTest {
    private static EmbeddedTarget server;

    @BeforeAll
    static void startServer() throws SQLException {
        server = TestServers.withPasswordLogins();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    private static TargetConfig config(String schema) {
        return TestServers.externalConfig(server, TestServers.APP_PASSWORD).withSchema(schema);
    }

    @Test
    void connectsReadsSettingsAndWorksInItsOwnSchema() throws SQLException {
        try (PostgresTarget target = PostgresTarget.open(config("suite_ok"))) {
            assertThat(target.kind()).isEqualTo(TargetKind.EXTERNAL);
            ServerFacts facts = target.facts();
            assertThat(facts.settings()).containsEntry("fsync", "on").containsEntry("synchronous_commit", "on");
            assertThat(facts.endpoint()).isEqualTo(TestServers.APP_USER + "@localhost:" + server.endpoint().port() + "/bench");
            assertThat(facts.toMap().toString()).doesNotContain(TestServers.APP_PASSWORD);
            try (Connection c = target.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT current_user, current_schema()")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo(TestServers.APP_USER);
                assertThat(rs.getString(2)).isEqualTo("suite_ok");
            }
        }
        // A second run finds its own schema and accepts it.
        try (PostgresTarget again = PostgresTarget.open(config("suite_ok"))) {
            assertThat(again.schema()).isEqualTo("suite_ok");
        }
    }

    @Test
    void settingsThatDifferFromTheFileAreReportedNotChanged() throws SQLException {
        try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("ALTER ROLE " + TestServers.APP_USER + " SET synchronous_commit = off");
        }
        try (PostgresTarget target = PostgresTarget.open(config("suite_diff"))) {
            ServerFacts facts = target.facts();
            assertThat(facts.settings()).containsEntry("synchronous_commit", "off");
            assertThat(facts.differences()).containsKey("synchronous_commit");
            assertThat(facts.warnings()).anySatisfy(w -> assertThat(w).contains("synchronous_commit=off"));
        } finally {
            try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("ALTER ROLE " + TestServers.APP_USER + " RESET synchronous_commit");
            }
        }
    }

    /**
     * The database's own event triggers fire on the suite's DDL in its schema and may write elsewhere (a DDL audit
     * table): the facts name those enabled for the suite's sessions and leave them be; a disabled one is not named.
     */
    @Test
    void eventTriggersThatFireOnTheSuitesDdlAreNamed() throws SQLException {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE public.ddl_audit (tag text)");
            // SECURITY DEFINER, as an audit trigger is: the suite's role may not write the audit table itself.
            st.execute("CREATE FUNCTION public.audit_ddl() RETURNS event_trigger LANGUAGE plpgsql SECURITY DEFINER AS "
                    + "$$ BEGIN INSERT INTO public.ddl_audit VALUES (tg_tag); END $$");
            st.execute("CREATE EVENT TRIGGER audit_ddl ON ddl_command_end EXECUTE FUNCTION public.audit_ddl()");
            st.execute("CREATE EVENT TRIGGER audit_off ON sql_drop EXECUTE FUNCTION public.audit_ddl()");
            st.execute("ALTER EVENT TRIGGER audit_off DISABLE");
        }
        try (PostgresTarget target = PostgresTarget.open(config("suite_evt"))) {
            ServerFacts facts = target.facts();
            assertThat(facts.eventTriggers()).containsExactly("audit_ddl on ddl_command_end");
            assertThat(facts.warnings()).anySatisfy(w -> assertThat(w).startsWith("Event triggers of this database "
                    + "fire on the suite's DDL").contains("audit_ddl on ddl_command_end").doesNotContain("audit_off"));
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT count(*) FROM public.ddl_audit")) {
                rs.next();
                assertThat(rs.getLong(1)).as("it fired on the suite's schema, as the warning says").isPositive();
            }
        } finally {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("DROP EVENT TRIGGER audit_ddl");
                st.execute("DROP EVENT TRIGGER audit_off");
                st.execute("DROP FUNCTION public.audit_ddl()");
                st.execute("DROP TABLE public.ddl_audit");
            }
        }
    }

    @Test
    void refusesASchemaItDidNotCreateAndTouchesNothingInIt() throws SQLException {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA someone_elses");
            st.execute("CREATE TABLE someone_elses.orders (id int)");
            st.execute("INSERT INTO someone_elses.orders VALUES (1), (2)");
        }
        assertThatThrownBy(() -> PostgresTarget.open(config("someone_elses")))
                .isInstanceOf(TargetException.class)
                .hasMessage("schema 'someone_elses' exists but was not created by pg-ingest-bench; the suite will not "
                        + "touch it: choose another schema with -Dpg.schema=NAME or PGIB_SCHEMA");
        assertThat(countRows("someone_elses.orders")).isEqualTo(2);
    }

    /**
     * The schema and its marker are made together: when the marker cannot be written (here an event trigger of this
     * test's own refuses every COMMENT; in CI a server that restarted between the two), no unmarked schema is left
     * for every later run to refuse as someone else's.
     */
    @Test
    void aSchemaWhoseMarkerCannotBeWrittenIsNotLeftBehind() throws SQLException {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE FUNCTION public.refuse_comments() RETURNS event_trigger LANGUAGE plpgsql "
                    + "AS $$ BEGIN RAISE EXCEPTION 'no comments on this server'; END $$");
            st.execute("CREATE EVENT TRIGGER refuse_comments ON ddl_command_end WHEN TAG IN ('COMMENT') "
                    + "EXECUTE FUNCTION public.refuse_comments()");
        }
        try {
            assertThatThrownBy(() -> PostgresTarget.open(config("suite_unmarked"))).hasStackTraceContaining(
                    "no comments on this server");
            try (Connection c = server.dataSource().getConnection()) {
                assertThat(new SuiteSchema("suite_unmarked").exists(c)).isFalse();
            }
        } finally {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("DROP EVENT TRIGGER refuse_comments");
                st.execute("DROP FUNCTION public.refuse_comments()");
            }
        }
        try (PostgresTarget target = PostgresTarget.open(config("suite_unmarked"))) {
            assertThat(target.schema()).isEqualTo("suite_unmarked");
        }
    }

    /** A role that may not create the suite's schema, or use one an earlier run left: the privilege and its GRANT. */
    @Test
    void aMissingPrivilegeIsNamedWithTheGrantThatGivesIt() throws SQLException {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE ROLE reader LOGIN PASSWORD 'Reader-pw-1'");
            st.execute("CREATE SCHEMA suite_other_role");
            st.execute("COMMENT ON SCHEMA suite_other_role IS '" + SuiteSchema.MARKER + "'");
        }
        TargetConfig reader = TargetConfig.defaults().withExternal(server.endpoint().jdbcUrl(), "reader",
                Secret.of("Reader-pw-1"));
        assertThatThrownBy(() -> PostgresTarget.open(reader.withSchema("suite_new")))
                .isInstanceOf(TargetException.class)
                .hasMessage("role reader may not create schema 'suite_new' (it lacks CREATE on database bench): GRANT "
                        + "CREATE ON DATABASE \"bench\" TO \"reader\", or name a schema of the suite's that it may use with "
                        + "-Dpg.schema=NAME");
        assertThatThrownBy(() -> PostgresTarget.open(config("suite_other_role")))
                .isInstanceOf(TargetException.class)
                .hasMessage("role bench_app may not use schema 'suite_other_role' (it lacks USAGE and CREATE on it; an "
                        + "earlier run made it as another role): GRANT USAGE, CREATE ON SCHEMA \"suite_other_role\" "
                        + "TO \"bench_app\", drop it (DROP SCHEMA \"suite_other_role\" CASCADE, as its owner), or choose another "
                        + "schema with -Dpg.schema=NAME");
    }

    @Test
    void refusesItsOwnSchemaOnceSomethingForeignIsInIt() throws SQLException {
        try (PostgresTarget target = PostgresTarget.open(config("suite_mixed"))) {
            try (Connection c = target.dataSource().getConnection()) {
                new SuiteSchema("suite_mixed").recreateTable(c, "ours", "(id bigserial primary key, v text)", false);
            }
        }
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE suite_mixed.theirs (id int)");
            st.execute("INSERT INTO suite_mixed.theirs VALUES (7)");
        }
        assertThatThrownBy(() -> PostgresTarget.open(config("suite_mixed")))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("schema 'suite_mixed' holds objects pg-ingest-bench did not create (table theirs)");
        try (Connection c = server.dataSource().getConnection()) {
            assertThatThrownBy(() -> new SuiteSchema("suite_mixed").dropTable(c, "theirs"))
                    .isInstanceOf(SchemaRefusedException.class)
                    .hasMessage("table suite_mixed.theirs was not created by pg-ingest-bench; the suite will not drop it");
        }
        assertThat(countRows("suite_mixed.theirs")).isEqualTo(1);
    }

    @Test
    void dropsItsOwnKeysButRefusesToDropAUsersObjectsThatDependOnItsTable() throws SQLException {
        SuiteSchema schema = new SuiteSchema("suite_deps");
        try (PostgresTarget target = PostgresTarget.open(config("suite_deps"));
             Connection c = target.dataSource().getConnection()) {
            schema.recreateTable(c, "parent", "(id int primary key)", false);
            schema.recreateTable(c, "child", "(id int primary key, parent_id int REFERENCES suite_deps.parent)", false);
            try (Connection owner = server.dataSource().getConnection(); Statement st = owner.createStatement()) {
                st.execute("CREATE VIEW public.their_view AS SELECT id FROM suite_deps.child");
                st.execute("CREATE TABLE public.their_orders (child_id int CONSTRAINT their_key REFERENCES suite_deps.child)");
            }
            // the suite's own foreign key goes with the table it references; the referencing table stays
            schema.dropTable(c, "parent");
            assertThat(countRows("pg_class WHERE relname = 'parent' AND relnamespace = 'suite_deps'::regnamespace"))
                    .isZero();
            assertThat(countRows("pg_constraint WHERE conrelid = 'suite_deps.child'::regclass AND contype = 'f'"))
                    .isZero();
            // CASCADE would have dropped the user's view and foreign key outside the schema
            assertThatThrownBy(() -> schema.dropTable(c, "child"))
                    .isInstanceOf(SchemaRefusedException.class)
                    .hasMessageStartingWith("table suite_deps.child was not dropped: objects the suite did not create "
                            + "depend on it (")
                    .hasMessageContaining("their_view")
                    .hasMessageContaining("their_key")
                    .hasMessageEndingWith("); the suite drops nothing of yours: drop them or choose another schema "
                            + "with -Dpg.schema=NAME");
            assertThat(countRows("public.their_view")).isZero();
            assertThat(countRows("pg_constraint WHERE conname = 'their_key'")).isEqualTo(1);
        } finally {
            try (Connection owner = server.dataSource().getConnection(); Statement st = owner.createStatement()) {
                st.execute("DROP VIEW IF EXISTS public.their_view");
                st.execute("DROP TABLE IF EXISTS public.their_orders");
            }
        }
    }

    @Test
    void badCredentialsNameTheUserButNeverThePassword() {
        String wrong = "Wr0ng-Password-123";
        assertThatThrownBy(() -> PostgresTarget.open(TestServers.externalConfig(server, wrong)))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("authentication failed for user 'bench_app' at localhost:" + server.endpoint().port())
                .hasMessageEndingWith("check PGIB_JDBC_URL, PGIB_USER and PGIB_PASSWORD")
                .satisfies(e -> assertThat(allMessages(e)).doesNotContain(wrong));
    }

    @Test
    void aClosedPortIsReportedWithHostAndPortAndTheRefusal() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        assertUnreachableReported(port, "Connection to 127.0.0.1:" + port + " refused");
    }

    @Test
    void aServerThatNeverAnswersIsReportedWithHostAndPortAtTheLoginTimeout() throws Exception {
        List<Socket> accepted = new ArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(silent.accept());
                    }
                } catch (IOException closed) {
                    // the test closed the socket: stop accepting
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            // pgjdbc's login timeout ends the wait, or, first on a busy machine, its connect timeout on the socket's
            // first read: either is the driver's own cause, seconds rather than the TCP timeout's minutes
            assertUnreachableReported(silent.getLocalPort(), "Connection attempt timed out", "The connection attempt failed");
        } finally {
            for (Socket s : accepted) {
                s.close();
            }
        }
    }

    /**
     * The driver's own cause is in the line: a refused connection, or the login timeout the suite sets
     * ({@code DataSources}) ending a wait on a server that never answers, rather than the operating system's TCP
     * timeout minutes later.
     */
    private static void assertUnreachableReported(int port, String... driverCauses) {
        TargetConfig config = TargetConfig.defaults().withExternal("jdbc:postgresql://127.0.0.1:" + port + "/bench",
                "someone", Secret.of("Unreachable-Pa55"));
        assertThatThrownBy(() -> PostgresTarget.open(config))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("cannot reach PostgreSQL at 127.0.0.1:" + port)
                .satisfies(e -> assertThat(e.getMessage()).containsAnyOf(driverCauses))
                .satisfies(e -> assertThat(allMessages(e)).doesNotContain("Unreachable-Pa55"));
    }

    @Test
    void missingUrlAndBadUrlAreOneLineEach() {
        assertThatThrownBy(() -> PostgresTarget.open(TargetConfig.defaults().withKind(TargetKind.EXTERNAL)))
                .isInstanceOf(TargetException.class)
                .hasMessage("the external target needs the server's JDBC URL (-Dpg.url or PGIB_JDBC_URL, e.g. "
                        + "jdbc:postgresql://host:5432/db), a user (-Dpg.user or PGIB_USER) and PGIB_PASSWORD in the environment");
        assertThatThrownBy(() -> PostgresTarget.open(TargetConfig.defaults().withExternal("jdbc:mysql://x/y", "u", Secret.none())))
                .isInstanceOf(TargetException.class)
                .hasMessage("the JDBC URL (-Dpg.url or PGIB_JDBC_URL) is not a PostgreSQL JDBC URL pgjdbc reads: expected "
                        + "jdbc:postgresql://host:port/database");
        // Found by the adversarial pass: pgjdbc logged two warning lines of its own before this one.
        assertThatThrownBy(() -> PostgresTarget.open(TargetConfig.defaults().withExternal("jdbc:postgresql://localhost:99999/db",
                "u", Secret.none()))).isInstanceOf(TargetException.class)
                .hasMessage("the JDBC URL's port 99999 is not a TCP port (1 to 65535)");
    }

    @Test
    void aPasswordInTheUrlIsRefusedWithoutBeingRepeated() {
        TargetConfig config = TargetConfig.defaults().withExternal(
                "jdbc:postgresql://localhost:" + server.endpoint().port() + "/bench?password=InUrl-Secret-9", "u", Secret.none());
        assertThatThrownBy(() -> PostgresTarget.open(config))
                .isInstanceOf(TargetException.class)
                .hasMessage("the JDBC URL carries the option password: a URL reaches every JMH fork's command line, which "
                        + "JMH prints and records in its JSON; remove it, and give the user with -Dpg.user or PGIB_USER and "
                        + "the password with PGIB_PASSWORD (the suite reads no other secret)");
    }

    private static String allMessages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            sb.append(t).append('\n');
        }
        return sb.toString();
    }

    private static long countRows(String table) throws SQLException {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
