package org.pgingest.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every loader, every shape it supports: what the table holds equals what was sent, value for value. */
class RoundTripTest {

    static Stream<Arguments> methodsAndShapes() {
        List<Arguments> result = new ArrayList<>();
        for (LoadMethod method : LoadMethod.values()) {
            for (String shape : LoaderTestServer.shapesFor(method)) {
                result.add(Arguments.of(method, shape));
            }
        }
        return result.stream();
    }

    @ParameterizedTest(name = "{0} into {1}")
    @MethodSource("methodsAndShapes")
    void hostileRowsRoundTripExactly(LoadMethod method, String shape) throws Exception {
        Table table = LoaderTestServer.newTable(shape);
        List<Object[]> rows = LoaderTestServer.rows(table, 42, 0.3).next(shape.equals("articles") ? 300 : 1000);
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            long loaded = loader.load(c, table, rows);
            assertThat(loaded).isEqualTo(rows.size());
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, rows));
        }
    }

    @ParameterizedTest(name = "{0} into {1}")
    @MethodSource("methodsAndShapes")
    void emptyInputLoadsNothingAndOneRowLoadsOne(LoadMethod method, String shape) throws Exception {
        Table table = LoaderTestServer.newTable(shape);
        Loader loader = method.create();
        RowGenerator generator = LoaderTestServer.rows(table, 7, 1.0);
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThat(loader.load(c, table, List.of())).isZero();
            assertThat(table.count(c)).isZero();
            List<Object[]> one = generator.next(1);
            assertThat(loader.load(c, table, one)).isEqualTo(1);
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, one));
        }
    }

    @ParameterizedTest(name = "{0} streamed into {1}")
    @MethodSource("methodsAndShapes")
    void rowsFromAnIteratorLoadLikeRowsFromAList(LoadMethod method, String shape) throws Exception {
        Table table = LoaderTestServer.newTable(shape);
        Loader loader = method.create();
        List<Object[]> expected = LoaderTestServer.rows(table, 99, 0.2).next(250);
        Iterable<Object[]> streamed = LoaderTestServer.rows(table, 99, 0.2).stream(250);
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThat(loader.load(c, table, streamed)).isEqualTo(250);
            assertThat(ServerRows.stored(c, table)).containsExactlyElementsOf(ServerRows.expected(c, table, expected));
        }
    }
}
