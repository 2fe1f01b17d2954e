package org.pgingest.workload.types;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.server.TestServers;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The codecs the catalog gives for the published shapes' seven types take the same values as the interim codecs
 * converted from ColumnType and encode them alike: the same checked value, text form and binary COPY bytes for
 * each interim hostile and generated value. Delete with InterimCodecs.
 */
class InterimReplacementTest {
    static Stream<Arguments> cases() {
        return Stream.of(Arguments.of("integer", InterimCodecs.INT4), Arguments.of("bigint", InterimCodecs.INT8),
                Arguments.of("text", InterimCodecs.TEXT), Arguments.of("varchar(64)", InterimCodecs.varchar(64)),
                Arguments.of("timestamptz", InterimCodecs.TIMESTAMPTZ),
                Arguments.of("double precision", InterimCodecs.FLOAT8), Arguments.of("real[]", InterimCodecs.REAL_ARRAY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theCatalogsCodecEncodesTheInterimCodecsValuesAlike(String type, TypeCodec interim) throws SQLException {
        String major = TestServers.majors().get(0);
        try (Connection c = TypeCodecRoundTripTest.connect(major)) {
            TypeCodec codec = TypeCodecRoundTripTest.Scratch.create(c, type).codec();
            List<Object> values = new ArrayList<>(interim.hostileValues());
            SplittableRandom random = new SplittableRandom(7);
            for (int i = 0; i < 50; i++) {
                values.add(interim.generate(random));
            }
            for (int n = 0; n < 5; n++) {
                interim.distinct(n).ifPresent(values::add);
            }
            for (Object raw : values) {
                Object v = interim.checked(raw);
                Object mine = codec.checked(raw);
                assertThat(codec.text(mine)).as("%s text of %s", type, interim.text(v)).isEqualTo(interim.text(v));
                ByteArraySink expected = new ByteArraySink();
                interim.writeBinary(expected, v);
                ByteArraySink actual = new ByteArraySink();
                codec.writeBinary(actual, mine);
                assertThat(actual.toByteArray()).as("%s binary of %s", type, interim.text(v)).isEqualTo(expected.toByteArray());
            }
        }
    }
}
