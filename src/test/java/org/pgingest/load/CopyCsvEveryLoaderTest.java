package org.pgingest.load;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.workload.Column;
import org.pgingest.workload.Rows;
import org.pgingest.workload.ServerReading;
import org.pgingest.workload.Table;
import org.postgresql.PGConnection;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's rows as text ({@code --rows}: CSV as {@code COPY ... CSV} reads it) through every loader's real path, each
 * value read as the suite reads a user's text ({@link ServerReading}), compared with what PostgreSQL's own
 * {@code COPY FROM STDIN (FORMAT csv)} of the same CSV stores in a twin of the table: the oracle is the server alone.
 * Each table holds a column type the loaders once altered or refused: json and jsonb (as JSON strings through
 * jsonb_to_recordset), arrays with lower bounds and two dimensions, time at 24:00:00 and the date/time input forms only
 * the server's input functions read, citext (binary through text's send/receive).
 */
class CopyCsvEveryLoaderTest {
    static final String JSON_DDL = "CREATE DOMAIN json_doc AS jsonb;\n"
            + "CREATE TABLE exact_json (id bigserial PRIMARY KEY, k text NOT NULL UNIQUE, j json, jb jsonb, ja json[],"
            + " jba jsonb[], jd json_doc)";
    static final List<String> JSON_ROWS = List.of(
            "j1,\"{\"\"a\"\":1}\",\"{\"\"a\"\":1}\",\"{\"\"{\\\"\"a\\\"\":1}\"\"}\",\"{\"\"[]\"\"}\",\"{\"\"a\"\":1}\"",
            "j2,[],[],{},{},[]",
            "j3,null,null,\"{null,\"\"null\"\"}\",\"{\"\"null\"\"}\",null",
            "j4,\"\"\"str\"\"\",\"\"\"str\"\"\",,,\"\"\"str\"\"\"",
            "j5,\"{\"\"b\"\": 1, \"\"a\"\": 2, \"\"b\"\": 3}\",\"{\"\"b\"\": 1, \"\"a\"\": 2, \"\"b\"\": 3}\",,,\"{\"\"b\"\": 1}\"",
            "j6,\" [1.50 ,  2] \",1.50,,,0",
            "j7,,,,,");

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadMethod.class)
    void jsonAndJsonbArriveAsJsonValuesOnEveryLoader(LoadMethod method) throws Exception {
        storesWhatCopyCsvStores(method, JSON_DDL, "exact_json", JSON_ROWS);
    }

    /**
     * Stores {@code csvRows} (the loader columns, in order) through {@code method}'s loader into a fresh copy of
     * {@code name}, and the same CSV with COPY into another, and compares both on the server's text output.
     */
    static void storesWhatCopyCsvStores(LoadMethod method, String ddl, String name, List<String> csvRows) throws Exception {
        Table table = SharedServer.newTableFromDdl(ddl, name);
        Table twin = SharedServer.newTableFromDdl(ddl, name);
        Loader loader = method.create();
        assertThat(method.cannotWrite(table)).as(method + " writes " + name).isEmpty();
        String csv = String.join("\n", csvRows) + "\n";
        try (Connection c = SharedServer.connect(loader)) {
            c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + twin.qualifiedName() + " (" + twin.columnList()
                    + ") FROM STDIN (FORMAT csv)", new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)));
            List<Object[]> rows = read(c, table.columns(), csv);
            assertThat(loader.load(c, table, rows)).isEqualTo(rows.size());
            assertThat(Rows.canonicalSorted(table.readAll(c))).as(method + " against COPY of the same CSV")
                    .containsExactlyElementsOf(Rows.canonicalSorted(twin.readAll(c)));
        }
    }

    /** The CSV's rows as the suite reads a user's --rows file: an unquoted empty field is NULL. */
    static List<Object[]> read(Connection c, List<Column> columns, String csv) throws IOException, SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (CSVParser parser = CSVParser.builder().setReader(new StringReader(csv)).setFormat(CSVFormat.POSTGRESQL_CSV).get()) {
            for (CSVRecord record : parser) {
                assertThat(record.size()).isEqualTo(columns.size());
                Object[] row = new Object[columns.size()];
                for (int i = 0; i < row.length; i++) {
                    String text = record.get(i);
                    row[i] = text == null ? null : ServerReading.value(c, columns.get(i), text);
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
