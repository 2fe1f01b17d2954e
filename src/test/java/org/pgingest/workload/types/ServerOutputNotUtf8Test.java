package org.pgingest.workload.types;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.server.TestServers;
import org.pgingest.workload.Column;
import org.pgingest.workload.ServerReading;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A user's text whose server output is not UTF-8: PostgreSQL 14 prints a "char" holding a byte above 127 as that
 * byte, in an array too (15 and later print it as an octal escape), and the driver reads the byte as U+FFFD. A
 * type-by-type pass (2026-12-03) found every text loader storing 0xEF, U+FFFD's first byte, for {a,é}. Carried, the
 * value stores the bytes the server stores of the user's text; else it is refused as the suite's limit.
 */
class ServerOutputNotUtf8Test {
    static List<String> majors() {
        return TestServers.majors();
    }

    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void aCharArrayHoldingAByteAbove127IsCarriedExactlyOrRefusedAsTheSuitesLimit(String major) throws SQLException {
        String text = "{a,\u00e9}";
        try (Connection c = TypeCodecRoundTripTest.connect(major); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS char_array_not_utf8 (v \"char\"[])");
            Column column = Table.read(c, new SuiteSchema(CodecServers.server(major).schema()), "char_array_not_utf8")
                    .columns().get(0);
            ValueRejectedException refused = catchThrowableOfType(ValueRejectedException.class,
                    () -> ServerReading.value(c, column, text));
            if (refused != null) {
                assertThat(refused.sqlState()).as(refused.getMessage()).isEqualTo(ValueRejectedException.SUITE_LIMIT);
                assertThat(refused.getMessage()).contains("not UTF-8", "a limit of the suite");
                assertThat(Integer.parseInt(major)).as("only where the server prints the byte as is").isLessThan(15);
                return;
            }
            String sent = column.codec().text(ServerReading.value(c, column, text));
            assertThat(bytes(c, sent)).as("the bytes stored from the loaders' text " + sent).isEqualTo(bytes(c, text));
        }
    }

    /** The bytes of each "char" the server stores of {@code text}, as signed integers. */
    private static String bytes(Connection c, String text) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT array_agg(x::int)::text FROM unnest(?::\"char\"[]) x")) {
            ps.setString(1, text);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
