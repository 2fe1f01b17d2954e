package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.workload.Table;

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
    private static List<Object[]> usersWithDuplicateAt(Table table, int bad) {
        List<Object[]> rows = new ArrayList<>(SharedServer.rows(table, 5, 0.3).next(SIZE));
        Object[] copy = rows.get(bad).clone();
        copy[1] = rows.get(20)[1];
        rows.set(bad, copy);
        return rows;
    }

    /** Articles whose row BAD has a 65-character external_id: rejected by varchar(64) on every path. */
    private static List<Object[]> articlesTooLongAt(Table table, int bad) {
        List<Object[]> rows = new ArrayList<>(SharedServer.rows(table, 5, 0.3).next(SIZE));
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
        Table table = SharedServer.newTable("users");
        assertLocated(method, table, usersWithDuplicateAt(table, BAD), "23505");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"AUTOCOMMIT_ROW"}, mode = EnumSource.Mode.EXCLUDE)
    void valueTooLongNamesTheRowOnEveryAtomicPath(LoadMethod method) throws Exception {
        Table table = SharedServer.newTable("articles");
        assertLocated(method, table, articlesTooLongAt(table, BAD), "22001");
    }

    private static void assertLocated(LoadMethod method, Table table, List<Object[]> rows, String sqlState)
            throws Exception {
        Loader loader = method.create();
        List<Object[]> before = SharedServer.rows(table, 6, 0.3).next(10);
        try (Connection c = SharedServer.connect(loader)) {
            new CopyLoader(CopyFormat.BINARY).load(c, table, before);
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> {
                        assertThat(e.rowIndex()).isEqualTo(BAD);
                        assertThat(e.getSQLState()).isEqualTo(sqlState);
                        assertThat(e.getMessage()).startsWith("row " + BAD + " of the input was rejected: ERROR: ");
                    });
            assertThat(c.getAutoCommit()).isTrue();
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, before));
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"AUTOCOMMIT_ROW"}, mode = EnumSource.Mode.EXCLUDE)
    void streamedInputKeepsTheRowIndex(LoadMethod method) throws Exception {
        Table table = SharedServer.newTable("articles");
        List<Object[]> rows = articlesTooLongAt(table, BAD);
        Iterable<Object[]> streamed = () -> rows.iterator(); // an Iterable that is not a List
        Loader loader = method.create();
        try (Connection c = SharedServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, streamed))
                    .isInstanceOfSatisfying(LoadException.class, e -> {
                        assertThat(e.rowIndex()).isEqualTo(BAD);
                        assertThat(e.getSQLState()).isEqualTo("22001");
                    });
            assertThat(table.count(c)).isZero();
        }
    }

    /** An atomic loader that counts its writes: the first one, then the search's. */
    private static final class CountingLoader extends AtomicLoader {
        private final AtomicLoader inner = new MultiRowValuesLoader(0);
        private int writes;

        @Override
        public String name() {
            return "counting";
        }

        @Override
        protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws java.sql.SQLException {
            writes++;
            return inner.write(connection, table, rows);
        }
    }

    @Test
    void theSearchForTheRowIsBoundedByLog2OfTheRows() throws Exception {
        Table table = SharedServer.newTable("articles");
        List<Object[]> rows = articlesTooLongAt(table, BAD);
        CountingLoader loader = new CountingLoader();
        try (Connection c = SharedServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
        }
        int bound = 1 + (int) Math.ceil(Math.log(SIZE) / Math.log(2)); // as AtomicLoader's Javadoc states
        assertThat(loader.writes - 1).isBetween(1, bound);
    }

    @Test
    void statementSizeErrorsAreNoRowsFault() {
        java.sql.SQLException jsonb = new java.sql.SQLException(
                "ERROR: total size of jsonb array elements exceeds the maximum of 268435455 bytes", "54000");
        java.sql.SQLException alloc = new java.sql.SQLException("ERROR: invalid memory alloc request size 1073741824", "XX000");
        java.sql.SQLException indexRow = new java.sql.SQLException(
                "ERROR: index row size 2720 exceeds btree version 4 maximum 2704 for index", "54000");
        assertThat(Failures.rowCaused(jsonb)).isFalse();
        assertThat(Failures.rowCaused(alloc)).isFalse();
        assertThat(Failures.rowCaused(indexRow)).isTrue();
        assertThat(Failures.notARowsFault(jsonb).getMessage())
                .startsWith("one statement of the load exceeded a server size limit (no row is at fault; "
                        + "send fewer rows per statement with a smaller batchSize): ERROR: total size of jsonb");
        assertThat(Failures.rowCaused(new java.sql.SQLException("ERROR: relation does not exist", "42P01"))).isFalse();
        assertThat(Failures.rowCaused(new java.sql.SQLException("An I/O error occurred", "08006"))).isFalse();
    }

    @Test
    void autocommitRowsBeforeTheRejectedOneStayCommitted() throws Exception {
        Table table = SharedServer.newTable("users");
        List<Object[]> rows = usersWithDuplicateAt(table, BAD);
        Loader loader = LoadMethod.AUTOCOMMIT_ROW.create();
        try (Connection c = SharedServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
            assertThat(ServerRows.stored(c, table))
                    .containsExactlyElementsOf(ServerRows.expected(c, table, rows.subList(0, BAD)));
        }
    }

    @Test
    void commitEveryKeepsTheChunksBeforeTheRejectedRowsChunk() throws Exception {
        Table table = SharedServer.newTable("users");
        List<Object[]> rows = usersWithDuplicateAt(table, BAD);
        Loader loader = new CommitEveryLoader(BatchLoader.plain(30), 100);
        try (Connection c = SharedServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
            assertThat(ServerRows.stored(c, table))
                    .containsExactlyElementsOf(ServerRows.expected(c, table, rows.subList(0, 200)));
        }
    }

    @Test
    void loadersThatCommitAsTheyGoCheckAListWholeBeforeTheFirstCommit() throws Exception {
        Table table = SharedServer.newTable("users");
        List<Object[]> rows = new ArrayList<>(SharedServer.rows(table, 9, 0.3).next(SIZE));
        Object[] wrongType = rows.get(BAD).clone();
        wrongType[2] = "2024-01-01 00:00:00+00"; // a String for a timestamptz
        rows.set(BAD, wrongType);
        for (Loader loader : List.of(LoadMethod.AUTOCOMMIT_ROW.create(), new CommitEveryLoader(BatchLoader.plain(30), 100))) {
            try (Connection c = SharedServer.connect(loader)) {
                assertThatThrownBy(() -> loader.load(c, table, rows))
                        .isInstanceOfSatisfying(LoadException.class, e -> {
                            assertThat(e.rowIndex()).isEqualTo(BAD);
                            assertThat(e.getSQLState()).isEqualTo("22023");
                            assertThat(e.getMessage()).isEqualTo("row " + BAD + " of the input was rejected: column created_at: "
                                    + "a timestamp with time zone column takes OffsetDateTime, not String (2024-01-01 00:00:00+00)");
                        });
                assertThat(table.count(c)).as(loader.name()).isZero();
            }
        }
    }

    @Test
    void insideTheCallersTransactionAFailureUndoesOnlyTheLoad() throws Exception {
        Table table = SharedServer.newTable("users");
        List<Object[]> earlier = SharedServer.rows(table, 8, 0).next(5);
        Loader loader = new CopyLoader(CopyFormat.BINARY);
        try (Connection c = SharedServer.connect(loader)) {
            c.setAutoCommit(false);
            loader.load(c, table, earlier);
            assertThatThrownBy(() -> loader.load(c, table, usersWithDuplicateAt(table, BAD)))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
            try (Statement st = c.createStatement()) {
                st.execute("SELECT 1"); // the transaction is still usable
            }
            c.commit();
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, earlier));
        }
    }

    @Test
    void loadersThatCommitOnTheirOwnRefuseACallersTransaction() throws Exception {
        Table table = SharedServer.newTable("users");
        Loader loader = new CommitEveryLoader(new SingleRowLoader(), 10);
        try (Connection c = SharedServer.connect(loader)) {
            c.setAutoCommit(false);
            assertThatThrownBy(() -> loader.load(c, table, List.of()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("single-row-commit-10 commits every 10 rows itself: call it with autocommit on");
        }
    }
}
