package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Rows;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A rejected row is named by its index in the caller's input, and an atomic loader leaves the table as it was. */
class ErrorLocationTest {
    private static final int SIZE = 400;
    private static final int BAD = 237;

    /** Users whose row BAD repeats the email of row 20: rejected by unique(email) unless the loader skips or updates. */
    private static List<Object[]> usersWithDuplicateAt(int bad) {
        List<Object[]> rows = new ArrayList<>(new RowGenerator(TableShape.USERS, 5, 0.3).next(SIZE));
        Object[] copy = rows.get(bad).clone();
        copy[1] = rows.get(20)[1];
        rows.set(bad, copy);
        return rows;
    }

    /** Articles whose row BAD has a 65-character external_id: rejected by varchar(64) on every path. */
    private static List<Object[]> articlesTooLongAt(int bad) {
        List<Object[]> rows = new ArrayList<>(new RowGenerator(TableShape.ARTICLES, 5, 0.3).next(SIZE));
        Object[] copy = rows.get(bad).clone();
        copy[0] = "x".repeat(65);
        rows.set(bad, copy);
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"ROW_COMMIT_EVERY", "BATCH", "BATCH_REWRITTEN", "MULTI_ROW_VALUES",
            "UNNEST", "COPY_TEXT", "COPY_CSV", "COPY_BINARY", "COPY_FREEZE", "RETURNING_VALUES", "RETURNING_BATCH",
            "RETURNING_UNNEST"})
    void duplicateKeyNamesTheRowAndLeavesTheTableUnchanged(LoadMethod method) throws Exception {
        assertLocated(method, TableShape.USERS, usersWithDuplicateAt(BAD), "23505");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"AUTOCOMMIT_ROW"}, mode = EnumSource.Mode.EXCLUDE)
    void valueTooLongNamesTheRowOnEveryAtomicPath(LoadMethod method) throws Exception {
        assertLocated(method, TableShape.ARTICLES, articlesTooLongAt(BAD), "22001");
    }

    private static void assertLocated(LoadMethod method, TableShape shape, List<Object[]> rows, String sqlState)
            throws Exception {
        Table table = SharedServer.newTable(shape);
        Loader loader = method.create();
        List<Object[]> before = new RowGenerator(shape, 6, 0.3).next(10);
        try (Connection c = SharedServer.connect(loader)) {
            new CopyLoader(CopyFormat.BINARY).load(c, table, before);
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> {
                        assertThat(e.rowIndex()).isEqualTo(BAD);
                        assertThat(e.getSQLState()).isEqualTo(sqlState);
                        assertThat(e.getMessage()).startsWith("row " + BAD + " of the input was rejected: ERROR: ");
                    });
            assertThat(c.getAutoCommit()).isTrue();
            assertThat(Rows.canonicalSorted(table.readAll(c))).containsExactlyElementsOf(Rows.canonicalSorted(before));
        }
    }

    @Test
    void autocommitRowsBeforeTheRejectedOneStayCommitted() throws Exception {
        Table table = SharedServer.newTable(TableShape.USERS);
        List<Object[]> rows = usersWithDuplicateAt(BAD);
        Loader loader = LoadMethod.AUTOCOMMIT_ROW.create();
        try (Connection c = SharedServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
            assertThat(Rows.canonicalSorted(table.readAll(c)))
                    .containsExactlyElementsOf(Rows.canonicalSorted(rows.subList(0, BAD)));
        }
    }

    @Test
    void commitEveryKeepsTheChunksBeforeTheRejectedRowsChunk() throws Exception {
        Table table = SharedServer.newTable(TableShape.USERS);
        List<Object[]> rows = usersWithDuplicateAt(BAD);
        Loader loader = new CommitEveryLoader(BatchLoader.plain(30), 100);
        try (Connection c = SharedServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
            assertThat(Rows.canonicalSorted(table.readAll(c)))
                    .containsExactlyElementsOf(Rows.canonicalSorted(rows.subList(0, 200)));
        }
    }

    @Test
    void insideTheCallersTransactionAFailureUndoesOnlyTheLoad() throws Exception {
        Table table = SharedServer.newTable(TableShape.USERS);
        List<Object[]> earlier = new RowGenerator(TableShape.USERS, 8, 0).next(5);
        Loader loader = new CopyLoader(CopyFormat.BINARY);
        try (Connection c = SharedServer.connect(loader)) {
            c.setAutoCommit(false);
            loader.load(c, table, earlier);
            assertThatThrownBy(() -> loader.load(c, table, usersWithDuplicateAt(BAD)))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
            try (Statement st = c.createStatement()) {
                st.execute("SELECT 1"); // the transaction is still usable
            }
            c.commit();
            assertThat(Rows.canonicalSorted(table.readAll(c))).containsExactlyElementsOf(Rows.canonicalSorted(earlier));
        }
    }

    @Test
    void loadersThatCommitOnTheirOwnRefuseACallersTransaction() throws Exception {
        Table table = SharedServer.newTable(TableShape.USERS);
        Loader loader = new CommitEveryLoader(new SingleRowLoader(), 10);
        try (Connection c = SharedServer.connect(loader)) {
            c.setAutoCommit(false);
            assertThatThrownBy(() -> loader.load(c, table, List.of()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("single-row-commit-10 commits every 10 rows itself: call it with autocommit on");
        }
    }
}
