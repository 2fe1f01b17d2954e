package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What each special path promises beyond a plain insert. */
class SemanticsTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"RETURNING_VALUES", "RETURNING_BATCH", "RETURNING_UNNEST"})
    void returningHandsBackIdsInInputOrder(LoadMethod method) throws Exception {
        for (String shape : List.of("users", "articles")) {
            Table table = LoaderTestServer.newTable(shape);
            int keyColumn = shape.equals("users") ? 1 : 0;
            String key = table.conflictKey().orElseThrow().get(0);
            ReturningLoader loader = (ReturningLoader) method.create();
            try (Connection c = LoaderTestServer.connect(loader)) {
                loader.load(c, table, LoaderTestServer.rows(table, 11, 0).next(37)); // ids no longer start at 1
                List<Object[]> rows = LoaderTestServer.rows(table, 12, 0.3).next(500);
                long[] ids = loader.loadReturningIds(c, table, rows);
                assertThat(ids).hasSize(rows.size()).doesNotHaveDuplicates();
                try (PreparedStatement ps = c.prepareStatement("SELECT " + key + " FROM " + table.qualifiedName() + " WHERE id = ?")) {
                    for (int i = 0; i < rows.size(); i++) {
                        ps.setLong(1, ids[i]);
                        try (ResultSet rs = ps.executeQuery()) {
                            assertThat(rs.next()).isTrue();
                            assertThat(rs.getString(1)).as("row %d", i).isEqualTo(rows.get(i)[keyColumn]);
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"COPY_UPSERT", "BATCH_UPSERT", "MERGE_UPSERT"})
    void upsertsInsertNewKeysAndUpdateExistingOnes(LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTable("users");
        Loader loader = method.create();
        RowGenerator generator = LoaderTestServer.rows(table, 21, 0.3);
        List<Object[]> first = generator.next(100);
        List<Object[]> second = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Object[] changed = first.get(i).clone();
            changed[0] = "renamed " + i;
            second.add(changed);
        }
        second.addAll(generator.next(30));
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThat(loader.load(c, table, first)).isEqualTo(100);
            assertThat(loader.load(c, table, second)).isEqualTo(80);
            List<Object[]> expected = new ArrayList<>(second);
            expected.addAll(first.subList(50, 100));
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, expected));
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"COPY_UPSERT", "MERGE_UPSERT"})
    void stagedUpsertsLetTheLastRepeatOfAKeyWin(LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTable("users");
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 22, 0).next(3));
        Object[] repeat = rows.get(0).clone();
        repeat[0] = "last one wins";
        rows.add(repeat);
        try (Connection c = LoaderTestServer.connect()) {
            assertThat(method.create().load(c, table, rows)).isEqualTo(3);
            assertThat(ServerRows.stored(c, table))
                    .containsExactlyElementsOf(ServerRows.expected(c, table, rows.subList(1, 4)));
        }
    }

    @Test
    void stagedDedupeSkipsExistingAndRepeatedKeysAndEmptiesStaging() throws Exception {
        Table table = LoaderTestServer.newTable("articles");
        RowGenerator generator = LoaderTestServer.rows(table, 23, 0.3);
        List<Object[]> first = generator.next(40);
        List<Object[]> second = new ArrayList<>(first.subList(0, 10));
        List<Object[]> fresh = generator.next(25);
        second.addAll(fresh);
        second.add(fresh.get(0));
        StagedDedupeLoader loader = new StagedDedupeLoader();
        try (Connection c = LoaderTestServer.connect()) {
            assertThat(loader.load(c, table, first)).isEqualTo(40);
            assertThat(loader.load(c, table, second)).isEqualTo(25);
            List<Object[]> expected = new ArrayList<>(first);
            expected.addAll(fresh);
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, expected));
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT to_regclass('pg_temp."
                    + StagedDedupeLoader.STAGING + "') IS NULL")) {
                rs.next();
                assertThat(rs.getBoolean(1)).as("staging dropped").isTrue();
            }
        }
    }

    /**
     * The staging tables are the session's own whatever its search path: a function of a user's DDL once left the
     * loading session a path whose first schema held a view of the staging table's name, which the superuser session
     * then read, running what the view called (an adversarial pass, 2026-12-02).
     */
    @Test
    void theStagingTablesAreTheSessionsOwnWhateverItsSearchPath() throws Exception {
        Table table = LoaderTestServer.newTable("articles");
        List<Object[]> rows = LoaderTestServer.rows(table, 29, 0).next(30);
        try (Connection c = LoaderTestServer.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE SCHEMA decoy_staging");
            st.execute("CREATE TABLE decoy_staging.pgib_staged_input (x text)");
            st.execute("CREATE TABLE decoy_staging.pgib_dedupe_staging (x text)");
            st.execute("SET search_path = decoy_staging, pg_catalog, pg_temp");
            try {
                assertThat(new StagedDedupeLoader().load(c, table, rows.subList(0, 15))).isEqualTo(15);
                assertThat(new CopyUpsertLoader().load(c, table, rows.subList(15, 30))).isEqualTo(15);
                try (ResultSet rs = st.executeQuery("SELECT (SELECT count(*) FROM decoy_staging.pgib_staged_input) "
                        + "+ (SELECT count(*) FROM decoy_staging.pgib_dedupe_staging)")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("nothing staged in the schema the path named first").isZero();
                }
            } finally {
                st.execute("RESET search_path");
                st.execute("DROP SCHEMA decoy_staging CASCADE");
            }
        }
    }

    /**
     * Two connections loading one table at once, call after call: each stages its rows apart (the shared staging
     * table of old deadlocked two overlapping calls, 40P01), and every row arrives.
     */
    @Test
    void stagedDedupeCallsOnTwoConnectionsAtOnceNeitherWaitNorDeadlock() throws Exception {
        Table table = LoaderTestServer.newTable("articles");
        List<Object[]> rows = LoaderTestServer.rows(table, 25, 0).next(4000);
        StagedDedupeLoader loader = new StagedDedupeLoader();
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<Long>> calls = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                List<Object[]> mine = rows.subList(w * 2000, (w + 1) * 2000);
                calls.add(pool.submit(() -> {
                    long loaded = 0;
                    try (Connection c = LoaderTestServer.connect()) {
                        for (int call = 0; call < 20; call++) {
                            start.await(); // both calls of a round overlap
                            loaded += loader.load(c, table, mine.subList(call * 100, (call + 1) * 100));
                        }
                    }
                    return loaded;
                }));
            }
            for (java.util.concurrent.Future<Long> call : calls) {
                assertThat(call.get(2, java.util.concurrent.TimeUnit.MINUTES)).isEqualTo(2000);
            }
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = LoaderTestServer.connect()) {
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, rows));
        }
    }

    @Test
    void copyFreezeReplacesTheTablesContents() throws Exception {
        Table table = LoaderTestServer.newTable("sensors");
        RowGenerator generator = LoaderTestServer.rows(table, 24, 0.3);
        CopyFreezeLoader loader = new CopyFreezeLoader(CopyFormat.BINARY);
        try (Connection c = LoaderTestServer.connect()) {
            loader.load(c, table, generator.next(100));
            List<Object[]> second = generator.next(60);
            assertThat(loader.load(c, table, second)).isEqualTo(60);
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, second));
        }
    }

    @Test
    void multiRowValuesSplitsAtTheBindParameterCeiling() throws Exception {
        Table table = LoaderTestServer.newTable("users");
        MultiRowValuesLoader loader = new MultiRowValuesLoader(0);
        assertThat(loader.chunkSize(table)).isEqualTo(21_845); // 65,535 / 3 columns
        List<Object[]> rows = LoaderTestServer.rows(table, 25, 0.1).next(21_846);
        try (Connection c = LoaderTestServer.connect()) {
            assertThat(loader.load(c, table, rows)).isEqualTo(21_846);
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, rows));
        }
        assertThatThrownBy(() -> new MultiRowValuesLoader(21_846).chunkSize(table))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("multi-row-values-21846: 21846 rows of 3 columns exceed the 65,535 bind-parameter ceiling; "
                        + "at most 21845 rows per statement");
    }

    @Test
    void rewrittenBatchRefusesAConnectionWithoutTheDriverOption() throws Exception {
        Table table = LoaderTestServer.newTable("sensors");
        try (Connection c = LoaderTestServer.connect()) {
            assertThatThrownBy(() -> BatchLoader.rewritten(64).load(c, table, LoaderTestServer.rows(table, 1, 0).next(3)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("batch-rewritten-64 needs a connection opened with reWriteBatchedInserts=true");
            assertThat(table.count(c)).isZero();
        }
    }

    @Test
    void aTableALoaderCannotWriteGetsTheReason() throws Exception {
        Table sensors = LoaderTestServer.newTable("sensors");
        Table usersPkOnly = LoaderTestServer.newTable("users", "PK");
        String schema = LoaderTestServer.schema().name();
        try (Connection c = LoaderTestServer.connect()) {
            assertThat(LoadMethod.COPY_UPSERT.cannotWrite(sensors)).contains(
                    "it has no primary key, unique constraint or unique index");
            assertThatThrownBy(() -> new CopyUpsertLoader().load(c, sensors, List.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("copy-upsert cannot write " + schema + "." + sensors.name()
                            + ": it has no primary key, unique constraint or unique index");
            assertThat(LoadMethod.COPY_UPSERT.cannotWrite(usersPkOnly)).contains("it has no unique key of columns the "
                    + "loaders write, which an upsert conflicts on and RETURNING matches each returned id to its row by "
                    + "(primary key (id) holds id, which the server fills)");
            assertThat(LoadMethod.RETURNING_VALUES.cannotWrite(sensors)).contains(
                    "it has no integer column the server fills from a sequence (identity or serial) to hand back");
            assertThat(LoadMethod.COPY_BINARY.cannotWrite(sensors)).isEmpty();
            assertThat(LoadMethod.COPY_FREEZE.cannotWrite(usersPkOnly)).isEmpty();
        }
        assertThatThrownBy(() -> LoaderTestServer.newTable("sensors", "PK_UNIQUE_BTREE"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index profile PK_UNIQUE_BTREE does not apply to sensors; sensors takes STANDARD");
        assertThatThrownBy(() -> LoadMethod.parse("bulk"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown load method 'bulk': valid methods are autocommit_row, row_commit_every, batch,");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"STANDARD", "PK", "PK_UNIQUE", "PK_UNIQUE_BTREE", "PK_UNIQUE_BTREE_GIN"})
    void everyUsersIndexProfileCreatesItsIndexes(String profile) throws Exception {
        Table table = LoaderTestServer.newTable("users", profile);
        Set<String> definitions = new HashSet<>();
        try (Connection c = LoaderTestServer.connect();
             PreparedStatement ps = c.prepareStatement("SELECT indexdef FROM pg_indexes WHERE schemaname = ? AND tablename = ?")) {
            ps.setString(1, table.schema().name());
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    definitions.add(rs.getString(1).replaceAll(".* USING ", ""));
                }
            }
            new CopyLoader(CopyFormat.BINARY).load(c, table, LoaderTestServer.rows(table, 3, 0.3).next(100));
            assertThat(table.count(c)).isEqualTo(100);
        }
        int expected = switch (profile) {
            case "PK" -> 1;
            case "STANDARD", "PK_UNIQUE" -> 2;
            case "PK_UNIQUE_BTREE" -> 3;
            case "PK_UNIQUE_BTREE_GIN" -> 4;
            default -> throw new IllegalArgumentException(profile);
        };
        assertThat(definitions).hasSize(expected);
        if (profile.equals("PK_UNIQUE_BTREE_GIN")) {
            assertThat(definitions).anySatisfy(d -> assertThat(d).startsWith("gin (to_tsvector("));
        }
    }
}
