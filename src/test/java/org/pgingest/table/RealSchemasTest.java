package org.pgingest.table;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.ddl.SqlScript;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.TableSources;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Shapes of real schemas, through the launcher's own path (resolved from DDL, referenced copies filled, the sample
 * insert) and a load of generated rows: a nullable self-reference and a two-level chain run; a table with no column
 * the loaders write is one line naming the limit.
 */
class RealSchemasTest {
    private static EmbeddedTarget server;

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /**
     * The table's check passes, and rows generated for a copy of it load (by binary COPY) and are all stored; returns
     * the copy each foreign key references.
     */
    private static Map<String, QualifiedName> runs(String ddl, String name) throws Exception {
        try (Connection c = server.dataSource().getConnection()) {
            SuiteSchema schema = new SuiteSchema(server.schema());
            ResolvedTable resolved = TableSources.fromDdl(c, SqlScript.parse(ddl),
                    new QualifiedName(TableSources.SOURCE_SCHEMA, name), name, "a test's DDL", schema.name());
            TableCheck check = TableCheck.run(c, schema, resolved, true, 11);
            assertThat(check.cannotWrite()).doesNotContainKeys(LoadMethod.COPY_BINARY, LoadMethod.BATCH);
            TableCopies copies = new TableCopies(schema, resolved);
            Map<String, QualifiedName> referenced = copies.createReferenced(c, 11);
            Table table = copies.createCopy(c, copies.copyName("_0"), referenced);
            RowPlan plan = copies.plan(c, table, referenced, resolved.nullShares(), resolved.sample());
            List<Object[]> rows = new RowGenerator(plan, 11, 0.2).next(300);
            Loader loader = LoadMethod.COPY_BINARY.create();
            assertThat(loader.load(c, table, rows)).isEqualTo(300);
            assertThat(table.count(c)).isEqualTo(300);
            return referenced;
        }
    }

    @Test
    void aNullableSelfReferencingForeignKeyRuns() throws Exception {
        runs("CREATE TABLE categories (id bigserial PRIMARY KEY, parent_id bigint REFERENCES categories (id),"
                + " name text NOT NULL)", "categories");
    }

    @Test
    void aTwoLevelForeignKeyChainRuns() throws Exception {
        runs("CREATE TABLE regions (id bigserial PRIMARY KEY, name text NOT NULL);\n"
                + "CREATE TABLE cities (id bigserial PRIMARY KEY, region_id bigint NOT NULL REFERENCES regions (id), name text);\n"
                + "CREATE TABLE shops (id bigserial PRIMARY KEY, city_id bigint NOT NULL REFERENCES cities (id), name text)",
                "shops");
    }

    /**
     * Copies of referenced tables are named from the tables' names alone: two of one name in two schemas, or two
     * whose names share the 47 bytes a copy's name keeps, got one name: the second copy replaced the first, and both
     * foreign keys referenced it, silently.
     */
    @Test
    void referencedTablesWhoseCopiesWouldShareANameRun() throws Exception {
        Map<String, QualifiedName> referenced = runs("CREATE SCHEMA north;\nCREATE SCHEMA south;\n"
                + "CREATE TABLE north.depots (id bigint PRIMARY KEY);\n"
                + "CREATE TABLE south.depots (id bigint PRIMARY KEY);\n"
                + "CREATE TABLE depot_register_of_every_place_goods_are_kept_in_the_north (id bigint PRIMARY KEY);\n"
                + "CREATE TABLE depot_register_of_every_place_goods_are_kept_in_the_south (id bigint PRIMARY KEY);\n"
                + "CREATE TABLE transfers (id bigserial PRIMARY KEY, "
                + "from_depot bigint NOT NULL REFERENCES north.depots (id), "
                + "to_depot bigint NOT NULL REFERENCES south.depots (id), "
                + "from_register bigint REFERENCES depot_register_of_every_place_goods_are_kept_in_the_north (id), "
                + "to_register bigint REFERENCES depot_register_of_every_place_goods_are_kept_in_the_south (id))",
                "transfers");
        assertThat(referenced).hasSize(4);
        assertThat(new java.util.HashSet<>(referenced.values())).as("a copy of its own for each: " + referenced).hasSize(4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"CREATE TABLE nothing ()",
            "CREATE TABLE nothing (id bigint GENERATED ALWAYS AS IDENTITY, twice bigint GENERATED ALWAYS AS (id * 2) STORED)"})
    void aTableWithNoColumnTheLoadersWriteIsOneLine(String ddl) throws Exception {
        try (Connection c = server.dataSource().getConnection()) {
            SuiteSchema schema = new SuiteSchema(server.schema());
            try (java.sql.Statement st = c.createStatement()) {
                // each case applies its DDL for good (owned), as the launcher's own server does
                st.execute("DROP TABLE IF EXISTS " + TableSources.SOURCE_SCHEMA + ".nothing");
            }
            ResolvedTable resolved = TableSources.fromDdl(c, SqlScript.parse(ddl),
                    new QualifiedName(TableSources.SOURCE_SCHEMA, "nothing"), "nothing", "a test's DDL", schema.name());
            assertThatThrownBy(() -> TableCheck.run(c, schema, resolved, true, 11))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessageContaining("has no column the loaders write")
                    .hasMessageNotContaining("\n");
        }
    }

    /** A dump's other table fails (its type is missing, as pgvector's would be); its foreign key to ours fails too. */
    @Test
    void aFailedStatementAboutAnotherTableDoesNotBlockThisOne() throws Exception {
        String ddl = "CREATE TABLE film (film_id integer PRIMARY KEY, title text NOT NULL);\n"
                + "CREATE TABLE film_embedding (film_id integer, embedding no_such_vector(3));\n"
                + "ALTER TABLE ONLY film_embedding ADD CONSTRAINT film_embedding_film FOREIGN KEY (film_id) "
                + "REFERENCES film (film_id);\n";
        runs(ddl, "film");
    }

    @Test
    void aFailedStatementAboutTheTableItselfBlocksIt() throws Exception {
        String ddl = "CREATE TABLE reel (id integer PRIMARY KEY, title text NOT NULL);\n"
                + "ALTER TABLE ONLY reel ADD CONSTRAINT reel_title CHECK (no_such_function(title));\n";
        try (Connection c = server.dataSource().getConnection()) {
            assertThatThrownBy(() -> TableSources.fromDdl(c, SqlScript.parse(ddl),
                    new QualifiedName(TableSources.SOURCE_SCHEMA, "reel"), "reel", "a test's DDL", server.schema()))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessageStartingWith("table " + TableSources.SOURCE_SCHEMA + ".reel cannot be recreated as a test's "
                            + "DDL defines it: line 2: ALTER TABLE ONLY reel ADD CONSTRAINT reel_title");
        }
    }

    /** A VIRTUAL generated column is PostgreSQL 18's; the embedded default is older and says which version applies it. */
    @Test
    void aDumpFromANewerServerSaysWhichVersionAppliesIt() throws Exception {
        String ddl = "--\n-- PostgreSQL database dump\n--\n\n-- Dumped from database version 18.1\n"
                + "-- Dumped by pg_dump version 18.1\n\n"
                + "CREATE TABLE public.twice (a integer, b integer GENERATED ALWAYS AS (a * 2) VIRTUAL);\n";
        try (Connection c = server.dataSource().getConnection()) {
            int here = c.getMetaData().getDatabaseMajorVersion();
            assertThat(here).as("the embedded default is older than 18").isLessThan(18);
            assertThatThrownBy(() -> TableSources.fromDdl(c, SqlScript.parse(ddl), new QualifiedName("public", "twice"),
                    "twice", "--ddl twice.sql", server.schema()))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessageEndingWith("; it was dumped from PostgreSQL 18.1 (its header says) and this server is "
                            + here + ": -Dpg.version=18 applies it")
                    .hasMessageNotContaining("\n");
        }
    }
}
