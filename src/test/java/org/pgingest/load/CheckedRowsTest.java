package org.pgingest.load;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgingest.workload.Rows;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Rows checked before a call ({@link CheckedRows}, as the benchmarks give them) load exactly as unchecked rows do, a
 * row the check refuses is named when the rows are made, and rows checked for other columns are checked again.
 */
class CheckedRowsTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadMethod.class)
    void checkedRowsAreStoredAsTheServerReadsThem(LoadMethod method) throws Exception {
        Loader loader = method.create();
        Table table = LoaderTestServer.newTable(LoaderTestServer.shapesFor(method).get(0));
        List<Object[]> rows = LoaderTestServer.rows(table, 11, 0.3).next(60);
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThat(loader.load(c, table, CheckedRows.of(table, rows))).isEqualTo(rows.size());
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, rows));
        }
    }

    @Test
    void aRowTheCheckRefusesIsNamedWhenTheRowsAreMade() throws Exception {
        Table table = LoaderTestServer.newTableFromDdl("CREATE TABLE checked_notes (id bigint PRIMARY KEY, note text)",
                "checked_notes");
        List<Object[]> rows = new ArrayList<>();
        for (long i = 0; i < 50; i++) {
            rows.add(new Object[] {i, "note " + i});
        }
        rows.set(37, new Object[] {37L, "a NUL \u0000 text cannot hold"});
        // 22021 character_not_in_repertoire: what the server answers for U+0000 in text
        assertThatThrownBy(() -> CheckedRows.of(table, rows)).isInstanceOfSatisfying(LoadException.class, e -> {
            assertThat(e.rowIndex()).isEqualTo(37);
            assertThat(e.getSQLState()).isEqualTo("22021");
            assertThat(e.getMessage()).contains("note");
        });
    }

    /** Two tables alike but for the type of {@code code}, made once: a row the first takes the second refuses. */
    private static Table wide;
    private static Table narrow;

    @BeforeAll
    static void makeTablesOfTwoWidths() throws Exception {
        wide = LoaderTestServer.newTableFromDdl("CREATE TABLE checked_wide (id bigint GENERATED ALWAYS AS IDENTITY, "
                + "code text NOT NULL)", "checked_wide");
        narrow = LoaderTestServer.newTableFromDdl("CREATE TABLE checked_narrow (id bigint GENERATED ALWAYS AS IDENTITY, "
                + "code varchar(3) NOT NULL)", "checked_narrow");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"COPY_BINARY", "COPY_TEXT", "BATCH", "UNNEST", "ROW_COMMIT_EVERY",
            "MULTI_ROW_VALUES"})
    void rowsCheckedForOtherColumnsAreCheckedAgain(LoadMethod method) throws Exception {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            rows.add(new Object[] {String.format("%03d", i)});
        }
        rows.set(12, new Object[] {"longer than three"});
        CheckedRows checkedForWide = CheckedRows.of(wide, rows);
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            // 22001 string_data_right_truncation: the server's answer for a varchar(3) value of 17 characters
            assertThatThrownBy(() -> loader.load(c, narrow, checkedForWide)).isInstanceOfSatisfying(LoadException.class,
                    e -> {
                        assertThat(e.rowIndex()).isEqualTo(12);
                        assertThat(e.getSQLState()).isEqualTo("22001");
                    });
            assertThat(ServerRows.stored(c, narrow)).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"COPY_BINARY", "COPY_TEXT", "BATCH", "MULTI_ROW_VALUES"})
    void whatTheCheckRoundedIsWhatIsSent(String methodName) throws Exception {
        Table table = LoaderTestServer.newTableFromDdl("CREATE TABLE checked_times (id bigint PRIMARY KEY, at timestamp)",
                "checked_times");
        // 1.5 microseconds: binary sends whole microseconds, so a value the check had not rounded would arrive as
        // 1 µs on one path and be rounded by the server's text input on another
        LocalDateTime halfMicro = LocalDateTime.of(2021, 3, 4, 5, 6, 7, 1_500);
        Object[] row = {1L, halfMicro};
        List<Object[]> rows = new ArrayList<>();
        rows.add(row);
        CheckedRows checked = CheckedRows.of(table, rows);
        assertThat(row[1]).isSameAs(halfMicro);
        Loader loader = LoadMethod.valueOf(methodName).create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            loader.load(c, table, checked);
            String serverReading = ServerRows.serverTexts(c, "timestamp", new String[] {"2021-03-04 05:06:07.0000015"}).get(0);
            assertThat(ServerRows.stored(c, table)).containsExactly(
                    Rows.canonicalSorted(List.<String[]>of(new String[] {"1", serverReading})).get(0));
        }
    }
}
