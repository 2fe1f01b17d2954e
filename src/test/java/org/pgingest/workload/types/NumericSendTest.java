package org.pgingest.workload.types;

import org.junit.jupiter.api.Test;
import org.pgingest.server.TestServers;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * numeric's binary form byte for byte against the server's own numeric_send, for values around the bounds of the
 * codec's two ways of making it (in a long up to 15 digits, through the digits' text beyond): every scale from 0
 * to 20, every digit count from 1 to 20, zeros, trailing zero groups, both signs.
 */
class NumericSendTest {

    @Test
    void theBinaryFormIsTheServersNumericSend() throws Exception {
        TypeCodec codec = numericCodec();
        List<BigDecimal> values = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(20_261_124);
        for (int scale = 0; scale <= 20; scale++) {
            values.add(BigDecimal.ZERO.setScale(scale));
            for (int digits = 1; digits <= 20; digits++) {
                StringBuilder unscaled = new StringBuilder().append((char) ('1' + random.nextInt(9)));
                for (int d = 1; d < digits; d++) {
                    unscaled.append((char) ('0' + random.nextInt(10)));
                }
                BigInteger u = new BigInteger(unscaled.toString());
                values.add(new BigDecimal(u, scale));
                values.add(new BigDecimal(u.negate(), scale));
                values.add(new BigDecimal(BigInteger.TEN.pow(digits - 1), scale)); // one digit, then zeros
                values.add(new BigDecimal(BigInteger.TEN.pow(digits).subtract(BigInteger.ONE), scale)); // all nines
            }
        }
        try (Connection c = CodecServers.server(TestServers.majors().get(0)).dataSource().getConnection();
             PreparedStatement send = c.prepareStatement("SELECT numeric_send(?::numeric)")) {
            for (BigDecimal v : values) {
                send.setString(1, v.toPlainString());
                byte[] expected;
                try (ResultSet rs = send.executeQuery()) {
                    rs.next();
                    expected = rs.getBytes(1);
                }
                ByteArraySink sink = new ByteArraySink();
                codec.writeBinary(sink, codec.checked(v));
                byte[] written = sink.toByteArray();
                assertThat(Arrays.copyOfRange(written, 4, written.length)).as(v.toPlainString()).isEqualTo(expected);
                assertThat(written.length - 4).as("%s: its length prefix", v.toPlainString())
                        .isEqualTo(((written[0] & 0xFF) << 24) | ((written[1] & 0xFF) << 16) | ((written[2] & 0xFF) << 8)
                                | (written[3] & 0xFF));
            }
        }
    }

    private static TypeCodec numericCodec() throws Exception {
        try (Connection c = CodecServers.server(TestServers.majors().get(0)).dataSource().getConnection();
             var st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS numeric_send_probe (v numeric)");
            return TypeCodecs.forColumn(c, ColumnTypeFacts.read(c, "numeric_send_probe", 1));
        }
    }
}
