package org.pgingest.table;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.SampleRows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A user's CSV rows: what COPY ... CSV HEADER would refuse is refused here too, with its line. */
class UserRowsTest {
    private static EmbeddedTarget server;

    @BeforeAll
    static void start() {
        server = EmbeddedTarget.start(TargetConfig.defaults());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aHeaderColumnTheTableLacksIsRefused() throws Exception {
        SuiteSchema schema = new SuiteSchema(server.schema());
        try (Connection c = server.dataSource().getConnection()) {
            schema.recreateTable(c, "people", "(id bigint PRIMARY KEY, name text)", false);
            Table table = Table.read(c, schema, "people");
            SampleRows rows = new SampleRows("--rows people.csv", List.of("id", "name", "nmae"),
                    List.of(List.of("1", "a", "b")));
            assertThatThrownBy(() -> RowPlan.build(c, table, Map.of(), Map.of(), rows))
                    .isInstanceOf(DefinitionException.class)
                    .hasMessage("--rows people.csv has a column nmae the table lacks (its columns: id, name); name only "
                            + "the table's columns in the header");
        }
    }

    @Test
    void bytesThatAreNotUtf8AreNamedByLineAndByte(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("rows.csv");
        Files.write(file, new byte[] {'i', 'd', ',', 'n', '\n', '1', ',', 'a', '\n', '2', ',', 'b', (byte) 0xC3, '(', '\n'});
        assertThatThrownBy(() -> UserRows.fromCsv(file)).isInstanceOf(DefinitionException.class)
                .hasMessage("--rows " + file + " line 3, byte 4 of the line (0xC3): not UTF-8; write the file in UTF-8 "
                        + "(COPY ... TO ... WITH (ENCODING 'UTF8'))");
        Files.writeString(file, "id,name\n1,a\n");
        assertThat(UserRows.fromCsv(file).rows()).containsExactly(List.of("1", "a"));
    }
}
