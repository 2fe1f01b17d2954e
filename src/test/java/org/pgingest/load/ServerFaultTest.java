package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.util.PSQLException;

import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A row's fault and its COPY line are told from what lc_messages does not translate: the SQLSTATE, the error's
 * source file and the numbers in its context. The errors are the real server's; the embedded server is built
 * without NLS (its lc_messages has no translations), so translated contexts are PostgreSQL's own po-file texts.
 */
class ServerFaultTest {

    private static SQLException raised(Connection c, String sql) {
        return catchThrowableOfType(SQLException.class, () -> {
            try (Statement st = c.createStatement()) {
                st.execute(sql);
            }
        });
    }

    @Test
    void aStatementOverASizeLimitIsNoRowsFaultAndAValueOverOneIs() throws Exception {
        try (Connection c = LoaderTestServer.connect()) {
            // 54000 from arrayutils.c: more elements than MaxArraySize (134217727); refused before any allocation
            SQLException elements = raised(c, "SELECT array_fill(0, ARRAY[200000000])");
            // 54000 from arrayfuncs.c: 16-byte elements over MaxAllocSize bytes in all; refused before allocation
            SQLException bytes = raised(c, "SELECT array_fill('00000000-0000-0000-0000-000000000000'::uuid, "
                    + "ARRAY[100000000])");
            // 54000 from arrayfuncs.c too, but a value's own fault: 7 dimensions where 6 are allowed
            SQLException dimensions = raised(c, "SELECT '{{{{{{{1}}}}}}}'::int[]");
            for (SQLException e : new SQLException[] {elements, bytes, dimensions}) {
                assertThat(e.getSQLState()).as(e.getMessage()).isEqualTo("54000");
            }
            assertThat(Failures.rowCaused(elements)).isFalse();
            assertThat(Failures.rowCaused(bytes)).isFalse();
            assertThat(Failures.rowCaused(dimensions)).isTrue();
            assertThat(Failures.notARowsFault(elements).getMessage())
                    .startsWith("one statement of the load exceeded a server size limit (no row is at fault; "
                            + "send fewer rows per statement with a smaller batchSize): ERROR: ");
            assertThat((Throwable) Failures.notARowsFault(dimensions)).isSameAs(dimensions);
        }
    }

    @Test
    void anIndexRowOverTheLimitIsTheRowsFault() throws Exception {
        try (Connection c = LoaderTestServer.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE TEMP TABLE wide_key (v text PRIMARY KEY)");
            // hex digests compress too little to fit a btree entry's 2704 bytes: 54000 from nbtutils.c
            SQLException e = raised(c, "INSERT INTO wide_key SELECT string_agg(md5(i::text), '') "
                    + "FROM generate_series(1, 400) i");
            assertThat(e.getSQLState()).as(e.getMessage()).isEqualTo("54000");
            assertThat(Failures.rowCaused(e)).isTrue();
        }
    }

    @Test
    void aTriggerRefusingARowInTheWordsOfASizeLimitStillBlamesTheRow() throws Exception {
        // The message is the user's, the SQLSTATE a row class; the error comes from pl_exec.c, not a size check
        try (Connection c = LoaderTestServer.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE TEMP TABLE limited (a int)");
            st.execute("CREATE FUNCTION pg_temp.limit_a() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    + "RAISE EXCEPTION 'array size exceeds the maximum allowed for a' USING ERRCODE = '54000'; "
                    + "END $$");
            st.execute("CREATE TRIGGER limit_a BEFORE INSERT ON limited FOR EACH ROW EXECUTE FUNCTION pg_temp.limit_a()");
            SQLException e = raised(c, "INSERT INTO limited VALUES (1)");
            assertThat(e.getSQLState()).isEqualTo("54000");
            assertThat(Failures.rowCaused(e)).isTrue();
        }
    }

    @Test
    void otherErrorsAreNoRowsFault() throws Exception {
        try (Connection c = LoaderTestServer.connect()) {
            SQLException missing = raised(c, "SELECT * FROM no_such_table_here");
            assertThat(missing.getSQLState()).isEqualTo("42P01");
            assertThat(Failures.rowCaused(missing)).isFalse();
            assertThat((Throwable) Failures.notARowsFault(missing)).isSameAs(missing);
        }
    }

    @Test
    void theCopyLineIsReadAfterTheRelationsNameWhateverItHolds() throws Exception {
        // A name with a comma and the word "line" in it, as the server prints it (unquoted) in its context
        String relation = "copy 7, line";
        try (Connection c = LoaderTestServer.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE TEMP TABLE \"" + relation + "\" (a int)");
            PSQLException e = catchThrowableOfType(PSQLException.class, () -> c.unwrap(PGConnection.class)
                    .getCopyAPI().copyIn("COPY \"" + relation + "\" FROM STDIN", new StringReader("1\n2\nx\n4\n")));
            String where = e.getServerErrorMessage().getWhere();
            assertThat(e.getSQLState()).isEqualTo("22P02");
            assertThat(CopyWriter.copyLine(where, relation)).as(where).hasValue(3);
            SQLException located = CopyWriter.located(e, relation, new CopyWriter.LineBreaks());
            assertThat((Throwable) located).isInstanceOfSatisfying(LocatedFailure.class, f -> assertThat(f.rowIndex()).isEqualTo(2));
        }
    }

    @Test
    void aTriggersContextBeforeCopysDoesNotHideTheLine() throws Exception {
        try (Connection c = LoaderTestServer.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE TEMP TABLE guarded (a int)");
            st.execute("CREATE FUNCTION pg_temp.refuse_3() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    + "IF NEW.a = 3 THEN RAISE EXCEPTION 'no 3 in row 12' USING ERRCODE = 'P0001'; END IF; "
                    + "RETURN NEW; END $$");
            st.execute("CREATE TRIGGER refuse_3 BEFORE INSERT ON guarded FOR EACH ROW EXECUTE FUNCTION pg_temp.refuse_3()");
            PSQLException e = catchThrowableOfType(PSQLException.class, () -> c.unwrap(PGConnection.class)
                    .getCopyAPI().copyIn("COPY guarded FROM STDIN", new StringReader("1\n2\n3\n4\n")));
            String where = e.getServerErrorMessage().getWhere();
            assertThat(where).as("the trigger's context comes first").startsWith("PL/pgSQL function");
            assertThat(CopyWriter.copyLine(where, "guarded")).as(where).hasValue(3);
            assertThat(Failures.rowCaused(e)).isTrue();
        }
    }

    @Test
    void translatedCopyContextsGiveTheirLine() {
        // CopyFromErrorCallback's "COPY %s, line %llu, column %s: \"%s\"" as PostgreSQL 16's de.po and fr.po
        // translate it, and its "COPY %s, line %llu" without a column
        assertThat(CopyWriter.copyLine("COPY users, Zeile 12, Spalte email: »a@b«", "users")).hasValue(12);
        assertThat(CopyWriter.copyLine("COPY users, ligne 12, colonne email : « a@b »", "users")).hasValue(12);
        assertThat(CopyWriter.copyLine("COPY users, Zeile 7", "users")).hasValue(7);
        assertThat(CopyWriter.copyLine("SQL-Anweisung »SELECT 1«", "users")).isEmpty();
    }
}
