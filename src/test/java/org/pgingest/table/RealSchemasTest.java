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

    /** The table's check passes, and rows generated for a copy of it load (by binary COPY) and are all stored. */
    private static void runs(String ddl, String name) throws Exception {
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
}
