package org.pgingest.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No published shape has an int8 column the loaders write, so no other loader test sends one: here the users table
 * gets one more column, {@code visits bigint} (its DDL read through the same path as a user's), and every loader
 * stores values at int8's edges and past int4's exactly.
 */
class Int8EveryLoaderTest {
    private static final List<Long> EDGES = Arrays.asList(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L,
            (long) Integer.MAX_VALUE + 1, (long) Integer.MIN_VALUE - 1, 9_007_199_254_740_993L, null);

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadMethod.class)
    void int8ValuesAtTheEdgesRoundTripThroughEveryLoader(LoadMethod method) throws Exception {
        Table table = LoaderTestServer.newTableFromDdl("CREATE TABLE users_visits (id bigserial PRIMARY KEY, name text, "
                + "email text NOT NULL UNIQUE, created_at timestamptz NOT NULL, visits bigint)", "users_visits");
        int visitsColumn = table.columns().size() - 1;
        assertThat(table.columns().get(visitsColumn).name()).isEqualTo("visits");
        List<Object[]> rows = new ArrayList<>();
        Map<String, String> visitsByEmail = new LinkedHashMap<>();
        List<Object[]> users = LoaderTestServer.rows(table, 64, 0).next(EDGES.size() * 3);
        for (int i = 0; i < users.size(); i++) {
            Long visits = i < EDGES.size() ? EDGES.get(i) : Long.valueOf(1_000_003L * i * (i % 2 == 0 ? 1 : -1) * Integer.MAX_VALUE);
            Object[] row = users.get(i).clone();
            row[visitsColumn] = visits;
            rows.add(row);
            visitsByEmail.put((String) row[1], visits == null ? null : Long.toString(visits));
        }
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThat(loader.load(c, table, rows)).isEqualTo(rows.size());
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, rows));
            // and as the server itself prints them, against the decimal text of what was sent
            Map<String, String> stored = new LinkedHashMap<>();
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT email, visits::text FROM " + table.qualifiedName())) {
                while (rs.next()) {
                    stored.put(rs.getString(1), rs.getString(2));
                }
            }
            assertThat(stored).containsExactlyInAnyOrderEntriesOf(visitsByEmail);
        }
    }
}
