package org.pgingest.table;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.CatalogReader;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.SampleRows;
import org.pgingest.workload.definition.TableDefinition;
import org.pgingest.workload.definition.TableSources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A user's CSV rows: what COPY ... CSV HEADER would refuse is refused here too, with its line. */
class UserRowsTest {
    private static EmbeddedTarget server;

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aHeaderColumnTheTableLacksIsRefused(@TempDir Path dir) throws Exception {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA crm");
            st.execute("CREATE TABLE crm.people (id bigint PRIMARY KEY, name text)");
            ResolvedTable people = TableSources.live(c, new QualifiedName("crm", "people"), "people", server.schema());
            SampleRows rows = new SampleRows("--rows people.csv", List.of("id", "name", "nmae"),
                    List.of(List.of("1", "a", "b")), List.of(2L));
            assertThatThrownBy(() -> people.withSample(rows))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessage("--rows people.csv has a column nmae the table lacks (its columns: id, name); name only "
                            + "the table's columns in the header");
            // Another file given by mistake (an adversarial pass, 2026-12-03, gave a .pgpass): its line is not repeated.
            Path pgpass = Files.writeString(dir.resolve("pgpass"), "db.example:5432:app:loader:Tr0ub4dor&3\n"
                    + "*:*:*:loader:Tr0ub4dor&3\n");
            assertThatThrownBy(() -> people.withSample(UserRows.fromCsv(pgpass)))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessage("--rows pgpass: its first line names none of the table's columns (its columns: id, name), "
                            + "so it is no header of the table's rows; give a CSV file whose first line names them");
            Path mixed = Files.writeString(dir.resolve("mixed.csv"), "id,name,db.example:5432:app:loader:Tr0ub4dor&3\n"
                    + "1,a,b\n");
            assertThatThrownBy(() -> people.withSample(UserRows.fromCsv(mixed)))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessageNotContaining("Tr0ub4dor");
        }
    }

    /**
     * Reading a foreign partition runs its wrapper's work on the server's side (a file_fdw table's program is a shell
     * command on the database host; an adversarial pass, 2026-12-02): a live table with one, or with a foreign child, is not sampled. The
     * wrapper here has no handler, so a read would fail in the server's words rather than run anything.
     */
    @Test
    void aLiveTableWithAForeignPartitionOrChildIsNotSampled() throws Exception {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA sales");
            st.execute("CREATE FOREIGN DATA WRAPPER archive_wrapper");
            st.execute("CREATE SERVER archive FOREIGN DATA WRAPPER archive_wrapper");
            st.execute("CREATE TABLE sales.orders (id bigint NOT NULL, placed date NOT NULL) PARTITION BY RANGE (placed)");
            st.execute("CREATE TABLE sales.orders_now PARTITION OF sales.orders FOR VALUES FROM ('2026-01-01') TO (MAXVALUE)");
            st.execute("CREATE FOREIGN TABLE sales.orders_old PARTITION OF sales.orders "
                    + "FOR VALUES FROM (MINVALUE) TO ('2026-01-01') SERVER archive");
            st.execute("INSERT INTO sales.orders_now SELECT g, '2026-06-01' FROM generate_series(1, 100) g");
            // a child by plain inheritance, which a read of its parent reads too (an adversarial pass, 2026-12-02)
            st.execute("CREATE TABLE sales.returns (id bigint NOT NULL, reason text)");
            st.execute("INSERT INTO sales.returns SELECT g, 'late' FROM generate_series(1, 100) g");
            st.execute("CREATE FOREIGN TABLE sales.returns_archived () INHERITS (sales.returns) SERVER archive");
            TableDefinition orders = CatalogReader.read(c, new QualifiedName("sales", "orders"), null);
            assertThatThrownBy(() -> UserRows.fromLiveTable(c, orders, 10)).isInstanceOf(DefinitionException.class)
                    .hasMessage("--sample 10: sales.orders has foreign tables among its partitions or children "
                            + "(sales.orders_old): reading them runs their wrapper's work on the server's side (file_fdw's "
                            + "program, postgres_fdw's queries elsewhere), which the suite does not start; drop --sample "
                            + "to generate rows, or give --rows FILE with rows exported from the table");
            TableDefinition returns = CatalogReader.read(c, new QualifiedName("sales", "returns"), null);
            assertThatThrownBy(() -> UserRows.fromLiveTable(c, returns, 10)).isInstanceOf(DefinitionException.class)
                    .hasMessageStartingWith("--sample 10: sales.returns has foreign tables among its partitions or "
                            + "children (sales.returns_archived): ");
        }
    }

    /**
     * A row-level security policy's expression runs on every row a reader it applies to reads (a function of the
     * user's, which may write elsewhere through dblink: an adversarial pass, 2026-12-03): such a table is not sampled,
     * and the policy's code never runs. Here it would raise, and the refusal is the suite's.
     */
    @Test
    void aLiveTableWhosePoliciesApplyIsNotSampledAndThePolicyNeverRuns() throws Exception {
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA guarded");
            st.execute("CREATE TABLE guarded.notes (id bigint PRIMARY KEY, body text)");
            st.execute("INSERT INTO guarded.notes SELECT g, 'n' || g FROM generate_series(1, 100) g");
            st.execute("CREATE FUNCTION guarded.visible(bigint) RETURNS boolean LANGUAGE plpgsql AS "
                    + "$$ BEGIN RAISE EXCEPTION 'the policy''s code ran'; END $$");
            st.execute("CREATE POLICY only_some ON guarded.notes USING (guarded.visible(id))");
            st.execute("ALTER TABLE guarded.notes ENABLE ROW LEVEL SECURITY");
            st.execute("CREATE ROLE notes_reader");
            st.execute("GRANT USAGE ON SCHEMA guarded TO notes_reader");
            st.execute("GRANT SELECT ON guarded.notes TO notes_reader");
            st.execute("GRANT EXECUTE ON FUNCTION guarded.visible(bigint) TO notes_reader");
            TableDefinition notes = CatalogReader.read(c, new QualifiedName("guarded", "notes"), null);
            // a role the policy applies to (the superuser and the table's owner are exempt)
            st.execute("SET ROLE notes_reader");
            try {
                assertThatThrownBy(() -> UserRows.fromLiveTable(c, notes, 10)).isInstanceOf(DefinitionException.class)
                        .hasMessage("--sample 10: guarded.notes has row-level security policies that apply to this "
                                + "role: reading it would run their expressions (and any function they call) on the "
                                + "server, which the suite does not start; drop --sample to generate rows, or give "
                                + "--rows FILE with rows exported from the table");
            } finally {
                st.execute("RESET ROLE");
            }
            assertThat(UserRows.fromLiveTable(c, notes, 10).rows()).as("the owner, exempt, reads as before").isNotEmpty();
        }
    }

    /** A NUL, which no PostgreSQL value holds, is the file's fault told in the suite's words (an adversarial pass). */
    @Test
    void aNulCharacterIsNamedByLineAndColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("rows.csv");
        Files.write(file, new byte[] {'i', 'd', ',', 'v', '\n', '1', ',', 'a', 0, 'b', '\n'});
        assertThatThrownBy(() -> UserRows.fromCsv(file)).isInstanceOf(DefinitionException.class)
                .hasMessage("--rows " + file + " line 2, column v: a NUL character (U+0000), which no PostgreSQL text or "
                        + "value holds; remove it");
    }

    @Test
    void bytesThatAreNotUtf8AreNamedByLineAndByte(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("rows.csv");
        Files.write(file, new byte[] {'i', 'd', ',', 'n', '\n', '1', ',', 'a', '\n', '2', ',', 'b', (byte) 0xC3, '(', '\n'});
        assertThatThrownBy(() -> UserRows.fromCsv(file)).isInstanceOf(DefinitionException.class)
                .hasMessage("--rows " + file + " line 3, byte 4 of the line (0xC3): not UTF-8; write the file in UTF-8 "
                        + "(COPY ... TO ... WITH (ENCODING 'UTF8'))");
        Files.writeString(file, "id,name\n1,a\n");
        assertThat(UserRows.fromCsv(file).rows()).containsExactly(List.of("1", "a"));
    }

    /**
     * PostgreSQL's CSV, not RFC 4180's (found by a type-by-type pass, 2026-12-02: commons-csv, read before, kept
     * {@code ab""c} and the quotes of {@code  "x" }, dropped spaces after a closing quote, took {@code x"y} and refused
     * {@code "abc"def}): the oracle is COPY ... CSV HEADER of the same file into a table of text columns.
     */
    @Test
    void fieldsAreReadAsCopyCsvReadsThem(@TempDir Path dir) throws Exception {
        String csv = "\uFEFFa,b\n \"x\" ,2\nab\"\"c,\n\"x\"  ,\"\"\n\"abc\"def,\"a\"\"b\"\n\"multi\nline\",\"q,\"\"\"\nplain, \n";
        Path file = Files.writeString(dir.resolve("rows.csv"), csv);
        assertThat(UserRows.fromCsv(file).header()).containsExactly("a", "b");
        assertThat(UserRows.fromCsv(file).rows()).containsExactlyElementsOf(copied(csv));
    }

    @Test
    void aQuoteNeverClosedIsRefusedAsCopyRefusesIt(@TempDir Path dir) throws Exception {
        String csv = "a,b\n1,x\"y\n2,z\n";
        Path file = Files.writeString(dir.resolve("rows.csv"), csv);
        assertThatThrownBy(() -> copied(csv)).hasMessageContaining("unterminated CSV quoted field");
        assertThatThrownBy(() -> UserRows.fromCsv(file)).isInstanceOf(DefinitionException.class)
                .hasMessage("--rows " + file + " line 2: unterminated CSV quoted field");
        String mixed = "a,b\n1,x\r\n2,z\n";
        Path mixedFile = Files.writeString(dir.resolve("mixed.csv"), mixed);
        assertThatThrownBy(() -> copied(mixed)).hasMessageContaining("unquoted carriage return found in data");
        assertThatThrownBy(() -> UserRows.fromCsv(mixedFile)).isInstanceOf(DefinitionException.class)
                .hasMessageStartingWith("--rows " + mixedFile + " line 2: unquoted carriage return found in data");
        String crlf = "a,b\r\n1,\"x\r\ny\"\r\n";
        assertThat(UserRows.fromCsv(Files.writeString(dir.resolve("crlf.csv"), crlf)).rows())
                .containsExactlyElementsOf(copied(crlf));
    }

    /** What COPY (FORMAT csv, HEADER) stores of {@code csv} in two text columns, in the file's order. */
    private static List<List<String>> copied(String csv) throws Exception {
        SuiteSchema schema = new SuiteSchema(server.schema());
        try (Connection c = server.dataSource().getConnection()) {
            schema.recreateTable(c, "csv_oracle", "(n bigserial, a text, b text)", false);
            String table = server.schema() + ".csv_oracle";
            c.unwrap(org.postgresql.PGConnection.class).getCopyAPI().copyIn("COPY " + table
                    + " (a, b) FROM STDIN (FORMAT csv, HEADER)", new java.io.ByteArrayInputStream(
                    csv.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            List<List<String>> rows = new java.util.ArrayList<>();
            try (var st = c.createStatement(); var rs = st.executeQuery("SELECT a, b FROM " + table + " ORDER BY n")) {
                while (rs.next()) {
                    rows.add(java.util.Arrays.asList(rs.getString(1), rs.getString(2)));
                }
            }
            return rows;
        }
    }

    /**
     * A value its type refuses and a row a CHECK refuses are named alike, by the file's line (a new user's pass,
     * 2026-12-03, saw "row 2" beside "row 0 of the input" for one file). The first row spans lines 2 and 3.
     */
    @Test
    void aRefusedValueAndARefusedRowAreNamedByTheirLine(@TempDir Path dir) throws Exception {
        SuiteSchema schema = new SuiteSchema(server.schema());
        try (Connection c = server.dataSource().getConnection()) {
            schema.recreateTable(c, "lines_checked", "(note text, qty integer CHECK (qty > 0))", false);
            Table table = Table.read(c, schema, "lines_checked");
            Path badType = Files.writeString(dir.resolve("type.csv"), "note,qty\n\"two\nlines\",1\nok,x7\n");
            assertThatThrownBy(() -> RowPlan.build(c, table, Map.of(), Map.of(), UserRows.fromCsv(badType)))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessageStartingWith("--rows type.csv line 4, column qty: ");
            Path badRow = Files.writeString(dir.resolve("check.csv"), "note,qty\n\"two\nlines\",1\nok,2\nzero,0\n");
            RowPlan plan = RowPlan.build(c, table, Map.of(), Map.of(), UserRows.fromCsv(badRow));
            assertThatThrownBy(() -> TableCopies.checkSample(c, plan, 1))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessage("--rows check.csv line 5 breaks constraint lines_checked_qty_check of " + server.schema()
                            + ".lines_checked as the suite loads it: " + checkRefusal(c, "('zero', 0)"));
        }
    }

    /**
     * A secret in a refused cell, which the server quotes, and one in the table's own code, whose statement the
     * server's context quotes, are masked (an adversarial pass, 2026-12-03, saw both whole).
     */
    @Test
    void aSecretTheServerQuotesFromARowOrFromTheTablesCodeIsMasked(@TempDir Path dir) throws Exception {
        SuiteSchema schema = new SuiteSchema(server.schema());
        try (Connection c = server.dataSource().getConnection()) {
            schema.recreateTable(c, "secret_cells", "(note text, qty integer)", false);
            Table table = Table.read(c, schema, "secret_cells");
            Path cells = Files.writeString(dir.resolve("cells.csv"), "note,qty\nok,password=S3cr3tQ1\n");
            assertThatThrownBy(() -> RowPlan.build(c, table, Map.of(), Map.of(), UserRows.fromCsv(cells)))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessage("--rows cells.csv line 2, column qty: ERROR: invalid input syntax for type integer: "
                            + "\"password=…\" (SQLSTATE 22P02)")
                    .hasMessageNotContaining("S3cr3tQ1");
            try (Statement st = c.createStatement()) {
                st.execute("CREATE FUNCTION " + server.schema() + ".fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                        + "PERFORM length('host=db user=app password=S3cr3tQ2') / 0; RETURN NEW; END $$");
                st.execute("CREATE TRIGGER t_fails BEFORE INSERT ON " + server.schema() + ".secret_cells FOR EACH ROW "
                        + "EXECUTE FUNCTION " + server.schema() + ".fails()");
            }
            Table withTrigger = Table.read(c, schema, "secret_cells");
            RowPlan generated = RowPlan.build(c, withTrigger, Map.of(), Map.of(), null);
            assertThatThrownBy(() -> TableCopies.checkSample(c, generated, 1))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessageContaining("password=…")
                    .hasMessageNotContaining("S3cr3tQ2")
                    .hasMessageEndingWith("give rows of your own with --rows FILE.csv, unless the table's own code (a "
                            + "trigger or a function it calls) fails whatever the rows");
        }
    }

    /** The server's own words for an INSERT of {@code values} into lines_checked: its message and detail. */
    private static String checkRefusal(Connection c, String values) throws Exception {
        try (Statement st = c.createStatement()) {
            st.execute("INSERT INTO " + server.schema() + ".lines_checked VALUES " + values);
        } catch (org.postgresql.util.PSQLException e) {
            var m = e.getServerErrorMessage();
            return m.getMessage() + " (" + m.getDetail() + ")";
        }
        throw new AssertionError(values + " was accepted");
    }

    @Test
    void aValueLongerThanTheSuiteCarriesIsOneLine(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("big.csv"), "id,v\n1,a\n2," + "x".repeat(UserRows.MAX_FIELD_CHARS + 1) + "\n");
        assertThatThrownBy(() -> UserRows.fromCsv(file)).isInstanceOf(DefinitionException.class)
                .hasMessage("--rows " + file + " line 3, column v: a value of 1,048,577 characters; the suite carries "
                        + "values of up to 1,048,576 (a limit of the suite: the rows travel to every fork, and each call "
                        + "holds hundreds of them)");
    }
}
