package org.pgingest.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.workload.Column;
import org.pgingest.workload.ColumnType;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Rows;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

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
 * No published shape has an int8 column, so no other loader test sends one: here the users table gets one more
 * column, {@code visits int8}, and every loader stores values at int8's edges and past int4's exactly. (Until
 * table definitions become data, a test-only table: {@link Table#withColumns}.)
 */
class Int8EveryLoaderTest {
    private static final List<Long> EDGES = Arrays.asList(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L,
            (long) Integer.MAX_VALUE + 1, (long) Integer.MIN_VALUE - 1, 9_007_199_254_740_993L, null);

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadMethod.class)
    void int8ValuesAtTheEdgesRoundTripThroughEveryLoader(LoadMethod method) throws Exception {
        List<Column> columns = new ArrayList<>(TableShape.USERS.columns());
        columns.add(Column.optional("visits", ColumnType.INT8));
        Table table = SharedServer.newTable(TableShape.USERS);
        table = table.withColumns(columns);
        try (Connection c = SharedServer.connect()) {
            table.create(c);
        }
        List<Object[]> rows = new ArrayList<>();
        Map<String, String> visitsByEmail = new LinkedHashMap<>();
        List<Object[]> users = new RowGenerator(TableShape.USERS, 64, 0).next(EDGES.size() * 3);
        for (int i = 0; i < users.size(); i++) {
            Long visits = i < EDGES.size() ? EDGES.get(i) : Long.valueOf(1_000_003L * i * (i % 2 == 0 ? 1 : -1) * Integer.MAX_VALUE);
            Object[] row = Arrays.copyOf(users.get(i), columns.size());
            row[columns.size() - 1] = visits;
            rows.add(row);
            visitsByEmail.put((String) row[1], visits == null ? null : Long.toString(visits));
        }
        Loader loader = method.create();
        try (Connection c = SharedServer.connect(loader)) {
            assertThat(loader.load(c, table, rows)).isEqualTo(rows.size());
            assertThat(Rows.canonicalSorted(table.readAll(c))).containsExactlyElementsOf(Rows.canonicalSorted(rows));
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
