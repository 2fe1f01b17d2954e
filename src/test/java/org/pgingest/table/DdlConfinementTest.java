package org.pgingest.table;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.ddl.SqlScript;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.TableSources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A user's DDL file on the suite's own server reaches nothing on the host: a COPY that runs a program or writes a
 * file is not applied (the run names its line), and code the file defines runs as a role that cannot, whether it runs
 * while the DDL is applied or later in a trigger of the suite's copy.
 */
class DdlConfinementTest {
    private static EmbeddedTarget server;
    private static Path directory;

    @BeforeAll
    static void start() throws IOException {
        server = EmbeddedTarget.start(TargetConfig.defaults());
        directory = Files.createTempDirectory("ddl-confinement");
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
        try (var files = Files.list(directory)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(directory);
    }

    private static String touch(String name) {
        return "'touch " + directory.resolve(name) + "'";
    }

    /** {@code ddl} resolved as the launcher does; its schema "app" is named {@code schema} (each test its own). */
    private static ResolvedTable resolve(String ddl, String schema) throws SQLException {
        try (Connection c = server.dataSource().getConnection()) {
            return TableSources.fromUserDdl(c, SqlScript.parse(ddl.replace("app.", schema + ".")
                            .replace("SCHEMA app", "SCHEMA " + schema)), QualifiedName.parse(schema + ".t"), "t",
                    "--ddl t.sql", server.schema());
        }
    }

    @Test
    void aCopyToOrFromTheHostIsNotAppliedAndItsLineIsNamed() throws SQLException {
        ResolvedTable resolved = resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "COPY app.t FROM PROGRAM " + touch("program") + ";\n"
                + "COPY app.t TO '" + directory.resolve("file") + "';\n", "app_copy");
        assertThat(directory.resolve("program")).doesNotExist();
        assertThat(directory.resolve("file")).doesNotExist();
        assertThat(resolved.skipped()).hasSize(2).allSatisfy(line -> assertThat(line).contains("COPY ... is not applied"));
        assertThat(resolved.skipped().get(0)).startsWith("line 3: ");
        assertThat(resolved.skipped().get(1)).startsWith("line 4: ");
    }

    @Test
    void codeTheFileRunsWhileItIsAppliedCannotReachTheHost() throws SQLException {
        ResolvedTable resolved = resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "CREATE FUNCTION app.f() RETURNS integer LANGUAGE plpgsql AS $$ BEGIN COPY (SELECT 1) TO PROGRAM "
                + touch("at-ddl") + "; RETURN 1; END $$;\n"
                // a partition's bound is evaluated once, as the statement runs (a query in the file is not applied)
                + "CREATE TABLE app.p (x integer) PARTITION BY LIST (x);\n"
                + "CREATE TABLE app.p1 PARTITION OF app.p FOR VALUES IN (app.f());\n"
                + "CREATE MATERIALIZED VIEW app.m AS SELECT app.f();\n", "app_ddl");
        assertThat(directory.resolve("at-ddl")).doesNotExist();
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line).startsWith("line 5: CREATE TABLE app_ddl.p1")
                .contains("permission denied to COPY to or from an external program"));
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line)
                .startsWith("line 6: CREATE MATERIALIZED VIEW ... WITH DATA ... is not applied"));
    }

    /**
     * Each statement of the file is cut off past 30 s as it is applied, and pg_dump's "no timeout" does not lift that:
     * code it runs (a partition bound's expression) could take the run's budget (an adversarial pass, 2026-12-03).
     */
    @Test
    void eachStatementOfTheFileHasATimeLimitTheFileCannotLift() throws SQLException {
        ResolvedTable resolved = resolve("SET statement_timeout = 0;\nCREATE SCHEMA app;\n"
                + "CREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "CREATE FUNCTION app.limit_now() RETURNS integer LANGUAGE plpgsql AS $$ BEGIN "
                + "RAISE EXCEPTION 'limit %', current_setting('statement_timeout'); END $$;\n"
                + "CREATE TABLE app.p (x integer) PARTITION BY LIST (x);\n"
                + "CREATE TABLE app.p1 PARTITION OF app.p FOR VALUES IN (app.limit_now());\n", "app_limit");
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line).startsWith("line 6: CREATE TABLE app_limit.p1")
                .contains("limit 30s"));
        assertThat(resolved.skipped()).as("pg_dump's own timeout line is not listed").noneMatch(l -> l.startsWith("line 1:"));
    }

    @Test
    void aRoleChangeTheFileSlipsPastTheStatementFilterIsRefusedByTheServer() throws SQLException {
        // A function the file makes switches back to the session's superuser, then runs a program: PostgreSQL refuses
        // the switch inside the security-definer function every statement runs in, whoever wrote it.
        ResolvedTable resolved = resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "CREATE FUNCTION app.escape() RETURNS integer LANGUAGE plpgsql AS $$ BEGIN "
                + "PERFORM set_config('role', session_user, true); "
                + "COPY (SELECT 1) TO PROGRAM " + touch("after-role-change") + "; RETURN 1; END $$;\n"
                + "CREATE TABLE app.p (x integer) PARTITION BY LIST (x);\n"
                + "CREATE TABLE app.e PARTITION OF app.p FOR VALUES IN (app.escape());\n"
                + "CREATE TABLE app.r PARTITION OF app.p FOR VALUES IN (length(pg_read_file('/etc/hostname')));\n",
                "app_escape");
        assertThat(directory.resolve("after-role-change")).doesNotExist();
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line).startsWith("line 5: CREATE TABLE app_escape.e")
                .contains("cannot set parameter \"role\" within security-definer function"));
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line).startsWith("line 6: CREATE TABLE app_escape.r")
                .contains("permission denied for function pg_read_file"));
    }

    @Test
    void aRoleChangeInTheFileIsNotAppliedWhateverItsSpelling() throws SQLException {
        ResolvedTable resolved = resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "SET \"role\" TO DEFAULT;\nSELECT pg_catalog.set_config('role', 'postgres', false);\n"
                + "CREATE FUNCTION app.f() RETURNS integer LANGUAGE plpgsql AS $$ BEGIN COPY (SELECT 1) TO PROGRAM "
                + touch("after-set-role") + "; RETURN 1; END $$;\n"
                + "CREATE TABLE app.p (x integer) PARTITION BY LIST (x);\n"
                + "CREATE TABLE app.p1 PARTITION OF app.p FOR VALUES IN (app.f());\n", "app_set_role");
        assertThat(directory.resolve("after-set-role")).doesNotExist();
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line).startsWith("line 3: SET ROLE ... is not applied"));
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line).startsWith("line 4: SELECT ... is not applied"));
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line).startsWith("line 7: CREATE TABLE app_set_role.p1")
                .contains("permission denied to COPY to or from an external program"));
    }

    @Test
    void aTriggerOfTheSuitesCopyRunsAsTheConfinedRole() throws SQLException {
        ResolvedTable resolved = resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "CREATE FUNCTION app.trg() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN COPY (SELECT 1) TO PROGRAM "
                + touch("in-trigger") + "; RETURN NEW; END $$;\n"
                + "CREATE TRIGGER t_touch BEFORE INSERT ON app.t FOR EACH ROW EXECUTE FUNCTION app.trg();\n", "app_trigger");
        assertThat(resolved.triggers()).isTrue();
        try (Connection c = server.dataSource().getConnection()) {
            // The launcher's check on its own server: the DDL applied and committed, a sample inserted (the trigger fires).
            assertThatThrownBy(() -> TableCheck.run(c, new SuiteSchema(server.schema()), resolved, true, 1))
                    .hasMessageContaining("pg_execute_server_program");
        }
        assertThat(directory.resolve("in-trigger")).doesNotExist();
    }

    /**
     * Found by an adversarial pass (2026-12-02): a trigger function of the file, which the file's role owns, made itself
     * SECURITY INVOKER on its first call, so that every later call ran as the benchmark's superuser session and ran a
     * program on the host for each row.
     */
    @Test
    void aFunctionOfTheFileCannotUndoItsOwnConfinement() throws SQLException {
        ResolvedTable resolved = resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "CREATE FUNCTION app.trg() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN EXECUTE 'COPY (SELECT 1) TO PROGRAM "
                + touch("self-altered").replace("'", "''") + "'; ELSE ALTER FUNCTION app.trg() SECURITY INVOKER; "
                + "END IF; RETURN NEW; END $$;\n"
                + "CREATE TRIGGER t_self BEFORE INSERT ON app.t FOR EACH ROW EXECUTE FUNCTION app.trg();\n", "app_self");
        try (Connection c = server.dataSource().getConnection()) {
            assertThatThrownBy(() -> TableCheck.run(c, new SuiteSchema(server.schema()), resolved, true, 1))
                    .hasMessageContaining("ALTER FUNCTION by role pgib_ddl after its DDL file was applied");
            try (var st = c.createStatement(); var rs = st.executeQuery("SELECT prosecdef FROM pg_proc "
                    + "WHERE oid = 'app_self.trg()'::regprocedure")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBoolean(1)).as("still SECURITY DEFINER").isTrue();
            }
        }
        assertThat(directory.resolve("self-altered")).doesNotExist();
        try (Connection c = server.dataSource().getConnection(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT evtenabled FROM pg_event_trigger WHERE evtname = 'pgib_ddl_confine'")) {
            assertThat(rs.next()).isTrue();
            // fires under session_replication_role = replica too, which silenced it in a second adversarial pass
            assertThat(rs.getString(1)).isEqualTo("A");
        }
    }

    /** A view of the file's that calls a built-in beyond the role is refused like a CHECK that does (superusers read views). */
    @Test
    void aViewCallingAFunctionBeyondTheRoleIsRefused() {
        assertThatThrownBy(() -> resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "CREATE VIEW app.pgib_staged_input AS SELECT id FROM app.t WHERE pg_read_file('/etc/hostname') IS NOT NULL;\n",
                "app_view")).isInstanceOf(DefinitionException.class).hasMessageContaining("calls pg_read_file(text)");
    }

    /**
     * Found by an adversarial pass (2026-12-02): the file's search_path outlived it, and the query that makes its
     * functions SECURITY DEFINER, run as the superuser, took the file's = for oids before pg_catalog's; that operator's
     * function, not yet SECURITY DEFINER, ran a program on the host.
     */
    @Test
    void anOperatorOfTheFileAheadOfPgCatalogIsNotRunByTheSuperuser() throws SQLException {
        resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY);\n"
                + "CREATE FUNCTION app.evil_eq(a oid, b oid) RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN "
                + "IF pg_catalog.current_setting('is_superuser')::boolean THEN EXECUTE 'COPY (SELECT 1) TO PROGRAM "
                + touch("operator").replace("'", "''") + "'; END IF; RETURN a OPERATOR(pg_catalog.=) b; END $$;\n"
                + "CREATE OPERATOR app.= (LEFTARG = oid, RIGHTARG = oid, FUNCTION = app.evil_eq);\n"
                + "SET search_path = app_operator, pg_catalog;\n", "app_operator");
        assertThat(directory.resolve("operator")).doesNotExist();
    }

    /**
     * The benchmarks' sessions are superusers, and a built-in a CHECK calls runs as them, not as the file's role: one
     * that reads the host's files, or runs a query given as text, is refused in one line naming the constraint.
     */
    @Test
    void aTableWhoseExpressionsCallAFunctionBeyondTheRoleIsRefused() {
        assertThatThrownBy(() -> resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY, v text CHECK "
                + "(v IS NULL OR pg_read_file('/etc/hostname') IS NOT NULL));\n", "app_read_file"))
                .isInstanceOf(DefinitionException.class)
                .hasMessageStartingWith("--ddl t.sql: constraint t_v_check on table app_read_file.t calls "
                        + "pg_read_file(text): the benchmarks run a table's expressions as a superuser");
        // a temporary view of the file's named like a catalog the superuser reads, which wrote a host file as it was
        // read and hid lo_export from the check (an adversarial pass, 2026-12-02), is gone before anything reads it
        assertThatThrownBy(() -> resolve("CREATE SCHEMA app;\nCREATE TABLE app.lo AS SELECT pg_catalog.lo_from_bytea(0, "
                + "pg_catalog.convert_to('x', 'UTF8')) AS l;\n"
                + "CREATE TABLE app.t (id integer PRIMARY KEY, v text CHECK (pg_catalog.lo_export(1, '" + directory.resolve("check")
                + "') = 1));\nCREATE TEMP VIEW pg_proc AS SELECT p.oid, p.pronamespace, p.proname FROM pg_catalog.pg_proc p "
                + "WHERE p.proname <> 'lo_export';\nCREATE TEMP VIEW pg_operator AS SELECT o.oid, o.oprcode FROM "
                + "pg_catalog.pg_operator o UNION ALL SELECT s.x::oid, 0::regproc FROM (SELECT pg_catalog.lo_export("
                + "(SELECT max(l) FROM app.lo), '" + directory.resolve("view") + "') AS x) s WHERE s.x < 0;\n", "app_temp_view"))
                .isInstanceOf(DefinitionException.class).hasMessageContaining("calls lo_export(oid,text)");
        assertThat(directory.resolve("view")).doesNotExist();
        assertThat(directory.resolve("check")).doesNotExist();
        // a temporary table of the file's named like the catalog the check reads does not answer for it
        assertThatThrownBy(() -> resolve("CREATE SCHEMA app;\nCREATE TEMP TABLE pg_constraint (conbin text, oid oid);\n"
                + "CREATE TABLE app.t (id integer PRIMARY KEY, v text CHECK (v IS NULL OR pg_read_file('/etc/hostname') "
                + "IS NOT NULL));\n", "app_temp_catalog"))
                .isInstanceOf(DefinitionException.class).hasMessageContaining("calls pg_read_file(text)");
        assertThatThrownBy(() -> resolve("CREATE SCHEMA app;\nCREATE TABLE app.t (id integer PRIMARY KEY, v text DEFAULT "
                + "query_to_xml('SELECT 1', true, true, '')::text);\n", "app_query"))
                .isInstanceOf(DefinitionException.class)
                .hasMessageContaining("calls query_to_xml(text,boolean,boolean,text)");
    }
}
