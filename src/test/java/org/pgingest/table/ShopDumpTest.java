package org.pgingest.table;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.ddl.SqlScript;
import org.pgingest.workload.definition.ColumnDefinition;
import org.pgingest.workload.definition.ConstraintDefinition;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.IndexDefinition;
import org.pgingest.workload.definition.PartitionDefinition;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.TableDefinition;
import org.pgingest.workload.definition.TableSources;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * A realistic schema as {@code pg_dump --schema-only} prints it (shop.pgdump.sql: an enum, domains with CHECKs, a
 * table partitioned by half-year with foreign keys, an audit trigger, partial, expression and composite unique
 * indexes, a generated column, names that need quoting, objects owned by a role the suite's server lacks, psql's
 * \restrict lines) read, copied and loaded by every loader that can write it, on a real server.
 *
 * <p>shop.pgdump.sql was made from shop-source.sql on an embedded PostgreSQL 15.19 with the Debian pg_dump 15.18:
 * the DDL applied as role shop_owner, then {@code pg_dump --schema-only -n '"Shop"' bench}.
 */
class ShopDumpTest {
    private static final QualifiedName ORDER_LINES = QualifiedName.parse("\"Shop\".\"Order Lines\"");
    /** Where the dump is resolved (rolled back each time), as the launcher's own server. */
    private static EmbeddedTarget server;
    /** Where copies are made and loaded, as a benchmark fork's own server. */
    private static EmbeddedTarget fork;

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
        fork = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
        fork.close();
    }

    static SqlScript dump() throws IOException {
        try (InputStream in = ShopDumpTest.class.getResourceAsStream("shop.pgdump.sql")) {
            return SqlScript.parse(SqlScript.text(in.readAllBytes()));
        }
    }

    private static ResolvedTable resolve(SqlScript script, QualifiedName table) throws SQLException {
        try (Connection c = server.dataSource().getConnection()) {
            return TableSources.fromDdl(c, script, table, "orders", "--ddl shop.pgdump.sql", server.schema());
        }
    }

    @Test
    void theDumpResolvesToTheTablesDefinitionAndListsWhatItSkipped() throws Exception {
        ResolvedTable resolved = resolve(dump(), ORDER_LINES);
        TableDefinition t = resolved.table();
        assertThat(t.name()).isEqualTo(new QualifiedName("Shop", "Order Lines"));
        assertThat(t.sqlName()).isEqualTo("\"Shop\".\"Order Lines\"");
        assertThat(t.columns()).extracting(ColumnDefinition::name, ColumnDefinition::type, ColumnDefinition::notNull,
                ColumnDefinition::filling).containsExactly(
                tuple("line_id", "bigint", true, ColumnDefinition.Filling.SEQUENCE),
                tuple("order_ref", "uuid", true, ColumnDefinition.Filling.APPLICATION),
                tuple("customer_id", "bigint", true, ColumnDefinition.Filling.APPLICATION),
                tuple("product_id", "integer", true, ColumnDefinition.Filling.APPLICATION),
                tuple("qty", "\"Shop\".quantity", true, ColumnDefinition.Filling.APPLICATION),
                tuple("unit_price", "numeric(12,2)", true, ColumnDefinition.Filling.APPLICATION),
                tuple("discount", "numeric(12,2)", true, ColumnDefinition.Filling.APPLICATION),
                tuple("total", "numeric(16,2)", false, ColumnDefinition.Filling.GENERATED_STORED),
                tuple("status", "\"Shop\".order_status", true, ColumnDefinition.Filling.APPLICATION),
                tuple("gift_note", "character varying(200)", false, ColumnDefinition.Filling.APPLICATION),
                tuple("attributes", "jsonb", false, ColumnDefinition.Filling.APPLICATION),
                tuple("ordered_at", "timestamp with time zone", true, ColumnDefinition.Filling.APPLICATION));
        assertThat(t.column("total").orElseThrow().expression())
                .isEqualTo("(((qty)::numeric * unit_price) - discount)");
        assertThat(t.constraints()).extracting(ConstraintDefinition::kind, ConstraintDefinition::name,
                ConstraintDefinition::columns).containsExactly(
                tuple(ConstraintDefinition.Kind.PRIMARY_KEY, "Order Lines_pkey", List.of("line_id", "ordered_at")),
                tuple(ConstraintDefinition.Kind.CHECK, "discount_within_price", List.of("discount", "unit_price")),
                tuple(ConstraintDefinition.Kind.FOREIGN_KEY, "Order Lines_customer_id_fkey", List.of("customer_id")),
                tuple(ConstraintDefinition.Kind.FOREIGN_KEY, "Order Lines_product_id_fkey", List.of("product_id")));
        assertThat(t.constraints(ConstraintDefinition.Kind.FOREIGN_KEY)).extracting(c -> c.references().table(),
                c -> c.references().columns()).containsExactly(
                tuple(new QualifiedName("Shop", "customers"), List.of("id")),
                tuple(new QualifiedName("Shop", "products"), List.of("product_id")));
        assertThat(t.indexes()).extracting(IndexDefinition::name, IndexDefinition::unique, IndexDefinition::method)
                .containsExactly(
                        tuple("order_lines_customer", false, "USING btree (customer_id)"),
                        tuple("order_lines_open", false, "USING btree (ordered_at) WHERE (status = ANY "
                                + "(ARRAY['new'::\"Shop\".order_status, 'paid'::\"Shop\".order_status]))"),
                        tuple("order_lines_ref_product", true, "USING btree (order_ref, product_id, ordered_at) "
                                + "WHERE (status <> 'cancelled'::\"Shop\".order_status)"));
        assertThat(t.partitioning().key()).isEqualTo("RANGE (ordered_at)");
        assertThat(t.partitioning().partitions()).extracting(PartitionDefinition::name, PartitionDefinition::bound)
                .containsExactly(
                        tuple("Order Lines 2024 H1", "FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('2024-07-01 00:00:00+00')"),
                        tuple("Order Lines 2024 H2", "FOR VALUES FROM ('2024-07-01 00:00:00+00') TO ('2025-01-01 00:00:00+00')"));
        assertThat(t.triggers()).singleElement().satisfies(trigger -> assertThat(trigger.definition()).isEqualTo(
                "CREATE TRIGGER order_lines_audit AFTER INSERT ON \"Shop\".\"Order Lines\" FOR EACH ROW EXECUTE "
                        + "FUNCTION \"Shop\".log_order_line()"));
        assertThat(resolved.referenced()).extracting(TableDefinition::name).containsExactly(
                new QualifiedName("Shop", "customers"), new QualifiedName("Shop", "products"));
        // The unique keys: the primary key is partly server-filled and the unique index partial, so no upsert key.
        assertThat(t.conflictKey()).isEmpty();
        assertThat(t.idColumn()).map(ColumnDefinition::name).hasValue("line_id");
        // What was skipped: psql's meta-commands and every OWNER TO the absent role, one line each.
        assertThat(resolved.skipped()).startsWith("line 5: psql meta-command \\restrict (psql's own, not SQL)");
        assertThat(resolved.skipped()).anySatisfy(line -> assertThat(line).matches(
                "line \\d+: ALTER TABLE \"Shop\".\"Order Lines\" OWNER TO shop_owner: role \"shop_owner\" does not exist"));
        assertThat(resolved.skipped()).allSatisfy(line -> assertThat(line).containsAnyOf("OWNER TO shop_owner", "meta-command"));
        assertThat(resolved.fingerprint()).matches("[0-9a-f]{16}");
    }

    @Test
    void theServerIsLeftAsItWas() throws Exception {
        resolve(dump(), ORDER_LINES);
        try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_namespace WHERE nspname IN ('Shop', 'pgib_source')")) {
            rs.next();
            assertThat(rs.getInt(1)).as("the resolution is rolled back").isZero();
        }
    }

    @Test
    void aCopyHasTheSameDefinitionUnderTheSuitesNames() throws Exception {
        ResolvedTable resolved = resolve(dump(), ORDER_LINES);
        SuiteSchema schema = new SuiteSchema(fork.schema());
        TableCopies copies = new TableCopies(schema, resolved);
        try (Connection c = fork.dataSource().getConnection()) {
            copies.applySetup(c);
            Map<String, QualifiedName> referenced = copies.createReferenced(c, 1);
            assertThat(referenced).containsOnlyKeys("Order Lines_customer_id_fkey", "Order Lines_product_id_fkey");
            Table copy = copies.createCopy(c, copies.copyName("_copy"), referenced);
            TableDefinition original = resolved.table();
            TableDefinition read = copy.definition();
            assertThat(read.name()).isEqualTo(new QualifiedName(fork.schema(), "Order Lines_copy"));
            // The same columns; the serial column draws from a sequence of the copy's own, and plain defaults are left
            // out (the loaders write those columns), generation expressions kept.
            assertThat(read.columns()).extracting(ColumnDefinition::name, ColumnDefinition::type, ColumnDefinition::notNull,
                    ColumnDefinition::expression).containsExactlyElementsOf(original.columns().stream()
                    .map(col -> tuple(col.name(), col.type(), col.notNull(),
                            col.filling() == ColumnDefinition.Filling.GENERATED_STORED ? col.expression() : null)).toList());
            assertThat(read.column("line_id").orElseThrow().filling()).isEqualTo(ColumnDefinition.Filling.IDENTITY_BY_DEFAULT);
            assertThat(read.constraints(ConstraintDefinition.Kind.CHECK)).isEqualTo(original.constraints(ConstraintDefinition.Kind.CHECK));
            assertThat(read.constraints(ConstraintDefinition.Kind.PRIMARY_KEY)).extracting(ConstraintDefinition::definition)
                    .containsExactly("PRIMARY KEY (line_id, ordered_at)");
            assertThat(read.constraints(ConstraintDefinition.Kind.FOREIGN_KEY)).extracting(con -> con.references().table())
                    .containsExactly(new QualifiedName(fork.schema(), "customers_ref"), new QualifiedName(fork.schema(), "products_ref"));
            assertThat(read.indexes()).extracting(IndexDefinition::unique, IndexDefinition::method)
                    .containsExactlyInAnyOrderElementsOf(original.indexes().stream().map(i -> tuple(i.unique(), i.method())).toList());
            assertThat(read.partitioning().key()).isEqualTo(original.partitioning().key());
            assertThat(read.partitioning().partitions()).extracting(PartitionDefinition::bound)
                    .containsExactlyElementsOf(original.partitioning().partitions().stream().map(PartitionDefinition::bound).toList());
            assertThat(read.triggers()).singleElement().satisfies(trigger -> assertThat(trigger.definition()).isEqualTo(
                    "CREATE TRIGGER order_lines_audit AFTER INSERT ON " + fork.schema() + ".\"Order Lines_copy\" FOR EACH ROW "
                            + "EXECUTE FUNCTION \"Shop\".log_order_line()"));
            assertThat(schema.foreignObjects(c)).as("everything in the suite's schema is marked as the suite's").isEmpty();
        }
    }

    @Test
    void everyLoaderThatCanWriteTheTableLoadsRowsItAcceptsAndTheOthersSayWhy() throws Exception {
        ResolvedTable resolved = resolve(dump(), ORDER_LINES);
        SuiteSchema schema = new SuiteSchema(fork.schema());
        TableCopies copies = new TableCopies(schema, resolved);
        List<String> cannot = new ArrayList<>();
        try (Connection setup = fork.dataSource().getConnection()) {
            copies.applySetup(setup);
            Map<String, QualifiedName> referenced = copies.createReferenced(setup, 7);
            int n = 0;
            for (LoadMethod method : LoadMethod.values()) {
                Loader loader = method.create();
                Table table = copies.createCopy(setup, copies.copyName("_" + n++), referenced);
                Optional<String> why = loader.cannotWrite(table);
                if (why.isPresent()) {
                    cannot.add(method + ": " + why.get());
                    continue;
                }
                RowPlan plan = copies.plan(setup, table, referenced, Map.of(), null);
                TableCopies.checkSample(setup, plan, 7);
                List<Object[]> rows = new RowGenerator(plan, 7, 0.1).next(300);
                try (Connection c = fork.dataSource(loader.driverOptions()).getConnection()) {
                    long audited = count(c, "\"Shop\".audit_log");
                    assertThat(loader.load(c, table, rows)).as(method.name()).isEqualTo(300);
                    assertThat(table.count(c)).as(method.name()).isEqualTo(300);
                    assertThat(count(c, "\"Shop\".audit_log") - audited).as(method + ": the trigger ran per row").isEqualTo(300);
                    assertThat(count(c, table.qualifiedName() + " l JOIN " + referenced.get("Order Lines_product_id_fkey").quoted()
                            + " p USING (product_id)")).as(method + ": every product exists").isEqualTo(300);
                }
            }
        }
        String noKey = ": it has no unique key of columns the loaders write, which an upsert conflicts on and RETURNING "
                + "matches each returned id to its row by (primary key (line_id, ordered_at) holds line_id, which the "
                + "server fills; unique index (order_ref, product_id, ordered_at) is partial)";
        assertThat(cannot).containsExactly(
                "COPY_FREEZE: COPY FREEZE cannot load a partitioned table",
                "COPY_UPSERT" + noKey, "BATCH_UPSERT" + noKey, "MERGE_UPSERT" + noKey, "RETURNING_VALUES" + noKey,
                "RETURNING_UNNEST" + noKey);
    }

    private static long count(Connection c, String from) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM " + from)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aTableThatDependsOnAMissingExtensionStopsWithOneLine() throws Exception {
        String text = new String(ShopDumpTest.class.getResourceAsStream("shop.pgdump.sql").readAllBytes(), StandardCharsets.UTF_8)
                + "\nCREATE EXTENSION IF NOT EXISTS pgib_no_such_extension WITH SCHEMA public;\n"
                + "CREATE TABLE \"Shop\".places (id integer PRIMARY KEY, area public.pgib_geometry);\n";
        assertThatThrownBy(() -> resolve(SqlScript.parse(text), new QualifiedName("Shop", "places")))
                .isInstanceOf(DefinitionException.class)
                .hasMessageMatching("no table \"Shop\".places in --ddl shop.pgdump.sql: line \\d+: CREATE TABLE "
                        + "\"Shop\".places \\(id integer PRIMARY KEY, area public.pgib_g\\.\\.\\.: type \"public.pgib_geometry\" "
                        + "does not exist");
    }

    @Test
    void aViewOrAnAbsentTableIsNamedAsSuch() throws Exception {
        String text = new String(ShopDumpTest.class.getResourceAsStream("shop.pgdump.sql").readAllBytes(), StandardCharsets.UTF_8)
                + "\nCREATE VIEW \"Shop\".open_lines AS SELECT * FROM \"Shop\".\"Order Lines\" WHERE status = 'new';\n";
        assertThatThrownBy(() -> resolve(SqlScript.parse(text), new QualifiedName("Shop", "open_lines")))
                .isInstanceOf(DefinitionException.class)
                .hasMessage("\"Shop\".open_lines is a view, not a table: the suite loads rows into tables (plain or partitioned)");
        assertThatThrownBy(() -> resolve(dump(), new QualifiedName(null, "orders")))
                .isInstanceOf(DefinitionException.class)
                .hasMessage("no table orders in --ddl shop.pgdump.sql (looked in every schema but the system's "
                        + "and the suite's pgingest); tables there: \"Shop\".\"Order Lines\", \"Shop\".audit_log, "
                        + "\"Shop\".customers, \"Shop\".products; names are case-sensitive when quoted, e.g. '\"Orders\"'");
    }
}
