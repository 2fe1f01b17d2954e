package org.pgingest.server;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.table.TableCopies;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.ddl.SqlScript;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.TableSources;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A real Citus cluster (coordinator and two workers of Citus 13.2.2 on PostgreSQL 15, docker/build-vendor.sh) started
 * by the citus target: what it starts, that every loader's rows land in a distributed users table exactly, and that
 * nothing is left once it is closed. The tables are made in a schema of this class's own on the JVM's shared cluster
 * ({@link SharedCitus}); closing is shown on a cluster of the test's own.
 */
@RequiresPart(Part.CITUS)
class CitusTargetTest {
    private static CitusTarget cluster;
    private static SuiteSchema schema;

    @BeforeAll
    static void start() throws SQLException {
        cluster = SharedCitus.cluster();
        schema = SharedCitus.schema("citus_target_test");
    }

    @Test
    void aCoordinatorAndTwoWorkersWithCitusPreloadedAndDurabilityOnEveryNode() throws SQLException {
        assertThat(cluster.nodes().keySet()).containsExactly("coordinator", "worker1", "worker2");
        try (Connection c = cluster.dataSource().getConnection(); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT count(*) FILTER (WHERE groupid = 0), count(*) FILTER "
                    + "(WHERE groupid > 0 AND shouldhaveshards) FROM pg_dist_node")) {
                rs.next();
                assertThat(rs.getInt(1)).as("the coordinator").isEqualTo(1);
                assertThat(rs.getInt(2)).as("workers").isEqualTo(2);
            }
            try (ResultSet rs = st.executeQuery("SELECT current_setting('shared_preload_libraries'), "
                    + "current_setting('max_prepared_transactions')")) {
                rs.next();
                assertThat(rs.getString(1)).startsWith("citus");
                assertThat(rs.getInt(2)).isPositive();
            }
        }
        assertThat(cluster.facts().toMap()).containsEntry("target", "citus").containsEntry("cluster", Map.of(
                "name", "citus", "version", "13.2.2", "extensionVersion", "13.2-1", "nodes", "3", "workers", "2",
                "worker1.durability", "fsync=on, full_page_writes=on, synchronous_commit=on",
                "worker2.durability", "fsync=on, full_page_writes=on, synchronous_commit=on"));
        List<ServerFacts> every = new java.util.ArrayList<>(cluster.workerFacts().values());
        every.add(cluster.facts());
        assertThat(every).hasSize(3).allSatisfy(facts -> {
            assertThat(facts.durabilityOff()).isEmpty();
            assertThat(facts.differences()).isEmpty();
            assertThat(facts.settings()).containsEntry("fsync", "on").containsEntry("synchronous_commit", "on");
        });
    }

    /** Every loader into a distributed users table (32 shards over two workers): the table holds exactly its rows. */
    @Test
    void everyLoaderIntoADistributedUsersTableStoresExactlyItsRows() throws SQLException {
        Map<String, String> outcomes = new LinkedHashMap<>();
        List<LoadMethod> refused = new java.util.ArrayList<>();
        int n = 0;
        for (LoadMethod method : LoadMethod.values()) {
            Loader loader = method.create();
            Map<String, String> options = new HashMap<>(loader.driverOptions());
            try (Connection c = cluster.dataSource(options).getConnection()) {
                // the PK profile: Citus refuses a unique constraint without the distribution column (users' email)
                PlannedTable users = PlannedTable.published(c, schema, "users", "PK",
                        "users_citus" + n++);
                CitusTarget.distribute(c, users.table().qualifiedName(), null, 32);
                RowGenerator rows = users.rows(7, 0.1);
                if (loader.cannotWrite(users.table()).isPresent()) {
                    // the loader's own refusal, the same on a plain table (an upsert needs a unique key it writes)
                    refused.add(method);
                    continue;
                }
                try {
                    long reported = 0;
                    for (int call = 0; call < 2; call++) {
                        reported += loader.load(c, users.table(), rows.next(150));
                    }
                    // a loader that replaces the table's contents on every call (COPY FREEZE after TRUNCATE) holds
                    // the last call's rows
                    long expected = method.replacesTableContents() ? 150 : 300;
                    outcomes.put(method.name(), reported + " reported, " + count(c, users.table().qualifiedName())
                            + " stored of " + expected + ", " + shardsWithRows(c, users.table().qualifiedName())
                            + " shards hold rows");
                } catch (SQLException e) {
                    if (!c.getAutoCommit()) {
                        c.rollback();
                    }
                    outcomes.put(method.name(), "failed: " + e.getMessage());
                }
            }
        }
        List<LoadMethod> refusedLocally = new java.util.ArrayList<>();
        try (Connection c = cluster.dataSource().getConnection()) {
            PlannedTable local = PlannedTable.published(c, schema, "users", "PK", "users_local");
            for (LoadMethod method : LoadMethod.values()) {
                if (method.create().cannotWrite(local.table()).isPresent()) {
                    refusedLocally.add(method);
                }
            }
        }
        assertThat(refused).as("loaders that refuse users with its primary key alone, as they refuse a plain table")
                .isEqualTo(refusedLocally).hasSizeLessThan(LoadMethod.values().length / 2);
        assertThat(outcomes).allSatisfy((method, outcome) ->
                assertThat(outcome).as(method).matches("300 reported, (\\d+) stored of \\1, 32 shards hold rows"));
    }

    /**
     * {@code -p distribution=hash:COLUMN -p shards=N} as TableTrial places a table: hashed on that column (Citus'
     * pg_dist_partition) into N shards (pg_dist_shard), as {@link CitusTarget#placement} records it; a column the
     * table lacks, or no primary key to default to, is one line naming the table's columns.
     */
    @Test
    void aTableIsHashedOnTheNamedColumnIntoTheShardsAsked() throws SQLException {
        String events = schema.name() + ".events_by_device";
        String noKey = schema.name() + ".events_no_key";
        try (Connection c = cluster.dataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE " + events + " (id bigint, device integer, payload text)");
            st.execute("CREATE TABLE " + noKey + " (id bigint, device integer, payload text)");
            CitusTarget.distribute(c, events, "device", 4);
            try (ResultSet rs = st.executeQuery("SELECT column_to_column_name(logicalrelid, partkey), partmethod, "
                    + "(SELECT count(*) FROM pg_dist_shard s WHERE s.logicalrelid = p.logicalrelid) "
                    + "FROM pg_dist_partition p WHERE logicalrelid = '" + events + "'::regclass")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("device");
                assertThat(rs.getString(2)).isEqualTo("h");
                assertThat(rs.getLong(3)).isEqualTo(4);
            }
            assertThat(CitusTarget.placement(c, events)).containsEntry("distribution", "hash:device")
                    .containsEntry("shards", 4L);
            assertThat(CitusTarget.placement(c, noKey)).containsEntry("distribution", "local").containsEntry("shards", 0L);

            assertThatThrownBy(() -> CitusTarget.distribute(c, noKey, "sensor", 4)).isInstanceOf(TargetException.class)
                    .hasMessage("-p distribution=hash:sensor: " + noKey + " has no such column; its columns: id, device, "
                            + "payload");
            assertThatThrownBy(() -> CitusTarget.distribute(c, noKey, null, 4)).isInstanceOf(TargetException.class)
                    .hasMessage(noKey + " has no primary key to distribute on: name a column with "
                            + "-p distribution=hash:COLUMN (id, device, payload), or use -p distribution=local");
            assertThat(CitusTarget.placement(c, noKey)).containsEntry("distribution", "local");

            // a unique key without the column hashed on, as the users shape's email in its standard profile: the
            // suite's line, not Citus' "cannot create constraint" (an adversarial pass, 2026-12-03)
            String unique = schema.name() + ".events_unique_payload";
            st.execute("CREATE TABLE " + unique + " (id bigint PRIMARY KEY, payload text, CONSTRAINT payload_once "
                    + "UNIQUE (payload))");
            assertThatThrownBy(() -> CitusTarget.distribute(c, unique, null, 4)).isInstanceOf(TargetException.class)
                    .hasMessage(unique + " has a unique key, payload_once, without id, the column it is hashed on, which "
                            + "Citus refuses: with a published shape use -p indexes=PK, else name a column of every "
                            + "unique key with -p distribution=hash:COLUMN, or use -p distribution=local");
            assertThat(CitusTarget.placement(c, unique)).containsEntry("distribution", "local");
        }
    }

    /**
     * A table with a foreign key, placed as TableTrial places one: the table it references made a reference table
     * first, then it is distributed, and rows that reference existing ones load. Without the reference table Citus
     * refuses to distribute it (the reason the suite makes one).
     */
    @Test
    void aForeignKeyTargetBecomesAReferenceTableBeforeTheTableIsDistributed() throws SQLException {
        String customers = schema.name() + ".customers_ref";
        String orders = schema.name() + ".orders_0";
        String plainCustomers = schema.name() + ".plain_customers";
        String plainOrders = schema.name() + ".plain_orders";
        try (Connection c = cluster.dataSource().getConnection(); Statement st = c.createStatement()) {
            for (String[] pair : new String[][] {{customers, orders}, {plainCustomers, plainOrders}}) {
                st.execute("CREATE TABLE " + pair[0] + " (id bigint PRIMARY KEY, name text NOT NULL)");
                st.execute("INSERT INTO " + pair[0] + " SELECT g, 'c' || g FROM generate_series(1, 10) g");
                st.execute("CREATE TABLE " + pair[1] + " (id bigint PRIMARY KEY, customer_id bigint NOT NULL "
                        + "REFERENCES " + pair[0] + " (id), amount numeric(12,2))");
            }
            assertThatThrownBy(() -> CitusTarget.distribute(c, plainOrders, null, 4)).isInstanceOf(SQLException.class)
                    .hasMessageContaining("foreign key");

            CitusTarget.makeReference(c, customers);
            CitusTarget.distribute(c, orders, null, 4);
            st.execute("INSERT INTO " + orders + " SELECT g, 1 + g % 10, g FROM generate_series(1, 100) g");
            assertThat(count(c, orders)).isEqualTo(100);
            assertThat(CitusTarget.placement(c, customers)).containsEntry("distribution", "reference");
            assertThat(CitusTarget.placement(c, orders)).containsEntry("distribution", "hash:id").containsEntry("shards", 4L);
        }
    }

    /**
     * A user's DDL on the citus target as a fork applies it (TableTrial): on the coordinator alone, as the confined
     * role, so a function it defines cannot reach the host; the copy distributed, Citus creating its enum type on the
     * workers with the same owner; binary COPY and a batch store every row.
     */
    @Test
    void aUsersDdlIsAppliedConfinedAndItsCopyDistributedWithItsTypes() throws SQLException {
        String ddl = """
                CREATE TYPE app_kind AS ENUM ('click', 'view', 'buy');
                CREATE DOMAIN app_amount AS numeric(12,2);
                CREATE FUNCTION app_reach() RETURNS integer LANGUAGE plpgsql
                    AS $$ BEGIN COPY (SELECT 1) TO PROGRAM 'true'; RETURN 1; END $$;
                CREATE TABLE app_events (id bigint PRIMARY KEY, kind app_kind NOT NULL, amount app_amount,
                    attributes jsonb, at timestamptz NOT NULL);
                """;
        ResolvedTable resolved;
        try (Connection c = cluster.dataSource().getConnection(); Statement st = c.createStatement()) {
            // The launcher resolves a file on a server of its own and rolls it back; here the coordinator, kept local.
            st.execute("SET citus.enable_ddl_propagation TO off");
            try {
                resolved = TableSources.fromUserDdl(c, SqlScript.parse(ddl), QualifiedName.parse("app_events"),
                        "app_events", "--ddl app.sql", schema.name());
            } finally {
                st.execute("RESET citus.enable_ddl_propagation");
            }
        }
        try (Connection c = cluster.dataSource().getConnection(); Statement st = c.createStatement()) {
            TableCopies copies = new TableCopies(schema, resolved);
            copies.applySetup(c);
            Table table = copies.createCopy(c, copies.copyName("_0"), Map.of());
            CitusTarget.distribute(c, table.qualifiedName(), null, 4);
            RowGenerator rows = new RowGenerator(copies.plan(c, table, Map.of(), resolved.nullShares(), null), 7, 0.1);
            assertThat(LoadMethod.COPY_BINARY.create().load(c, table, rows.next(200))).isEqualTo(200);
            assertThat(LoadMethod.BATCH.create().load(c, table, rows.next(200))).isEqualTo(200);
            assertThat(count(c, table.qualifiedName())).isEqualTo(400);
            assertThat(shardsWithRows(c, table.qualifiedName())).isEqualTo(4);
            try (ResultSet rs = st.executeQuery("SELECT result FROM run_command_on_all_nodes($$SELECT "
                    + "typowner::regrole FROM pg_type WHERE typname = 'app_kind'$$)")) {
                List<String> owners = new java.util.ArrayList<>();
                while (rs.next()) {
                    owners.add(rs.getString(1));
                }
                assertThat(owners).as("the type's owner on the coordinator and each worker").containsExactly(
                        "pgib_ddl", "pgib_ddl", "pgib_ddl");
            }
            assertThatThrownBy(() -> st.execute("SELECT " + TableSources.SOURCE_SCHEMA + ".app_reach()"))
                    .hasMessageContaining("pg_execute_server_program");
        }
    }

    @Test
    void closingStopsEveryNodeAndRemovesItsDirectory() {
        CitusTarget second = CitusTarget.start(TargetConfig.defaults().withKind(TargetKind.CITUS)
                .withSetting("shared_buffers", "32MB").withCitus(new CitusSetup(java.util.Optional.empty(), 1)));
        List<Path> directories = second.runDirectories();
        ProcessHandle worker = second.postmaster("worker1");
        assertThat(directories).hasSize(2).allSatisfy(dir -> assertThat(Files.isDirectory(dir)).isTrue());
        second.close();
        assertThat(worker.isAlive()).isFalse();
        assertThat(directories).allSatisfy(dir -> assertThat(Files.exists(dir)).as(dir + " removed").isFalse());
    }

    private static long count(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Shards of the table that hold rows, counted on the workers through Citus' own placement function. */
    private static long shardsWithRows(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT count(DISTINCT "
                + "get_shard_id_for_distribution_column('" + table + "', id)) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
