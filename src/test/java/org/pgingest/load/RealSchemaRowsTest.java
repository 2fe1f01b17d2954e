package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.DefinitionException;

import java.sql.Connection;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Schemas no one here wrote, with rows the suite generates for them, loaded by binary COPY and compared with what
 * the server makes of the same values' text: a domain with a regular-expression CHECK, an array of a domain over a
 * domain, of a NOT NULL domain, a jsonb CHECK with the ? operator, keys of domains, and a CHECK calling a function
 * that writes.
 */
class RealSchemaRowsTest {
    private static void generatedRowsLoad(String ddl, String name) throws Exception {
        generatedRowsLoad(ddl, name, LoadMethod.COPY_BINARY);
    }

    private static void generatedRowsLoad(String ddl, String name, LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTableFromDdl(ddl, name);
        List<Object[]> rows = LoaderTestServer.rows(table, 7, 0.3).next(60);
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThat(loader.load(c, table, rows)).isEqualTo(rows.size());
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, rows));
        }
    }

    /**
     * The generator makes no text a pattern like this accepts: one line naming the column, its CHECK and the way out,
     * not "bound must be positive" from an empty list of candidates.
     */
    @Test
    void aDomainWithARegexCheckNoGeneratedValueMeetsIsOneLineNamingTheWayOut() {
        // The table is made (a user's rows can fill it); asking it for generated rows is what fails.
        assertThatThrownBy(() -> LoaderTestServer.plan(LoaderTestServer.newTableFromDdl("CREATE DOMAIN iso_code AS text CHECK "
                + "(VALUE ~ '^[A-Z]{3}$');\nCREATE TABLE currencies (id bigserial PRIMARY KEY, code iso_code NOT NULL, name text)",
                "currencies")))
                .isInstanceOf(DefinitionException.class)
                .hasMessageContaining("column code")
                .hasMessageContaining("~ '^[A-Z]{3}$'")
                .hasMessageContaining("--rows FILE.csv")
                .hasMessageNotContaining("\n");
    }

    @Test
    void anArrayOfADomainOverADomainGetsValues() throws Exception {
        generatedRowsLoad("CREATE DOMAIN positive AS int CHECK (VALUE > 0);\n"
                + "CREATE DOMAIN small_positive AS positive CHECK (VALUE < 1000);\n"
                + "CREATE TABLE scores (id bigserial PRIMARY KEY, points small_positive[], name text)", "scores");
    }

    /** A domain key gets the distinct values the server accepts: the first of them is 1 here, not 0. */
    @Test
    void aKeyOfAPositiveDomainGetsDistinctAcceptedValues() throws Exception {
        generatedRowsLoad("CREATE DOMAIN rs_positive_id AS int CHECK (VALUE > 0);\n"
                + "CREATE TABLE rs_accounts (id rs_positive_id PRIMARY KEY, owner text)", "rs_accounts");
    }

    /**
     * A gap in a key's domain (300 to 400 refused) falls between no two accepted probes: the key is refused in one line
     * as holding too few distinct values, never given 300 at the 301st row.
     */
    @Test
    void aKeyOfADomainWithAGapIsRefusedInOneLine() {
        assertThatThrownBy(() -> LoaderTestServer.plan(LoaderTestServer.newTableFromDdl("CREATE DOMAIN rs_not_reserved AS int "
                + "CHECK (VALUE NOT BETWEEN 300 AND 400);\nCREATE TABLE rs_tickets (id rs_not_reserved PRIMARY KEY, x int)",
                "rs_tickets")))
                .isInstanceOf(DefinitionException.class)
                .hasMessageContaining("too few distinct values")
                .hasMessageContaining("300")
                .hasMessageContaining("--rows FILE.csv")
                .hasMessageNotContaining("\n");
    }

    /** pgjdbc reads a ? outside quotes as a parameter: jsonb's ? operator in a CHECK is escaped, not a parameter. */
    @Test
    void aJsonbCheckWithTheQuestionMarkOperatorGetsValues() throws Exception {
        generatedRowsLoad("CREATE DOMAIN rs_with_n AS jsonb CHECK (VALUE ? 'n' OR VALUE ? 'a?b');\n"
                + "CREATE TABLE rs_documents (id bigserial PRIMARY KEY, body rs_with_n)", "rs_documents");
    }

    /** The server refuses a NULL element of a NOT NULL domain: arrays of it hold none. */
    @Test
    void anArrayOfANotNullDomainHasNoNullElements() throws Exception {
        generatedRowsLoad("CREATE DOMAIN rs_required_int AS int NOT NULL;\n"
                + "CREATE TABLE rs_lists (id bigserial PRIMARY KEY, items rs_required_int[])", "rs_lists");
    }

    /** A range of a domain no generated value meets: one line naming the column and the way out, no stack trace. */
    @Test
    void aRangeOfADomainNoValueMeetsIsOneLine() {
        assertThatThrownBy(() -> LoaderTestServer.plan(LoaderTestServer.newTableFromDdl("CREATE DOMAIN rs_currency_code AS text "
                + "CHECK (VALUE ~ '^[A-Z]{3}$');\nCREATE TYPE rs_currency_span AS RANGE (subtype = rs_currency_code);\n"
                + "CREATE TABLE rs_spans (id bigserial PRIMARY KEY, span rs_currency_span)", "rs_spans")))
                .isInstanceOf(DefinitionException.class)
                .hasMessageContaining("column span")
                .hasMessageContaining("--rows FILE.csv")
                .hasMessageNotContaining("\n");
    }

    /**
     * A range and a multirange of a domain whose CHECK accepts none of its base's hostile values (int4's extremes, 0,
     * -1): their hostile values are the empty and the unbounded range, not an IndexOutOfBoundsException.
     */
    @Test
    void aRangeOfABoundedDomainGetsValues() throws Exception {
        generatedRowsLoad("CREATE DOMAIN rs_percent_int AS int CHECK (VALUE BETWEEN 1 AND 100);\n"
                + "CREATE TYPE rs_percent_span AS RANGE (subtype = rs_percent_int);\n"
                + "CREATE TABLE rs_shares (id bigserial PRIMARY KEY, span rs_percent_span, spans rs_percent_span_multirange)",
                "rs_shares", LoadMethod.COPY_TEXT); // a multirange has no binary encoder here
    }

    /**
     * Evaluating a user's CHECK runs the functions it calls: a function that writes (here into a table and a sequence,
     * as SECURITY DEFINER) fails in the suite's read-only scope, so reading and planning the table wrote nothing, and
     * the suite says it cannot make values.
     */
    @Test
    void aCheckCallingAFunctionThatWritesWritesNothing() throws Exception {
        String ddl = """
                CREATE TABLE pgib_source.rs_audit (v int);
                CREATE SEQUENCE pgib_source.rs_audit_seq;
                CREATE FUNCTION pgib_source.rs_audited(v int) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER AS $$
                BEGIN
                    INSERT INTO pgib_source.rs_audit VALUES (v);
                    PERFORM nextval('pgib_source.rs_audit_seq');
                    RETURN v > 0;
                END $$;
                CREATE DOMAIN rs_audited_int AS int CHECK (pgib_source.rs_audited(VALUE));
                CREATE TABLE rs_watched (id bigserial PRIMARY KEY, a rs_audited_int, t int CHECK (pgib_source.rs_audited(t)));
                """;
        assertThatThrownBy(() -> LoaderTestServer.plan(LoaderTestServer.newTableFromDdl(ddl, "rs_watched")))
                .isInstanceOf(DefinitionException.class)
                .hasMessageContaining("--rows FILE.csv");
        try (Connection c = LoaderTestServer.connect(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT (SELECT count(*) FROM pgib_source.rs_audit), (SELECT is_called FROM "
                     + "pgib_source.rs_audit_seq)")) {
            rs.next();
            assertThat(rs.getLong(1)).as("rows the CHECK's function wrote").isZero();
            assertThat(rs.getBoolean(2)).as("the CHECK's function advanced the sequence").isFalse();
        }
    }

    /**
     * A user's value too long for varchar(3) is refused with the server's own SQLSTATE for it (22001, from an INSERT
     * of the same text), never cut to three characters as an explicit cast would cut it.
     */
    @Test
    void aUsersValueTooLongIsRefusedNotCut() throws Exception {
        Table table = LoaderTestServer.newTableFromDdl("CREATE TABLE rs_short_codes (id bigserial PRIMARY KEY, code varchar(3))",
                "rs_short_codes");
        try (Connection c = LoaderTestServer.connect()) {
            String serverState;
            c.setAutoCommit(false);
            try (var ps = c.prepareStatement("INSERT INTO " + table.qualifiedName() + " (code) VALUES (?)")) {
                ps.setString(1, "abcd");
                ps.executeUpdate();
                serverState = "stored";
            } catch (java.sql.SQLException e) {
                serverState = e.getSQLState();
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
            var code = table.columns().stream().filter(col -> col.name().equals("code")).findFirst().orElseThrow();
            String expected = serverState;
            assertThatThrownBy(() -> org.pgingest.workload.ServerReading.value(c, code, "abcd"))
                    .isInstanceOfSatisfying(org.pgingest.workload.types.ValueRejectedException.class,
                            e -> assertThat(e.sqlState()).isEqualTo(expected));
        }
    }
}
