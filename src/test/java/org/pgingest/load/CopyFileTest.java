package org.pgingest.load;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.PublishedShapes;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ceiling's file: rows written by the suite's encoder and read by the server itself load exactly the rows
 * sent, hostile values included, in every format and shape; and exactly the same rows as the client's COPY.
 */
class CopyFileTest {
    @TempDir
    Path directory;

    static Stream<Arguments> formatsAndShapes() {
        List<Arguments> result = new ArrayList<>();
        for (CopyFormat format : CopyFormat.values()) {
            for (String shape : PublishedShapes.names()) {
                result.add(Arguments.of(format, shape));
            }
        }
        return result.stream();
    }

    @ParameterizedTest(name = "{0} into {1}")
    @MethodSource("formatsAndShapes")
    void theServerLoadsExactlyTheRowsWritten(CopyFormat format, String shape) throws Exception {
        Table fromFile = LoaderTestServer.newTable(shape);
        Table streamed = LoaderTestServer.newTable(shape);
        List<Object[]> rows = LoaderTestServer.rows(fromFile, 42, 0.3).next(shape.equals("articles") ? 300 : 1000);
        CopyFile file = new CopyFile(format, directory.resolve("rows"));
        Loader client = new CopyLoader(format);
        try (Connection c = LoaderTestServer.connect(client)) {
            assertThat(file.write(fromFile, rows)).isEqualTo(rows.size());
            assertThat(file.load(c, fromFile)).isEqualTo(rows.size());
            assertThat(ServerRows.stored(c, fromFile)).containsExactlyElementsOf(ServerRows.expected(c, fromFile, rows));
            client.load(c, streamed, rows);
            assertThat(ServerRows.stored(c, fromFile))
                    .containsExactlyElementsOf(ServerRows.stored(c, streamed));
        }
    }
}
