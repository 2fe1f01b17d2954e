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
    /** The articles' embedding column among the columns loaders write. */
    private static final int EMBEDDING = 7;

    /** Users whose row BAD repeats the email of row 20: rejected by unique(email) unless the loader skips or updates. */
    private static List<Object[]> usersWithDuplicateAt(Table table, int bad) {
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 5, 0.3).next(SIZE));
        Object[] copy = rows.get(bad).clone();
        copy[1] = rows.get(20)[1];
        rows.set(bad, copy);
        return rows;
    }

    /**
     * Articles whose row BAD has an embedding of 3 floats: rejected by the server's CHECK (cardinality(embedding) =
     * 384) on every path, a rule no codec knows (a too-long varchar(64) value is refused by its codec first).
     */
    private static List<Object[]> articlesShortEmbeddingAt(Table table, int bad) {
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 5, 0.3).next(SIZE));
        Object[] copy = rows.get(bad).clone();
        copy[EMBEDDING] = new float[] {1f, 2f, 3f};
        rows.set(bad, copy);
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"ROW_COMMIT_EVERY", "BATCH", "BATCH_REWRITTEN", "MULTI_ROW_VALUES",
            "UNNEST", "COPY_TEXT", "COPY_CSV", "COPY_BINARY", "COPY_FREEZE", "RETURNING_VALUES", "RETURNING_BATCH",
            "RETURNING_UNNEST"})
    void duplicateKeyNamesTheRowAndLeavesTheTableUnchanged(LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTable("users");
        assertLocated(method, table, usersWithDuplicateAt(table, BAD), "23505");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = LoadMethod.class, names = {"AUTOCOMMIT_ROW"}, mode = EnumSource.Mode.EXCLUDE)
    void aCheckTheServerEnforcesNamesTheRowOnEveryAtomicPath(LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTable("articles");
        assertLocated(method, table, articlesShortEmbeddingAt(table, BAD), "23514");
    }

    private static void assertLocated(LoadMethod method, Table table, List<Object[]> rows, String sqlState)
            throws Exception {
        Loader loader = method.create();
        List<Object[]> before = LoaderTestServer.rows(table, 6, 0.3).next(10);
        try (Connection c = LoaderTestServer.connect(loader)) {
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
        // The rule is the embedding's domain, so it holds in the staged methods' staging tables too, whose COPY
        // names the row; a rule of the target table alone fails their INSERT ... SELECT, which names none.
        Table table = LoaderTestServer.newTableFromDdl("CREATE DOMAIN embedding384 AS real[] CHECK (cardinality(VALUE) = 384); "
                + "CREATE TABLE documents (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
                + "external_id varchar(64) NOT NULL UNIQUE, embedding embedding384)", "documents");
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 5, 0.3).next(SIZE));
        Object[] copy = rows.get(BAD).clone();
        copy[1] = new float[] {1f, 2f, 3f};
        rows.set(BAD, copy);
        Iterable<Object[]> streamed = () -> rows.iterator(); // an Iterable that is not a List
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, streamed))
                    .isInstanceOfSatisfying(LoadException.class, e -> {
                        assertThat(e.rowIndex()).isEqualTo(BAD);
                        assertThat(e.getSQLState()).isEqualTo("23514");
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
        Table table = LoaderTestServer.newTable("articles");
        List<Object[]> rows = articlesShortEmbeddingAt(table, BAD);
        CountingLoader loader = new CountingLoader();
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
        }
        int bound = 1 + (int) Math.ceil(Math.log(SIZE) / Math.log(2)); // as AtomicLoader's Javadoc states
        assertThat(loader.writes - 1).isBetween(1, bound);
    }

    @Test
    void autocommitRowsBeforeTheRejectedOneStayCommitted() throws Exception {
        Table table = LoaderTestServer.newTable("users");
        List<Object[]> rows = usersWithDuplicateAt(table, BAD);
        Loader loader = LoadMethod.AUTOCOMMIT_ROW.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
            assertThat(ServerRows.stored(c, table))
                    .containsExactlyElementsOf(ServerRows.expected(c, table, rows.subList(0, BAD)));
        }
    }

    @Test
    void commitEveryKeepsTheChunksBeforeTheRejectedRowsChunk() throws Exception {
        Table table = LoaderTestServer.newTable("users");
        List<Object[]> rows = usersWithDuplicateAt(table, BAD);
        Loader loader = new CommitEveryLoader(BatchLoader.plain(30), 100);
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> assertThat(e.rowIndex()).isEqualTo(BAD));
            assertThat(ServerRows.stored(c, table))
                    .containsExactlyElementsOf(ServerRows.expected(c, table, rows.subList(0, 200)));
        }
    }

    @Test
    void loadersThatCommitAsTheyGoCheckAListWholeBeforeTheFirstCommit() throws Exception {
        Table table = LoaderTestServer.newTable("users");
        List<Object[]> rows = new ArrayList<>(LoaderTestServer.rows(table, 9, 0.3).next(SIZE));
        Object[] wrongType = rows.get(BAD).clone();
        wrongType[2] = "2024-01-01 00:00:00+00"; // a String for a timestamptz
        rows.set(BAD, wrongType);
        for (Loader loader : List.of(LoadMethod.AUTOCOMMIT_ROW.create(), new CommitEveryLoader(BatchLoader.plain(30), 100))) {
            try (Connection c = LoaderTestServer.connect(loader)) {
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
        Table table = LoaderTestServer.newTable("users");
        List<Object[]> earlier = LoaderTestServer.rows(table, 8, 0).next(5);
        Loader loader = new CopyLoader(CopyFormat.BINARY);
        try (Connection c = LoaderTestServer.connect(loader)) {
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
        Table table = LoaderTestServer.newTable("users");
        Loader loader = new CommitEveryLoader(new SingleRowLoader(), 10);
        try (Connection c = LoaderTestServer.connect(loader)) {
            c.setAutoCommit(false);
            assertThatThrownBy(() -> loader.load(c, table, List.of()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("single-row-commit-10 commits every 10 rows itself: call it with autocommit on");
        }
    }
}
