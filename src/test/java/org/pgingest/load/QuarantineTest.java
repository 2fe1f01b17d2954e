package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Quarantine mode: all good rows loaded, every bad row returned with its error; good + rejected = input. */
class QuarantineTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"ROW_COMMIT_EVERY", "BATCH", "BATCH_REWRITTEN", "MULTI_ROW_VALUES",
            "UNNEST", "COPY_TEXT", "COPY_CSV", "COPY_BINARY"})
    void goodRowsLoadAndBadRowsComeBack(LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTable("users");
        List<Object[]> existing = LoaderTestServer.rows(table, 1, 0.2).next(20);
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 2, 0.3).next(1000));
        Set<Long> bad = new TreeSet<>();
        // duplicates of earlier input rows (the later copy is the bad one) ...
        for (int i : new int[] {17, 18, 400, 401, 402, 999}) {
            duplicateEmail(rows, i, rows.get(i - 10));
            bad.add((long) i);
        }
        // ... and of rows already in the table
        for (int i : new int[] {0, 555}) {
            duplicateEmail(rows, i, existing.get(i % existing.size()));
            bad.add((long) i);
        }
        QuarantineLoader quarantine = new QuarantineLoader((AtomicLoader) method.create());
        try (Connection c = LoaderTestServer.connect(method.create())) {
            new CopyLoader(CopyFormat.BINARY).load(c, table, existing);
            QuarantineLoader.Result result = quarantine.load(c, table, rows);

            assertThat(result.rejected()).extracting(QuarantineLoader.QuarantinedRow::index).containsExactlyElementsOf(bad);
            assertThat(result.rejected()).allSatisfy(r -> {
                assertThat(r.sqlState()).isEqualTo("23505");
                assertThat(r.message()).startsWith("ERROR: duplicate key value violates unique constraint");
                assertThat(r.row()).isSameAs(rows.get((int) r.index()));
            });
            List<Object[]> good = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                if (!bad.contains((long) i)) {
                    good.add(rows.get(i));
                }
            }
            assertThat(result.loaded()).isEqualTo(good.size());
            assertThat(result.loaded() + result.rejected().size()).isEqualTo(rows.size());
            List<Object[]> expected = new ArrayList<>(existing);
            expected.addAll(good);
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, expected));
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"BATCH", "UNNEST", "COPY_CSV", "COPY_BINARY", "JSONB_RECORDSET"})
    void rowsTheCheckRefusesAreQuarantinedLikeRowsTheServerRefuses(LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTable("sensors");
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 4, 0.3).next(300));
        rows.set(10, null);
        Object[] surrogate = rows.get(150).clone();
        surrogate[0] = "lone \uDBFF";
        rows.set(150, surrogate);
        Object[] integer = rows.get(299).clone();
        integer[2] = 7;
        rows.set(299, integer);
        try (Connection c = LoaderTestServer.connect(method.create())) {
            QuarantineLoader.Result result = new QuarantineLoader((AtomicLoader) method.create()).load(c, table, rows);
            assertThat(result.rejected()).extracting(QuarantineLoader.QuarantinedRow::index).containsExactly(10L, 150L, 299L);
            assertThat(result.rejected()).extracting(QuarantineLoader.QuarantinedRow::sqlState)
                    .containsExactly("22023", "22021", "22023");
            assertThat(result.loaded()).isEqualTo(297);
            assertThat(table.count(c)).isEqualTo(297);
        }
    }

    @Test
    void aMissingTableIsThrownNotQuarantined() throws Exception {
        Table missing = LoaderTestServer.newTable("sensors").named("no_such_quarantine_table");
        try (Connection c = LoaderTestServer.connect()) {
            assertThatThrownBy(() -> new QuarantineLoader(new CopyLoader(CopyFormat.BINARY))
                    .load(c, missing, LoaderTestServer.rows(missing, 5, 0).next(10)))
                    .isInstanceOf(java.sql.SQLException.class)
                    .satisfies(e -> assertThat(((java.sql.SQLException) e).getSQLState()).isEqualTo("42P01"));
        }
    }

    @Test
    void cleanInputTakesTheFastPath() throws Exception {
        Table table = LoaderTestServer.newTable("articles");
        List<Object[]> rows = LoaderTestServer.rows(table, 3, 0.3).next(200);
        try (Connection c = LoaderTestServer.connect()) {
            QuarantineLoader.Result result = new QuarantineLoader(new CopyLoader(CopyFormat.BINARY)).load(c, table, rows);
            assertThat(result.rejected()).isEmpty();
            assertThat(result.loaded()).isEqualTo(200);
            assertThat(table.count(c)).isEqualTo(200);
        }
    }

    @Test
    void freezeCannotBeQuarantinedBecauseItReplacesTheTable() {
        assertThatThrownBy(() -> new QuarantineLoader(new CopyFreezeLoader(CopyFormat.BINARY)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("copy-freeze-binary replaces the table's contents");
    }

    private static void duplicateEmail(List<Object[]> rows, int index, Object[] source) {
        Object[] copy = rows.get(index).clone();
        copy[1] = source[1];
        rows.set(index, copy);
    }
}
