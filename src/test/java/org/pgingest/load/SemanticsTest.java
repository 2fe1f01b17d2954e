package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.workload.IndexProfile;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
        for (TableShape shape : List.of(TableShape.USERS, TableShape.ARTICLES)) {
            Table table = SharedServer.newTable(shape);
            int keyColumn = shape == TableShape.USERS ? 1 : 0;
            String key = shape.conflictKey(IndexProfile.STANDARD).orElseThrow();
            ReturningLoader loader = (ReturningLoader) method.create();
            try (Connection c = SharedServer.connect(loader)) {
                loader.load(c, table, new RowGenerator(shape, 11, 0).next(37)); // ids no longer start at 1
                List<Object[]> rows = new RowGenerator(shape, 12, 0.3).next(500);
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
        Table table = SharedServer.newTable(TableShape.USERS);
        Loader loader = method.create();
        RowGenerator generator = new RowGenerator(TableShape.USERS, 21, 0.3);
        List<Object[]> first = generator.next(100);
        List<Object[]> second = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Object[] changed = first.get(i).clone();
            changed[0] = "renamed " + i;
            second.add(changed);
        }
        second.addAll(generator.next(30));
        try (Connection c = SharedServer.connect(loader)) {
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
        Table table = SharedServer.newTable(TableShape.USERS);
        List<Object[]> rows = new ArrayList<>(new RowGenerator(TableShape.USERS, 22, 0).next(3));
        Object[] repeat = rows.get(0).clone();
        repeat[0] = "last one wins";
        rows.add(repeat);
        try (Connection c = SharedServer.connect()) {
            assertThat(method.create().load(c, table, rows)).isEqualTo(3);
            assertThat(ServerRows.stored(c, table))
                    .containsExactlyElementsOf(ServerRows.expected(c, table, rows.subList(1, 4)));
        }
    }

    @Test
    void stagedDedupeSkipsExistingAndRepeatedKeysAndEmptiesStaging() throws Exception {
        Table table = SharedServer.newTable(TableShape.ARTICLES);
        RowGenerator generator = new RowGenerator(TableShape.ARTICLES, 23, 0.3);
        List<Object[]> first = generator.next(40);
        List<Object[]> second = new ArrayList<>(first.subList(0, 10));
        List<Object[]> fresh = generator.next(25);
        second.addAll(fresh);
        second.add(fresh.get(0));
        StagedDedupeLoader loader = new StagedDedupeLoader();
        try (Connection c = SharedServer.connect()) {
            assertThat(loader.load(c, table, first)).isEqualTo(40);
            assertThat(loader.load(c, table, second)).isEqualTo(25);
            List<Object[]> expected = new ArrayList<>(first);
            expected.addAll(fresh);
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, expected));
            assertThat(table.named(StagedDedupeLoader.stagingName(table)).count(c)).isZero();
        }
    }

    @Test
    void copyFreezeReplacesTheTablesContents() throws Exception {
        Table table = SharedServer.newTable(TableShape.SENSORS);
        RowGenerator generator = new RowGenerator(TableShape.SENSORS, 24, 0.3);
        CopyFreezeLoader loader = new CopyFreezeLoader(CopyFormat.BINARY);
        try (Connection c = SharedServer.connect()) {
            loader.load(c, table, generator.next(100));
            List<Object[]> second = generator.next(60);
            assertThat(loader.load(c, table, second)).isEqualTo(60);
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, second));
        }
    }

    @Test
    void multiRowValuesSplitsAtTheBindParameterCeiling() throws Exception {
        Table table = SharedServer.newTable(TableShape.USERS);
        MultiRowValuesLoader loader = new MultiRowValuesLoader(0);
        assertThat(loader.chunkSize(table)).isEqualTo(21_845); // 65,535 / 3 columns
        List<Object[]> rows = new RowGenerator(TableShape.USERS, 25, 0.1).next(21_846);
        try (Connection c = SharedServer.connect()) {
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
        Table table = SharedServer.newTable(TableShape.SENSORS);
        try (Connection c = SharedServer.connect()) {
            assertThatThrownBy(() -> BatchLoader.rewritten(64).load(c, table, new RowGenerator(TableShape.SENSORS, 1, 0).next(3)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("batch-rewritten-64 needs a connection opened with reWriteBatchedInserts=true");
            assertThat(table.count(c)).isZero();
        }
    }

    @Test
    void unsupportedCombinationsNameWhatIsSupported() throws Exception {
        Table sensors = SharedServer.newTable(TableShape.SENSORS);
        Table usersPkOnly = SharedServer.newTable(TableShape.USERS, IndexProfile.PK);
        try (Connection c = SharedServer.connect()) {
            assertThatThrownBy(() -> new CopyUpsertLoader().load(c, sensors, List.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("copy-upsert does not support table shape sensors; it supports users, articles");
            assertThatThrownBy(() -> new CopyUpsertLoader().load(c, usersPkOnly, new RowGenerator(TableShape.USERS, 1, 0).next(1)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("copy-upsert needs a unique key to conflict on, and users with index profile pk has none; "
                            + "use pk_unique or a larger profile");
        }
        assertThatThrownBy(() -> Table.of(SharedServer.schema(), TableShape.SENSORS, IndexProfile.PK_UNIQUE_BTREE).create(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index profile pk_unique_btree applies to users only; sensors takes standard");
        assertThatThrownBy(() -> LoadMethod.parse("bulk"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown load method 'bulk': valid methods are autocommit_row, row_commit_every, batch,");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(IndexProfile.class)
    void everyUsersIndexProfileCreatesItsIndexes(IndexProfile profile) throws Exception {
        Table table = SharedServer.newTable(TableShape.USERS, profile);
        Set<String> definitions = new HashSet<>();
        try (Connection c = SharedServer.connect();
             PreparedStatement ps = c.prepareStatement("SELECT indexdef FROM pg_indexes WHERE schemaname = ? AND tablename = ?")) {
            ps.setString(1, table.schema().name());
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    definitions.add(rs.getString(1).replaceAll(".* USING ", ""));
                }
            }
            new CopyLoader(CopyFormat.BINARY).load(c, table, new RowGenerator(TableShape.USERS, 3, 0.3).next(100));
            assertThat(table.count(c)).isEqualTo(100);
        }
        int expected = switch (profile) {
            case PK -> 1;
            case STANDARD, PK_UNIQUE -> 2;
            case PK_UNIQUE_BTREE -> 3;
            case PK_UNIQUE_BTREE_GIN -> 4;
        };
        assertThat(definitions).hasSize(expected);
        if (profile == IndexProfile.PK_UNIQUE_BTREE_GIN) {
            assertThat(definitions).anySatisfy(d -> assertThat(d).startsWith("gin (to_tsvector("));
        }
    }
}
