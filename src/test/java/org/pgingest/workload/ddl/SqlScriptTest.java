package org.pgingest.workload.ddl;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The splitter against the constructs pg_dump writes, each holding a semicolon that ends nothing. */
class SqlScriptTest {

    private static List<String> sql(String script) {
        return SqlScript.parse(script).statements().stream().map(SqlScript.Statement::sql).toList();
    }

    @Test
    void semicolonsInsideLiteralsQuotedNamesCommentsAndBodiesEndNothing() {
        String script = """
                CREATE TABLE "semi;colon" (a text DEFAULT 'x;y', b text DEFAULT 'it''s; fine');
                -- a comment; with a semicolon
                CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  NEW.a := 'x;'; -- inner;
                  RETURN NEW;
                END $$;
                /* block; /* nested; */ still comment; */ SELECT 1;
                CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $body$ SELECT 'a;' || $$b;$$ $body$;
                SELECT E'back\\'slash;quote', 'plain\\';
                CREATE RULE r AS ON INSERT TO t DO ALSO (INSERT INTO u VALUES (1); INSERT INTO u VALUES (2));
                SELECT $1, a$b FROM t
                """;
        List<String> statements = sql(script);
        assertThat(statements).hasSize(7);
        assertThat(statements.get(0)).isEqualTo("CREATE TABLE \"semi;colon\" (a text DEFAULT 'x;y', b text DEFAULT 'it''s; fine')");
        assertThat(statements.get(1)).startsWith("CREATE FUNCTION f()").endsWith("END $$").contains("NEW.a := 'x;';");
        assertThat(statements.get(2)).isEqualTo("SELECT 1");
        assertThat(statements.get(3)).endsWith("$body$ SELECT 'a;' || $$b;$$ $body$");
        assertThat(statements.get(4)).isEqualTo("SELECT E'back\\'slash;quote', 'plain\\'");
        assertThat(statements.get(5)).endsWith("(INSERT INTO u VALUES (1); INSERT INTO u VALUES (2))");
        assertThat(statements.get(6)).isEqualTo("SELECT $1, a$b FROM t");
    }

    @Test
    void psqlMetaCommandsAndCopyDataAreSkippedWithTheirLines() {
        String script = """
                \\restrict abc123XYZ
                SET statement_timeout = 0;
                SELECT pg_catalog.set_config('search_path', '', false);

                CREATE TABLE public.t (a integer);
                COPY public.t (a) FROM stdin;
                1
                2;3
                \\.
                \\connect other
                CREATE INDEX t_a ON public.t USING btree (a);
                \\unrestrict abc123XYZ
                """;
        SqlScript parsed = SqlScript.parse(script);
        assertThat(parsed.statements()).extracting(SqlScript.Statement::sql).containsExactly(
                "SET statement_timeout = 0",
                "SELECT pg_catalog.set_config('search_path', '', false)",
                "CREATE TABLE public.t (a integer)",
                "CREATE INDEX t_a ON public.t USING btree (a)");
        assertThat(parsed.statements()).extracting(SqlScript.Statement::line).containsExactly(2, 3, 5, 11);
        assertThat(parsed.skipped()).containsExactly(
                "line 1: psql meta-command \\restrict (psql's own, not SQL)",
                "lines 6-9: COPY ... FROM stdin and its data (rows are not applied, only definitions)",
                "line 10: psql meta-command \\connect (psql's own, not SQL)",
                "line 12: psql meta-command \\unrestrict (psql's own, not SQL)");
    }

    @Test
    void binaryAndNonUtf8FilesAreNoScript() {
        assertThatThrownBy(() -> SqlScript.text(new byte[] {'P', 'K', 3, 4, 0, 0}))
                .hasMessage("it holds NUL bytes: a binary file, not SQL text");
        assertThatThrownBy(() -> SqlScript.text(new byte[] {'a', (byte) 0xC3, '(', 'b'}))
                .hasMessageStartingWith("it is not UTF-8 text");
        assertThat(SqlScript.text("CREATE TABLE é (a int);".getBytes(StandardCharsets.UTF_8))).isEqualTo("CREATE TABLE é (a int);");
    }

    @Test
    void aStatementWithoutItsSemicolonAtTheEndIsStillOne() {
        assertThat(sql("CREATE TABLE a (x int);\nCREATE TABLE b (y int)\n")).containsExactly(
                "CREATE TABLE a (x int)", "CREATE TABLE b (y int)");
    }

    @Test
    void onlyWhatASchemaHoldsIsKeptTheRestIsSkippedByLineWithoutItsText() {
        String script = """
                SET statement_timeout = 0;
                SELECT pg_catalog.set_config('search_path', '', false);
                CREATE TABLE public.t (a integer);
                COPY public.t FROM PROGRAM 'touch /tmp/pgib-owned';
                copy public.t to '/tmp/pgib-file';
                ALTER ROLE app PASSWORD 'Hunter2-secret';
                CREATE USER MAPPING FOR app SERVER s OPTIONS (user 'app', password 'Hunter2-secret');
                SET SESSION AUTHORIZATION postgres;
                DO $$ BEGIN PERFORM 1; END $$;
                SELECT pg_catalog.setval('public.t_seq', 42, true);
                SELECT pg_read_file('/etc/passwd');
                ALTER SYSTEM SET fsync = off;
                GRANT SELECT ON public.t TO app;
                INSERT INTO public.t VALUES (1);
                """;
        SqlScript kept = SqlScript.parse(script).schemaOnly();
        // line 1, pg_dump's "no timeout", is neither kept nor listed (the suite's own limit stands instead)
        assertThat(kept.statements()).extracting(SqlScript.Statement::line).containsExactly(2, 3, 10, 13);
        String why = " ... is not applied: a schema holds no such statement (the suite applies definitions only: CREATE, "
                + "ALTER, DROP, COMMENT, GRANT, REVOKE, SET; no COPY, no code run, nothing about roles)";
        assertThat(kept.skipped()).containsExactly("line 4: COPY" + why, "line 5: COPY" + why,
                "line 6: ALTER ROLE" + why, "line 7: CREATE USER" + why, "line 8: SET SESSION" + why, "line 9: DO" + why,
                "line 11: SELECT" + why, "line 12: ALTER SYSTEM" + why, "line 14: INSERT" + why);
        assertThat(String.join("\n", kept.skipped())).doesNotContain("Hunter2", "/tmp", "passwd");
    }

    @Test
    void everySpellingOfARoleChangeIsSkipped() {
        String script = """
                SET "role" TO DEFAULT;
                set local "Role" = postgres;
                RESET "role";
                SET session_authorization TO DEFAULT;
                SET SESSION "session_authorization" = postgres;
                SELECT pg_catalog.set_config('role', 'postgres', false);
                SELECT pg_catalog.set_config('session_authorization', 'postgres', false);
                SET role_like_setting = 1;
                SELECT pg_catalog.set_config('search_path', 'app', false);
                """;
        SqlScript kept = SqlScript.parse(script).schemaOnly();
        // line 8 is no role change, but no setting pg_dump writes either (below)
        assertThat(kept.statements()).extracting(SqlScript.Statement::line).containsExactly(9);
        assertThat(kept.skipped()).hasSize(8);
    }

    /**
     * pg_dump's own settings are applied; any other SET, a timeout other than 0 or another client_encoding is not: it
     * carried into the suite's session and failed it in the server's or the driver's words (an adversarial pass,
     * 2026-12-03: statement_timeout = 1, default_transaction_read_only = on, DateStyle).
     */
    @Test
    void onlyTheSettingsPgDumpWritesAreApplied() {
        String script = """
                SET statement_timeout = 0;
                SET lock_timeout = 0;
                SET idle_in_transaction_session_timeout = 0;
                SET transaction_timeout = 0;
                SET client_encoding = 'UTF8';
                SET standard_conforming_strings = on;
                SET check_function_bodies = false;
                SET xmloption = content;
                SET client_min_messages = warning;
                SET row_security = off;
                SET default_tablespace = '';
                SET default_table_access_method = heap;
                SET statement_timeout = 1;
                SET default_transaction_read_only = on;
                SET DateStyle = 'SQL, DMY';
                SET client_encoding = 'LATIN1';
                SET TIME ZONE 'UTC';
                SET LOCAL lock_timeout TO '1s';
                RESET statement_timeout;
                """;
        SqlScript kept = SqlScript.parse(script).schemaOnly();
        // pg_dump's timeouts at 0 and the RESET: neither applied nor listed (the suite's own limit stands instead)
        assertThat(kept.statements()).extracting(SqlScript.Statement::line)
                .containsExactly(5, 6, 7, 8, 9, 10, 11, 12);
        String why = " ... is not applied: a session setting pg_dump does not write (or a timeout other than 0, a "
                + "client_encoding other than UTF8), which would change the session the suite reads and copies the table in";
        assertThat(kept.skipped()).containsExactly("line 13: SET statement_timeout" + why,
                "line 14: SET default_transaction_read_only" + why, "line 15: SET datestyle" + why,
                "line 16: SET client_encoding" + why, "line 17: SET" + why, "line 18: SET lock_timeout" + why);
    }

    /**
     * A table's or a materialized view's definition is applied, never its rows: a query in a "DDL" file ran (an
     * adversarial pass, 2026-12-03: a pg_sleep and three million rows in 33 s of the budget).
     */
    @Test
    void aCreateThatRunsAQueryIsNotApplied() {
        String script = """
                CREATE TABLE filler AS SELECT pg_sleep(15)::text;
                CREATE UNLOGGED TABLE IF NOT EXISTS f2 (a, b) AS SELECT 1, 2;
                CREATE TABLE f3 AS EXECUTE fill;
                CREATE MATERIALIZED VIEW mv AS SELECT g FROM generate_series(1, 3000000) g;
                CREATE MATERIALIZED VIEW mv2 AS SELECT g FROM generate_series(1, 3) g WITH NO DATA;
                CREATE TABLE t (id int GENERATED ALWAYS AS (1) STORED, note text DEFAULT 'x AS SELECT');
                CREATE TYPE pair AS (a int, b int);
                CREATE VIEW v AS SELECT 1;
                """;
        SqlScript kept = SqlScript.parse(script).schemaOnly();
        assertThat(kept.statements()).extracting(SqlScript.Statement::line).containsExactly(5, 6, 7, 8);
        assertThat(kept.skipped()).extracting(l -> l.substring(0, l.indexOf(" ... "))).containsExactly(
                "line 1: CREATE TABLE", "line 2: CREATE TABLE", "line 3: CREATE TABLE",
                "line 4: CREATE MATERIALIZED VIEW");
    }

    @Test
    void aStatementsSummaryShowsNoLiteral() {
        assertThat(new SqlScript.Statement("ALTER ROLE app WITH LOGIN PASSWORD 'Hunter2-secret' VALID UNTIL 'infinity'", 1)
                .summary(200)).isEqualTo("ALTER ROLE app WITH LOGIN PASSWORD '…' VALID UNTIL '…'");
        assertThat(new SqlScript.Statement("CREATE USER MAPPING FOR app SERVER s OPTIONS (user 'app', password "
                + "'it''s-Hunter2')", 1).summary(200)).isEqualTo("CREATE USER MAPPING FOR app SERVER s OPTIONS (user '…', "
                + "password '…')");
        assertThat(new SqlScript.Statement("CREATE VIEW v AS SELECT * FROM dblink('host=h password=Hunter2', "
                + "E'select \\'x\\'')", 1).summary(200)).isEqualTo("CREATE VIEW v AS SELECT * FROM dblink('…', '…')");
        assertThat(new SqlScript.Statement("CREATE FUNCTION f() RETURNS text LANGUAGE sql AS $body$ SELECT 'Hunter2' "
                + "$body$", 1).summary(200)).isEqualTo("CREATE FUNCTION f() RETURNS text LANGUAGE sql AS $$…$$");
    }

    @Test
    void aServerMessageQuotingALiteralOfTheStatementShowsItNot() {
        SqlScript.Statement statement = new SqlScript.Statement("CREATE TABLE t (password text DEFAULT 'Hunter2'::int)", 1);
        assertThat(statement.withoutLiterals("invalid input syntax for type integer: \"Hunter2\""))
                .isEqualTo("invalid input syntax for type integer: \"…\"");
        assertThat(statement.withoutLiterals("relation \"t\" already exists")).isEqualTo("relation \"t\" already exists");
        // found by an adversarial pass (2026-12-02): a value the server echoes from within a function body's string
        SqlScript.Statement body = new SqlScript.Statement("CREATE FUNCTION f() RETURNS int LANGUAGE sql AS "
                + "$$ SELECT 'password=S3cr3tJ'::int $$", 1);
        assertThat(body.withoutLiterals("invalid input syntax for type integer: \"password=S3cr3tJ\""))
                .isEqualTo("invalid input syntax for type integer: \"…\"");
    }

    /**
     * A literal written otherwise than the server echoes it (a doubled quote, E'\\x21', U&'\\0021'): its value is not
     * shown, nor any quoted text the statement holds only within a literal (a third adversarial pass, 2026-12-02).
     */
    @Test
    void aServerMessageQuotingALiteralAsTheServerReadItShowsItNot() {
        SqlScript.Statement doubled = new SqlScript.Statement("CREATE TABLE public.a (id int, c int DEFAULT "
                + "'postgresql://app:it''s-Leak1@db/app'::int)", 1);
        assertThat(doubled.withoutLiterals("invalid input syntax for type integer: \"postgresql://app:it's-Leak1@db/app\""))
                .isEqualTo("invalid input syntax for type integer: \"…\"");
        SqlScript.Statement escaped = new SqlScript.Statement("CREATE TABLE public.b (id int, c int DEFAULT "
                + "E'host=db password=Leak2\\x21secret'::int)", 1);
        assertThat(escaped.withoutLiterals("invalid input syntax for type integer: \"host=db password=Leak2!secret\""))
                .isEqualTo("invalid input syntax for type integer: \"…\"");
        SqlScript.Statement set = new SqlScript.Statement("SET work_mem = 'Leak8-it''s'", 1);
        assertThat(set.withoutLiterals("invalid value for parameter \"work_mem\": \"Leak8-it's\""))
                .isEqualTo("invalid value for parameter \"work_mem\": \"…\"");
        assertThat(new SqlScript.Statement("ALTER TABLE public.a OWNER TO Shop_Owner", 1)
                .withoutLiterals("role \"shop_owner\" does not exist")).isEqualTo("role \"shop_owner\" does not exist");
    }

    /** Text that is no SQL, which no quote marks as a literal, shows no secret either (an adversarial pass, 2026-12-02). */
    @Test
    void aSummaryOfTextThatIsNoSqlShowsNoSecretItHolds() {
        assertThat(new SqlScript.Statement("db.example:5432:app:bench:S3cr3tZ1\nCREATE TABLE t (id int)", 1).summary(200))
                .isEqualTo("… CREATE TABLE t (id int)");
        // a password file's last field to its line's end (spaces and escaped colons in it), a key: value line (a
        // fourth adversarial pass, 2026-12-03, saw "secret pw", ":etXYZ" and the whole value shown)
        assertThat(new SqlScript.Statement("db.example:5432:app:bench:my S3cr3t pw\nCREATE TABLE t (id int)", 1)
                .summary(200)).isEqualTo("… CREATE TABLE t (id int)");
        assertThat(new SqlScript.Statement("db.example:5432:app:bench:S3cr\\:etXYZ\nCREATE TABLE t (id int)", 1)
                .summary(200)).isEqualTo("… CREATE TABLE t (id int)");
        assertThat(new SqlScript.Statement("password: Hunter3 S3cret\nCREATE TABLE t (id int)", 1).summary(200))
                .isEqualTo("password:… CREATE TABLE t (id int)");
        assertThat(new SqlScript.Statement("postgresql://u:S3cr3tZ4@db/app", 1).summary(200))
                .isEqualTo("postgresql://…@db/app");
        assertThat(new SqlScript.Statement("host=db user=app password=S3cr3tZ5 CREATE TABLE t (x int)", 1).summary(200))
                .isEqualTo("host=db user=app password=… CREATE TABLE t (x int)");
        // a driver property whose value is a secret though its name does not say so: one vocabulary with the options'
        assertThat(new SqlScript.Statement("jdbc:postgresql://db/app?sslfactoryarg=S3cr3tZ6&ssl=true", 1).summary(200))
                .isEqualTo("jdbc:postgresql://db/app?sslfactoryarg=…&ssl=true");
        assertThat(new SqlScript.Statement("CREATE TABLE t (x int DEFAULT 1::int::bigint)", 1).summary(200))
                .isEqualTo("CREATE TABLE t (x int DEFAULT 1::int::bigint)");
        // a JSON file's quoted key and a .netrc line (a fifth adversarial pass, 2026-12-03, saw both whole)
        assertThat(new SqlScript.Statement("{\"host\": \"db.example\", \"user\": \"app\", \"password\": \"S3cr3tZ7\"}", 1)
                .summary(200)).isEqualTo("{\"host\": \"db.example\", \"user\": \"app\", \"password\":…}");
        assertThat(new SqlScript.Statement("machine db.example login app password S3cr3tZ8\nCREATE TABLE t (x int)", 1)
                .summary(200)).isEqualTo("machine db.example login app password … CREATE TABLE t (x int)");
    }
}
